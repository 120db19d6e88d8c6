import type { ClusterState, NodeGroupState, NodeState } from '../../../contract/kubernetes';
import type { Db } from './database';

export interface ClusterRow {
  uuid: string;
  account_id: number;
  name: string;
  zone: string;
  network: string;
  network_cidr: string;
  version: string;
  plan: string;
  state: ClusterState;
  private_node_groups: number;
  storage_encryption: 'data-at-rest' | 'none' | null;
  /** JSON array, or null when the cluster has no filter. */
  control_plane_ip_filter: string | null;
  /** JSON arrays. */
  labels: string;
  authentication: string;
  /** The version an upgrade in progress moves to. */
  upgrade_version: string | null;
  ca_certificate: string;
  client_certificate: string;
  client_key: string;
  created_at: string;
}

export interface NodeGroupRow {
  cluster_uuid: string;
  name: string;
  position: number;
  state: NodeGroupState;
  /** JSON of the group's settings: count, plan, labels, taints… (api-reference-notes §9.2). */
  settings: string;
}

export interface NodeRow {
  uuid: string;
  cluster_uuid: string;
  node_group: string;
  name: string;
  state: NodeState;
  kubelet_version: string;
  position: number;
  /** When the node was created (ISO); null for nodes created before the column existed. */
  created_at: string | null;
}

export function createKubernetesRepository(db: Db) {
  const clusterByUuid = db.prepare<[string], ClusterRow>(
    'SELECT * FROM kubernetes_clusters WHERE uuid = ?',
  );
  const clustersOf = db.prepare<[number], ClusterRow>(
    'SELECT * FROM kubernetes_clusters WHERE account_id = ? ORDER BY created_at, name',
  );
  const clusterNamed = db.prepare<[number, string], ClusterRow>(
    'SELECT * FROM kubernetes_clusters WHERE account_id = ? AND name = ?',
  );
  const insertCluster = db.prepare<ClusterRow>(`
    INSERT INTO kubernetes_clusters (uuid, account_id, name, zone, network, network_cidr, version,
      plan, state, private_node_groups, storage_encryption, control_plane_ip_filter, labels,
      authentication, upgrade_version, ca_certificate, client_certificate, client_key, created_at)
    VALUES (@uuid, @account_id, @name, @zone, @network, @network_cidr, @version, @plan, @state,
      @private_node_groups, @storage_encryption, @control_plane_ip_filter, @labels,
      @authentication, @upgrade_version, @ca_certificate, @client_certificate, @client_key,
      @created_at)`);
  const updateCluster = db.prepare<ClusterRow>(`
    UPDATE kubernetes_clusters SET version = @version, plan = @plan, state = @state,
      control_plane_ip_filter = @control_plane_ip_filter, labels = @labels,
      authentication = @authentication, upgrade_version = @upgrade_version
    WHERE uuid = @uuid`);
  const removeCluster = db.prepare<[string]>('DELETE FROM kubernetes_clusters WHERE uuid = ?');

  const groupsOf = db.prepare<[string], NodeGroupRow>(
    'SELECT * FROM kubernetes_node_groups WHERE cluster_uuid = ? ORDER BY position',
  );
  const groupNamed = db.prepare<[string, string], NodeGroupRow>(
    'SELECT * FROM kubernetes_node_groups WHERE cluster_uuid = ? AND name = ?',
  );
  const nextGroupPosition = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(position), -1) + 1 AS next FROM kubernetes_node_groups WHERE cluster_uuid = ?',
  );
  const insertGroup = db.prepare<NodeGroupRow>(`
    INSERT INTO kubernetes_node_groups (cluster_uuid, name, position, state, settings)
    VALUES (@cluster_uuid, @name, @position, @state, @settings)`);
  const updateGroup = db.prepare<NodeGroupRow>(`
    UPDATE kubernetes_node_groups SET state = @state, settings = @settings
    WHERE cluster_uuid = @cluster_uuid AND name = @name`);
  const removeGroup = db.prepare<[string, string]>(
    'DELETE FROM kubernetes_node_groups WHERE cluster_uuid = ? AND name = ?',
  );

  const nodesOf = db.prepare<[string, string], NodeRow>(
    'SELECT * FROM kubernetes_nodes WHERE cluster_uuid = ? AND node_group = ? ORDER BY position',
  );
  const nextNodePosition = db.prepare<[string, string], { next: number }>(
    'SELECT COALESCE(MAX(position), -1) + 1 AS next FROM kubernetes_nodes WHERE cluster_uuid = ? AND node_group = ?',
  );
  const insertNode = db.prepare<NodeRow>(`
    INSERT INTO kubernetes_nodes (uuid, cluster_uuid, node_group, name, state, kubelet_version,
      position, created_at)
    VALUES (@uuid, @cluster_uuid, @node_group, @name, @state, @kubelet_version, @position,
      @created_at)`);
  const updateNode = db.prepare<NodeRow>(
    'UPDATE kubernetes_nodes SET state = @state, kubelet_version = @kubelet_version WHERE uuid = @uuid',
  );
  const removeNode = db.prepare<[string]>('DELETE FROM kubernetes_nodes WHERE uuid = ?');
  const clustersOnNetwork = db.prepare<[string], ClusterRow>(
    'SELECT * FROM kubernetes_clusters WHERE network = ? ORDER BY name',
  );

  return {
    findCluster: (uuid: string) => clusterByUuid.get(uuid),
    clustersOf: (accountId: number) => clustersOf.all(accountId),
    clustersOnNetwork: (network: string) => clustersOnNetwork.all(network),
    clusterNamed: (accountId: number, name: string) => clusterNamed.get(accountId, name),
    insertCluster: (row: ClusterRow) => void insertCluster.run(row),
    updateCluster: (row: ClusterRow) => void updateCluster.run(row),
    deleteCluster: (uuid: string) => void removeCluster.run(uuid),
    groupsOf: (cluster: string) => groupsOf.all(cluster),
    findGroup: (cluster: string, name: string) => groupNamed.get(cluster, name),
    nextGroupPosition: (cluster: string) => nextGroupPosition.get(cluster)!.next,
    insertGroup: (row: NodeGroupRow) => void insertGroup.run(row),
    updateGroup: (row: NodeGroupRow) => void updateGroup.run(row),
    deleteGroup: (cluster: string, name: string) => void removeGroup.run(cluster, name),
    nodesOf: (cluster: string, group: string) => nodesOf.all(cluster, group),
    nextNodePosition: (cluster: string, group: string) =>
      nextNodePosition.get(cluster, group)!.next,
    insertNode: (row: NodeRow) => void insertNode.run(row),
    updateNode: (row: NodeRow) => void updateNode.run(row),
    deleteNode: (uuid: string) => void removeNode.run(uuid),
  };
}
export type KubernetesRepository = ReturnType<typeof createKubernetesRepository>;
