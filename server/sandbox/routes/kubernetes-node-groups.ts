import type { FastifyInstance, FastifyRequest } from 'fastify';
import { kubernetesNodeGroupEndpoints, maxNodeGroups } from '../../../contract/kubernetes';
import type { SandboxContext } from '../context';
import { notFound } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
import { checkNodeGroup, checkNodeTotal } from '../kubernetes/checks';
import { kubernetesRouter, ownCluster, unprocessable } from '../kubernetes/http';
import type { NodeGroupSettings } from '../kubernetes/model';
import { nodeGroupSettings, settingsOf } from '../kubernetes/model';
import type { ClusterRow, NodeGroupRow } from '../store/kubernetes';

/** Node groups and their nodes (api-rules §4.3; api-reference-notes §9.2). */
export function kubernetesNodeGroupRoutes(scope: FastifyInstance, context: SandboxContext) {
  const { audit, kubernetes, kubernetesModel: model, storages } = context;
  const endpoints = kubernetesNodeGroupEndpoints;
  const route = kubernetesRouter(scope);
  const audited = auditedResource(audit, {
    resourceType: 'kubernetes_node_group',
    id: (row: NodeGroupRow) => `${row.cluster_uuid}/${row.name}`,
    record: (row: NodeGroupRow) => model.nodeGroupRecord(row),
    updateAction: 'modify',
  });

  function ownGroup(request: FastifyRequest, uuid: string, name: string) {
    const cluster = ownCluster(kubernetes, request, uuid);
    const group = kubernetes.findGroup(cluster.uuid, name);
    if (!group) throw notFound('node group', name);
    return { cluster, group };
  }

  const totalNodes = (cluster: ClusterRow) =>
    kubernetes.groupsOf(cluster.uuid).reduce((sum, group) => sum + settingsOf(group).count, 0);

  route(
    endpoints.list,
    async ({ request, params }) => {
      const cluster = ownCluster(kubernetes, request, params.uuid);
      return kubernetes.groupsOf(cluster.uuid).map(model.nodeGroupRecord);
    },
    { xmlRoot: 'node_groups' },
  );

  route(
    endpoints.create,
    async ({ request, params, body }) => {
      const cluster = ownCluster(kubernetes, request, params.uuid);
      if (cluster.state !== 'running') {
        throw unprocessable(
          'CLUSTER_STATE_ILLEGAL',
          `The cluster is ${cluster.state}; node groups can be added while it is running.`,
        );
      }
      const groups = kubernetes.groupsOf(cluster.uuid);
      if (groups.some((group) => group.name === body.name)) {
        throw unprocessable(
          'RESOURCE_ALREADY_EXISTS',
          `The cluster already has a node group named ${body.name}.`,
          [{ name: 'name', reason: 'A node group with this name exists.' }],
        );
      }
      if (groups.length >= maxNodeGroups) {
        throw unprocessable(
          'NODE_GROUP_LIMIT_REACHED',
          `A cluster has at most ${maxNodeGroups} node groups.`,
        );
      }
      checkNodeGroup(body, 'the node group', {
        zone: cluster.zone,
        ownerId: principalOf(request).owner.id,
        storages,
      });
      checkNodeTotal(totalNodes(cluster) + body.count, cluster.plan);
      const settings = nodeGroupSettings(body, cluster.storage_encryption);
      const { current } = audit.change(auditContext(request), {
        action: 'create',
        resourceType: 'kubernetes_node_group',
        resourceId: `${cluster.uuid}/${body.name}`,
        write: () => void model.addNodeGroup(cluster, body.name, settings),
        after: () => model.nodeGroupRecord(kubernetes.findGroup(cluster.uuid, body.name)!),
      });
      return current;
    },
    { xmlRoot: 'node_group' },
  );

  route(
    endpoints.get,
    async ({ request, params }) =>
      model.nodeGroupDetails(ownGroup(request, params.uuid, params.name).group),
    { xmlRoot: 'node_group' },
  );

  route(
    endpoints.modify,
    async ({ request, params, body }) => {
      const { cluster, group } = ownGroup(request, params.uuid, params.name);
      const settings = settingsOf(group);
      const next: NodeGroupSettings = {
        ...settings,
        ...(body.count !== undefined ? { count: body.count } : {}),
        ...(body.labels !== undefined ? { labels: body.labels } : {}),
        ...(body.taints !== undefined ? { taints: body.taints } : {}),
        ...(body.kubelet_args !== undefined ? { kubelet_args: body.kubelet_args } : {}),
        ...(body.node_updates !== undefined ? { node_updates: body.node_updates } : {}),
      };
      const scaled = next.count !== settings.count;
      const queued = scaled && group.state === 'pending' && cluster.state !== 'terminating';
      if (scaled) {
        if (!queued && (group.state !== 'running' || cluster.state === 'terminating')) {
          throw unprocessable(
            'NODE_GROUP_STATE_ILLEGAL',
            `The node group is ${group.state === 'running' ? cluster.state : group.state}; it can be scaled once it is running.`,
          );
        }
        checkNodeTotal(totalNodes(cluster) - settings.count + next.count, cluster.plan);
      }
      return audited.settle(request, group, () => {
        if (queued) return model.resizePendingGroup(cluster, group, next);
        if (scaled) return model.scaleNodeGroup(cluster, group, next);
        const updated = { ...group, settings: JSON.stringify(next) };
        kubernetes.updateGroup(updated);
        return updated;
      });
    },
    { xmlRoot: 'node_group' },
  );

  route(endpoints.delete, async ({ request, params }) => {
    const { cluster, group } = ownGroup(request, params.uuid, params.name);
    if (group.state !== 'terminating') {
      audited.delete(request, group, () => model.terminateNodeGroup(cluster, group));
    }
    return { message: `deletion started for node group '${group.name}'` };
  });

  route(endpoints.deleteNode, async ({ request, params }) => {
    const { cluster, group } = ownGroup(request, params.uuid, params.name);
    const node = kubernetes
      .nodesOf(cluster.uuid, group.name)
      .find((item) => item.name === params.node);
    if (!node) throw notFound('node', params.node);
    if (node.state !== 'terminating') {
      audit.change(auditContext(request), {
        action: 'delete',
        resourceType: 'kubernetes_node',
        resourceId: node.uuid,
        before: () => ({ name: node.name, node_group: group.name, cluster: cluster.uuid }),
        write: () => model.replaceNode(cluster, node),
      });
    }
    return { message: `deletion started for node '${node.name}'` };
  });
}
