import crypto from 'node:crypto';
import type { Label } from '../../../contract/common';
import { uuidPrefixes } from '../../../contract/common';
import type {
  Cluster,
  KubernetesNode,
  NodeGroup,
  NodeGroupCreate,
  NodeGroupDetails,
  NodeGroupState,
} from '../../../contract/kubernetes';
import { defaultNodeTemplate } from '../../../contract/kubernetes';
import type { Issuer } from '../../../contract/kubernetes-oidc';
import { newUuid } from '../credentials';
import type { Clock } from '../clock';
import type { JobRunner } from '../jobs';
import type { ClusterRow, KubernetesRepository, NodeGroupRow, NodeRow } from '../store/kubernetes';
import { kubeletVersionOf, kubernetesDurations, kubernetesJobs } from './catalog';

/** What a node group row keeps besides its name, position and state. */
export type NodeGroupSettings = Omit<NodeGroup, 'name' | 'state'>;

export const settingsOf = (row: NodeGroupRow) => JSON.parse(row.settings) as NodeGroupSettings;
export const issuersOf = (row: ClusterRow) => JSON.parse(row.authentication) as Issuer[];

/** A create body's node group with every default filled in (api-reference-notes §9.2). */
export function nodeGroupSettings(
  group: NodeGroupCreate,
  clusterEncryption: ClusterRow['storage_encryption'],
): NodeGroupSettings {
  return {
    count: group.count,
    plan: group.plan,
    ...(group.custom_plan ? { custom_plan: group.custom_plan } : {}),
    storage: group.storage ?? defaultNodeTemplate,
    storage_encryption: group.storage_encryption ?? clusterEncryption ?? 'none',
    labels: group.labels ?? [],
    taints: group.taints ?? [],
    kubelet_args: group.kubelet_args ?? [],
    ssh_keys: group.ssh_keys ?? [],
    anti_affinity: group.anti_affinity ?? false,
    utility_network_access: group.utility_network_access ?? true,
    ...(group.node_updates ? { node_updates: group.node_updates } : {}),
  };
}

const nodeSuffix = () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 5 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
};

/**
 * Clusters, node groups and nodes as the API shows them, and the changes that put nodes on the
 * simulated clock. Routes call these inside their transaction; the job handlers finish them.
 */
