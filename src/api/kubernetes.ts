import type { QueryClient } from '@tanstack/react-query';
import {
  kubernetesAuthenticationEndpoints,
  kubernetesEndpoints,
  kubernetesNodeGroupEndpoints,
} from '../../contract/kubernetes';
import type {
  Cluster,
  ClusterCreate,
  ClusterUpgrade,
  NodeGroupCreate,
  NodeGroupModify,
} from '../../contract/kubernetes';
import type { Issuer } from '../../contract/kubernetes-oidc';
import { callEndpoint, endpointCall } from './http';
import { listNetworks } from './networks';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';

const clusters = kubernetesEndpoints;
const nodeGroups = kubernetesNodeGroupEndpoints;
const issuers = kubernetesAuthenticationEndpoints;

/** The API path of a cluster: the app bar search asks it whether the cluster still exists. */
export const clusterListCall = endpointCall(clusters.list, {});
export const listClusters = (signal?: AbortSignal) => callEndpoint(clusters.list, {}, { signal });
export const getCluster = (uuid: string, signal?: AbortSignal) =>
  callEndpoint(clusters.get, { params: { uuid } }, { signal });
export const createClusterCall = (body: ClusterCreate) => endpointCall(clusters.create, { body });
export const createCluster = (body: ClusterCreate) => callEndpoint(clusters.create, { body });
export const deleteClusterCall = (uuid: string) =>
  endpointCall(clusters.delete, { params: { uuid } });
export const deleteCluster = (uuid: string) => callEndpoint(clusters.delete, { params: { uuid } });
export const listClusterPlans = (signal?: AbortSignal) =>
  callEndpoint(clusters.plans, {}, { signal });
export const listClusterVersions = (signal?: AbortSignal) =>
  callEndpoint(clusters.versions, {}, { signal });
export const getAvailableUpgrades = async (uuid: string, signal?: AbortSignal) =>
  (await callEndpoint(clusters.availableUpgrades, { params: { uuid } }, { signal })).versions;
export const upgradeCluster = (uuid: string, body: ClusterUpgrade) =>
  callEndpoint(clusters.upgrade, { params: { uuid }, body });
export const getKubeconfig = async (uuid: string) =>
  (await callEndpoint(clusters.kubeconfig, { params: { uuid } })).kubeconfig;

export const getNodeGroup = (uuid: string, group: string, signal?: AbortSignal) =>
  callEndpoint(nodeGroups.get, { params: { uuid, name: group } }, { signal });
export const createNodeGroup = (uuid: string, body: NodeGroupCreate) =>
  callEndpoint(nodeGroups.create, { params: { uuid }, body });
export const modifyNodeGroup = (uuid: string, group: string, body: NodeGroupModify) =>
  callEndpoint(nodeGroups.modify, { params: { uuid, name: group }, body });
export const deleteNodeGroupCall = (uuid: string, group: string) =>
  endpointCall(nodeGroups.delete, { params: { uuid, name: group } });
export const deleteNodeGroup = (uuid: string, group: string) =>
  callEndpoint(nodeGroups.delete, { params: { uuid, name: group } });
export const deleteNodeCall = (uuid: string, group: string, node: string) =>
  endpointCall(nodeGroups.deleteNode, { params: { uuid, name: group, node } });
export const deleteNode = (uuid: string, group: string, node: string) =>
  callEndpoint(nodeGroups.deleteNode, { params: { uuid, name: group, node } });

export const listIssuers = (uuid: string, signal?: AbortSignal) =>
  callEndpoint(issuers.list, { params: { uuid } }, { signal });
export const createIssuer = (uuid: string, body: Issuer) =>
  callEndpoint(issuers.create, { params: { uuid }, body });
export const updateIssuer = (uuid: string, name: string, body: Issuer) =>
  callEndpoint(issuers.update, { params: { uuid, name }, body });
export const deleteIssuerCall = (uuid: string, name: string) =>
  endpointCall(issuers.delete, { params: { uuid, name } });
export const deleteIssuer = (uuid: string, name: string) =>
  callEndpoint(issuers.delete, { params: { uuid, name } });
/** The import takes the YAML document; sent as a JSON string, which the API also accepts. */
export const importIssuers = (uuid: string, document: string) =>
  callEndpoint(issuers.import, { params: { uuid }, body: document });
export const getIssuerKubeconfig = async (uuid: string, name: string, audience: string) =>
  (await callEndpoint(issuers.kubeconfig, { params: { uuid, name }, query: { audience } }))
    .kubeconfig;

/** The account's private networks of a zone with their IPv4 blocks: where a cluster may run. */
export async function listClusterNetworks(zone: string, signal?: AbortSignal) {
  const networks = await listNetworks({ zone }, signal);
  return networks
    .filter((network) => network.type === 'private' && network.zone === zone)
    .map((network) => ({
      uuid: network.uuid,
      name: network.name,
      cidrs: network.ip_networks.ip_network
        .filter((block) => block.family === 'IPv4')
        .map((block) => block.address),
    }));
}

/** States in which the cluster or a group changes by itself (api-reference-notes §9.4). */
const settledClusterStates = new Set([
  'running',
  'failed',
  'unknown',
  'suspended',
  'upgrade-failed',
]);
export function isClusterBusy(cluster: Pick<Cluster, 'state' | 'node_groups'>): boolean {
  return (
    !settledClusterStates.has(cluster.state) ||
    cluster.node_groups.some((group) => group.state !== 'running' && group.state !== 'failed')
  );
}

const pollMs = 2000;
const catalogStaleMs = 10 * 60_000;

export const kubernetesQueries = {
  all: () => ['kubernetes'] as const,
  lists: () => [...kubernetesQueries.all(), 'list'] as const,
  list: () =>
    fetchQuery(kubernetesQueries.lists(), listClusters, {
      refetchInterval: (query) => (query.state.data?.some(isClusterBusy) ? pollMs : false),
    }),
  detail: (uuid: string) =>
    fetchQuery([...kubernetesQueries.all(), 'detail', uuid], (signal) => getCluster(uuid, signal), {
      refetchInterval: (query) =>
        query.state.data && isClusterBusy(query.state.data) ? pollMs : false,
    }),
  nodeGroup: (uuid: string, group: string) =>
    fetchQuery(
      [...kubernetesQueries.all(), 'detail', uuid, 'node-group', group],
      (signal) => getNodeGroup(uuid, group, signal),
      {
        refetchInterval: (query) =>
          query.state.data?.nodes.some((node) => node.state !== 'running') ||
          (query.state.data && query.state.data.state !== 'running')
            ? pollMs
            : false,
      },
    ),
  upgrades: (uuid: string) =>
    fetchQuery([...kubernetesQueries.all(), 'detail', uuid, 'upgrades'], (signal) =>
      getAvailableUpgrades(uuid, signal),
    ),
  kubeconfig: (uuid: string) =>
    fetchQuery(
      [...kubernetesQueries.all(), 'detail', uuid, 'kubeconfig'],
      () => getKubeconfig(uuid),
      {
        staleTime: Infinity,
      },
    ),
  issuerKubeconfig: (uuid: string, name: string, audience: string) =>
    fetchQuery(
      [...kubernetesQueries.all(), 'detail', uuid, 'kubeconfig', name, audience],
      () => getIssuerKubeconfig(uuid, name, audience),
      {
        staleTime: Infinity,
      },
    ),
  issuers: (uuid: string) =>
    fetchQuery([...kubernetesQueries.all(), 'detail', uuid, 'authentication'], (signal) =>
      listIssuers(uuid, signal),
    ),
  networks: (zone: string) =>
    fetchQuery([...kubernetesQueries.all(), 'networks', zone], (signal) =>
      listClusterNetworks(zone, signal),
    ),
  plans: () =>
    fetchQuery([...kubernetesQueries.all(), 'plans'], listClusterPlans, {
      staleTime: catalogStaleMs,
    }),
  versions: () =>
    fetchQuery([...kubernetesQueries.all(), 'versions'], listClusterVersions, {
      staleTime: catalogStaleMs,
    }),
};

/** After a change to a cluster: its record (groups, nodes, entries) and the list may differ. */
async function refreshCluster(queryClient: QueryClient, uuid: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...kubernetesQueries.all(), 'detail', uuid] }),
    queryClient.invalidateQueries({ queryKey: kubernetesQueries.lists() }),
  ]);
}

export const useCreateCluster = () =>
  useCacheMutation(createCluster, async (queryClient, created) => {
    queryClient.setQueryData(kubernetesQueries.detail(created.uuid).queryKey, created);
    await queryClient.invalidateQueries({ queryKey: kubernetesQueries.lists() });
  });

export const useDeleteCluster = (uuid: string) =>
  useClusterMutation(uuid, () => deleteCluster(uuid));

export const useUpgradeCluster = (uuid: string) =>
  useClusterMutation(uuid, (body: ClusterUpgrade) => upgradeCluster(uuid, body));

export const useCreateNodeGroup = (uuid: string) =>
  useClusterMutation(uuid, (body: NodeGroupCreate) => createNodeGroup(uuid, body));

export const useModifyNodeGroup = (uuid: string, group: string) =>
  useClusterMutation(uuid, (body: NodeGroupModify) => modifyNodeGroup(uuid, group, body));

export const useDeleteNodeGroup = (uuid: string) =>
  useClusterMutation(uuid, (group: string) => deleteNodeGroup(uuid, group));

export const useDeleteNode = (uuid: string, group: string) =>
  useClusterMutation(uuid, (node: string) => deleteNode(uuid, group, node));

/** A change of a cluster or its parts: the cluster's queries are refreshed once it is done. */
function useClusterMutation<TVariables, TData>(
  uuid: string,
  run: (variables: TVariables) => Promise<TData>,
) {
  return useCacheMutation(run, (queryClient) => refreshCluster(queryClient, uuid));
}

export const useCreateIssuer = (uuid: string) =>
  useClusterMutation(uuid, (body: Issuer) => createIssuer(uuid, body));
export const useUpdateIssuer = (uuid: string) =>
  useClusterMutation(uuid, ({ name, body }: { name: string; body: Issuer }) =>
    updateIssuer(uuid, name, body),
  );
export const useDeleteIssuer = (uuid: string) =>
  useClusterMutation(uuid, (name: string) => deleteIssuer(uuid, name));
export const useImportIssuers = (uuid: string) =>
  useClusterMutation(uuid, (document: string) => importIssuers(uuid, document));