export function createKubernetesModel({
  kubernetes,
  jobs,
  clock,
}: {
  kubernetes: KubernetesRepository;
  jobs: JobRunner;
  clock: Clock;
}) {
  function nodeGroupRecord(row: NodeGroupRow): NodeGroup {
    return { name: row.name, ...settingsOf(row), state: row.state };
  }

  function nodeRecord(row: NodeRow): KubernetesNode {
    return {
      uuid: row.uuid,
      name: row.name,
      state: row.state,
      kubelet_version: row.kubelet_version,
    };
  }

  function nodeGroupDetails(row: NodeGroupRow): NodeGroupDetails {
    return {
      ...nodeGroupRecord(row),
      nodes: kubernetes.nodesOf(row.cluster_uuid, row.name).map(nodeRecord),
    };
  }

  function clusterRecord(row: ClusterRow): Cluster {
    const authentication = issuersOf(row);
    return {
      uuid: row.uuid,
      name: row.name,
      zone: row.zone,
      network: row.network,
      network_cidr: row.network_cidr,
      version: row.version,
      plan: row.plan,
      state: row.state,
      node_groups: kubernetes.groupsOf(row.uuid).map(nodeGroupRecord),
      control_plane_ip_filter:
        row.control_plane_ip_filter === null
          ? null
          : (JSON.parse(row.control_plane_ip_filter) as string[]),
      private_node_groups: row.private_node_groups === 1,
      ...(row.storage_encryption ? { storage_encryption: row.storage_encryption } : {}),
      labels: JSON.parse(row.labels) as Label[],
      ...(authentication.length > 0 ? { authentication } : {}),
    };
  }

  function addNodes(cluster: ClusterRow, group: string, count: number) {
    for (let index = 0; index < count; index += 1) {
      kubernetes.insertNode({
        uuid: newUuid(uuidPrefixes.server),
        cluster_uuid: cluster.uuid,
        node_group: group,
        name: `${cluster.name}-${group}-${nodeSuffix()}`,
        state: 'pending',
        kubelet_version: kubeletVersionOf(cluster.version),
        position: kubernetes.nextNodePosition(cluster.uuid, group),
        created_at: clock.now().toISOString(),
      });
    }
  }

  /** Nodes that are or will be part of the group (not on their way out). */
  const liveNodes = (cluster: string, group: string) =>
    kubernetes.nodesOf(cluster, group).filter((node) => node.state !== 'terminating');

  /** Adds a node group; its nodes come up with the cluster, or on their own clock. */
  function addNodeGroup(cluster: ClusterRow, name: string, settings: NodeGroupSettings) {
    const row: NodeGroupRow = {
      cluster_uuid: cluster.uuid,
      name,
      position: kubernetes.nextGroupPosition(cluster.uuid),
      state: 'pending',
      settings: JSON.stringify(settings),
    };
    kubernetes.insertGroup(row);
    addNodes(cluster, name, settings.count);
    if (cluster.state !== 'pending') {
      jobs.schedule(
        kubernetesJobs.nodeGroupReady,
        cluster.uuid,
        kubernetesDurations.nodeGroupCreate,
        {
          group: name,
        },
      );
    }
    return row;
  }

  /** Sets the group's node count: new nodes start pending, surplus nodes terminate. */
  function scaleNodeGroup(cluster: ClusterRow, row: NodeGroupRow, settings: NodeGroupSettings) {
    const live = liveNodes(cluster.uuid, row.name);
    let state: NodeGroupState = row.state;
    if (settings.count > live.length) {
      addNodes(cluster, row.name, settings.count - live.length);
      state = 'scaling-up';
    } else if (settings.count < live.length) {
      for (const node of live.slice(settings.count)) {
        kubernetes.updateNode({ ...node, state: 'terminating' });
      }
      state = 'scaling-down';
    }
    const updated: NodeGroupRow = { ...row, state, settings: JSON.stringify(settings) };
    kubernetes.updateGroup(updated);
    if (state !== row.state) {
      jobs.schedule(
        kubernetesJobs.nodeGroupReady,
        cluster.uuid,
        kubernetesDurations.nodeGroupScale,
        {
          group: row.name,
        },
      );
    }
    return updated;
  }

  /**
   * A new count for a group still coming up: its nodes are all pending, so the change joins them
   * and the group comes up at the new size when its creation finishes. The real service accepts
   * this PATCH at once (UpCloud's Go SDK, fixture modify_kubernetes_node_groups).
   */
  function resizePendingGroup(cluster: ClusterRow, row: NodeGroupRow, settings: NodeGroupSettings) {
    const live = liveNodes(cluster.uuid, row.name);
    if (settings.count > live.length) addNodes(cluster, row.name, settings.count - live.length);
    for (const node of live.slice(settings.count)) kubernetes.deleteNode(node.uuid);
    const updated: NodeGroupRow = { ...row, settings: JSON.stringify(settings) };
    kubernetes.updateGroup(updated);
    return updated;
  }

  function terminateNodeGroup(cluster: ClusterRow, row: NodeGroupRow) {
    kubernetes.updateGroup({ ...row, state: 'terminating' });
    for (const node of kubernetes.nodesOf(cluster.uuid, row.name)) {
      kubernetes.updateNode({ ...node, state: 'terminating' });
    }
    jobs.schedule(
      kubernetesJobs.nodeGroupDeleted,
      cluster.uuid,
      kubernetesDurations.nodeGroupDelete,
      {
        group: row.name,
      },
    );
  }

  /** Deleting a node (experimental): it terminates and a replacement takes its place. */
  function replaceNode(cluster: ClusterRow, node: NodeRow) {
    kubernetes.updateNode({ ...node, state: 'terminating' });
    addNodes(cluster, node.node_group, 1);
    jobs.schedule(kubernetesJobs.nodeReplaced, cluster.uuid, kubernetesDurations.nodeReplace, {
      group: node.node_group,
      node: node.uuid,
    });
  }

  function terminateCluster(cluster: ClusterRow) {
    jobs.cancel(cluster.uuid);
    kubernetes.updateCluster({ ...cluster, state: 'terminating' });
    for (const group of kubernetes.groupsOf(cluster.uuid)) {
      kubernetes.updateGroup({ ...group, state: 'terminating' });
      for (const node of kubernetes.nodesOf(cluster.uuid, group.name)) {
        kubernetes.updateNode({ ...node, state: 'terminating' });
      }
    }
    jobs.schedule(kubernetesJobs.clusterDeleted, cluster.uuid, kubernetesDurations.clusterDelete);
  }

  function startUpgrade(cluster: ClusterRow, version: string) {
    kubernetes.updateCluster({ ...cluster, state: 'upgrading', upgrade_version: version });
    jobs.schedule(kubernetesJobs.clusterUpgraded, cluster.uuid, kubernetesDurations.clusterUpgrade);
  }

  /** Brings a group's pending nodes up and lets its terminating ones go. */
  function settleGroup(cluster: string, group: NodeGroupRow) {
    for (const node of kubernetes.nodesOf(cluster, group.name)) {
      if (node.state === 'terminating') kubernetes.deleteNode(node.uuid);
      else if (node.state === 'pending') kubernetes.updateNode({ ...node, state: 'running' });
    }
    kubernetes.updateGroup({ ...group, state: 'running' });
  }

  function registerTransitions() {
    jobs.register(kubernetesJobs.clusterReady, (job) => {
      const cluster = kubernetes.findCluster(job.resource_id);
      if (!cluster || cluster.state !== 'pending') return;
      kubernetes.updateCluster({ ...cluster, state: 'running' });
      for (const group of kubernetes.groupsOf(cluster.uuid)) {
        if (group.state !== 'terminating') settleGroup(cluster.uuid, group);
      }
    });

    jobs.register(kubernetesJobs.nodeGroupReady, (job, payload) => {
      const group = kubernetes.findGroup(job.resource_id, String(payload.group));
      if (group && group.state !== 'terminating') settleGroup(job.resource_id, group);
    });

    jobs.register(kubernetesJobs.nodeGroupDeleted, (job, payload) => {
      kubernetes.deleteGroup(job.resource_id, String(payload.group));
    });

    jobs.register(kubernetesJobs.nodeReplaced, (job, payload) => {
      kubernetes.deleteNode(String(payload.node));
      const cluster = kubernetes.findCluster(job.resource_id);
      const group = kubernetes.findGroup(job.resource_id, String(payload.group));
      if (cluster?.state === 'pending' || !group || group.state !== 'running') return;
      for (const node of kubernetes.nodesOf(job.resource_id, group.name)) {
        if (node.state === 'pending') kubernetes.updateNode({ ...node, state: 'running' });
      }
    });

    jobs.register(kubernetesJobs.clusterUpgraded, (job) => {
      const cluster = kubernetes.findCluster(job.resource_id);
      if (!cluster || cluster.state !== 'upgrading' || !cluster.upgrade_version) return;
      const version = cluster.upgrade_version;
      kubernetes.updateCluster({ ...cluster, version, upgrade_version: null, state: 'running' });
      for (const group of kubernetes.groupsOf(cluster.uuid)) {
        for (const node of kubernetes.nodesOf(cluster.uuid, group.name)) {
          kubernetes.updateNode({ ...node, kubelet_version: kubeletVersionOf(version) });
        }
      }
    });

    jobs.register(kubernetesJobs.clusterDeleted, (job) => {
      kubernetes.deleteCluster(job.resource_id);
    });
  }

  return {
    clusterRecord,
    nodeGroupRecord,
    nodeGroupDetails,
    addNodeGroup,
    scaleNodeGroup,
    resizePendingGroup,
    terminateNodeGroup,
    replaceNode,
    terminateCluster,
    startUpgrade,
    registerTransitions,
  };
}
