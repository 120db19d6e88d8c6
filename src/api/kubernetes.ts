import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  acceptedResponseSchema,
  availableUpgradesSchema,
  clusterListSchema,
  clusterPlanListSchema,
  clusterSchema,
  clusterUpgradeResponseSchema,
  clusterVersionListSchema,
  kubeconfigResponseSchema,
  nodeGroupDetailsSchema,
  nodeGroupSchema,
} from '../../contract/kubernetes';
import type {
  Cluster,
  ClusterCreate,
  ClusterUpgrade,
  NodeGroupCreate,
  NodeGroupModify,
} from '../../contract/kubernetes';
import { issuerListSchema, issuerSchema } from '../../contract/kubernetes-oidc';
import type { Issuer } from '../../contract/kubernetes-oidc';
import { networkListResponseSchema } from '../../contract/network';
import { request } from './http';
import type { ApiRequest } from './http';

const base = '/1.3/kubernetes';
const clusterUrl = (uuid: string, rest = '') => `${base}/${encodeURIComponent(uuid)}${rest}`;
const groupUrl = (uuid: string, group: string, rest = '') =>
  clusterUrl(uuid, `/node-groups/${encodeURIComponent(group)}${rest}`);
const issuerUrl = (uuid: string, name: string, rest = '') =>
  clusterUrl(uuid, `/authentication/${encodeURIComponent(name)}${rest}`);
const accepted = acceptedResponseSchema;

export const clusterListCall: ApiRequest = { method: 'GET', path: base };
export const listClusters = (signal?: AbortSignal) =>
  request(clusterListCall.path, clusterListSchema, { signal });
export const getCluster = (uuid: string, signal?: AbortSignal) =>
  request(clusterUrl(uuid), clusterSchema, { signal });
export const createClusterCall = (body: ClusterCreate): ApiRequest => ({
  method: 'POST',
  path: base,
  body,
});
export const createCluster = (body: ClusterCreate) => {
  const call = createClusterCall(body);
  return request(call.path, clusterSchema, call);
};
export const deleteClusterCall = (uuid: string): ApiRequest => ({
  method: 'DELETE',
  path: clusterUrl(uuid),
});
export const deleteCluster = (uuid: string) => {
  const call = deleteClusterCall(uuid);
  return request(call.path, accepted, call);
};
export const listClusterPlans = (signal?: AbortSignal) =>
  request(`${base}/plans`, clusterPlanListSchema, { signal });
export const listClusterVersions = (signal?: AbortSignal) =>
  request(`${base}/versions`, clusterVersionListSchema, { signal });
export const getAvailableUpgrades = async (uuid: string, signal?: AbortSignal) =>
  (await request(clusterUrl(uuid, '/available-upgrades'), availableUpgradesSchema, { signal }))
    .versions;
export const upgradeCluster = (uuid: string, body: ClusterUpgrade) =>
  request(clusterUrl(uuid, '/available-upgrades'), clusterUpgradeResponseSchema, {
    method: 'POST',
    body,
  });
export const getKubeconfig = async (uuid: string) =>
  (await request(clusterUrl(uuid, '/kubeconfig'), kubeconfigResponseSchema)).kubeconfig;

export const getNodeGroup = (uuid: string, group: string, signal?: AbortSignal) =>
  request(groupUrl(uuid, group), nodeGroupDetailsSchema, { signal });
export const createNodeGroup = (uuid: string, body: NodeGroupCreate) =>
  request(clusterUrl(uuid, '/node-groups'), nodeGroupSchema, { method: 'POST', body });
export const modifyNodeGroup = (uuid: string, group: string, body: NodeGroupModify) =>
  request(groupUrl(uuid, group), nodeGroupSchema, { method: 'PATCH', body });
export const deleteNodeGroupCall = (uuid: string, group: string): ApiRequest => ({
  method: 'DELETE',
  path: groupUrl(uuid, group),
});
export const deleteNodeGroup = (uuid: string, group: string) => {
  const call = deleteNodeGroupCall(uuid, group);
  return request(call.path, accepted, call);
};
export const deleteNodeCall = (uuid: string, group: string, node: string): ApiRequest => ({
  method: 'DELETE',
  path: groupUrl(uuid, group, `/${encodeURIComponent(node)}`),
});
export const deleteNode = (uuid: string, group: string, node: string) => {
  const call = deleteNodeCall(uuid, group, node);
  return request(call.path, accepted, call);
};

export const listIssuers = (uuid: string, signal?: AbortSignal) =>
  request(clusterUrl(uuid, '/authentication'), issuerListSchema, { signal });
export const createIssuer = (uuid: string, body: Issuer) =>
  request(clusterUrl(uuid, '/authentication'), issuerSchema, { method: 'POST', body });
export const updateIssuer = (uuid: string, name: string, body: Issuer) =>
  request(issuerUrl(uuid, name), issuerSchema, { method: 'PUT', body });
export const deleteIssuerCall = (uuid: string, name: string): ApiRequest => ({
  method: 'DELETE',
  path: issuerUrl(uuid, name),
});
export const deleteIssuer = (uuid: string, name: string) => {
  const call = deleteIssuerCall(uuid, name);
  return request(call.path, null, call);
};
/** The import takes the YAML document; sent as a JSON string, which the API also accepts. */
export const importIssuers = (uuid: string, document: string) =>
  request(clusterUrl(uuid, '/authentication/import'), issuerListSchema, {
    method: 'PUT',
    body: document,
  });
export const getIssuerKubeconfig = async (uuid: string, name: string, audience: string) =>
  (
    await request(
      issuerUrl(uuid, name, `/kubeconfig?${new URLSearchParams({ audience })}`),
      kubeconfigResponseSchema,
    )
  ).kubeconfig;

/** The account's private networks of a zone with their IPv4 blocks: where a cluster may run. */
export async function listClusterNetworks(zone: string, signal?: AbortSignal) {
  const response = await request(
    `/1.3/network?${new URLSearchParams({ zone })}`,
    networkListResponseSchema,
    { signal },
  );
  return response.networks.network
    .filter((network) => network.type === 'private' && network.zone === zone)
    .map((network) => ({
      uuid: network.uuid,
      name: network.name,
      cidrs: network.ip_networks.ip_network
        .filter((block) => block.family === 'IPv4')
        .map((block) => block.address),
    }));
}

/** States in which the cluster or a group changes by itself (reference §9.4). */
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
    queryOptions({
      queryKey: kubernetesQueries.lists(),
      queryFn: ({ signal }) => listClusters(signal),
      refetchInterval: (query) => (query.state.data?.some(isClusterBusy) ? pollMs : false),
    }),
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...kubernetesQueries.all(), 'detail', uuid],
      queryFn: ({ signal }) => getCluster(uuid, signal),
      refetchInterval: (query) =>
        query.state.data && isClusterBusy(query.state.data) ? pollMs : false,
    }),
  nodeGroup: (uuid: string, group: string) =>
    queryOptions({
      queryKey: [...kubernetesQueries.all(), 'detail', uuid, 'node-group', group],
      queryFn: ({ signal }) => getNodeGroup(uuid, group, signal),
      refetchInterval: (query) =>
        query.state.data?.nodes.some((node) => node.state !== 'running') ||
        (query.state.data && query.state.data.state !== 'running')
          ? pollMs
          : false,
    }),
  upgrades: (uuid: string) =>
    queryOptions({
      queryKey: [...kubernetesQueries.all(), 'detail', uuid, 'upgrades'],
      queryFn: ({ signal }) => getAvailableUpgrades(uuid, signal),
    }),
  kubeconfig: (uuid: string) =>
    queryOptions({
      queryKey: [...kubernetesQueries.all(), 'detail', uuid, 'kubeconfig'],
      queryFn: () => getKubeconfig(uuid),
      staleTime: Infinity,
    }),
  issuerKubeconfig: (uuid: string, name: string, audience: string) =>
    queryOptions({
      queryKey: [...kubernetesQueries.all(), 'detail', uuid, 'kubeconfig', name, audience],
      queryFn: () => getIssuerKubeconfig(uuid, name, audience),
      staleTime: Infinity,
    }),
  issuers: (uuid: string) =>
    queryOptions({
      queryKey: [...kubernetesQueries.all(), 'detail', uuid, 'authentication'],
      queryFn: ({ signal }) => listIssuers(uuid, signal),
    }),
  networks: (zone: string) =>
    queryOptions({
      queryKey: [...kubernetesQueries.all(), 'networks', zone],
      queryFn: ({ signal }) => listClusterNetworks(zone, signal),
    }),
  plans: () =>
    queryOptions({
      queryKey: [...kubernetesQueries.all(), 'plans'],
      queryFn: ({ signal }) => listClusterPlans(signal),
      staleTime: catalogStaleMs,
    }),
  versions: () =>
    queryOptions({
      queryKey: [...kubernetesQueries.all(), 'versions'],
      queryFn: ({ signal }) => listClusterVersions(signal),
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

export function useCreateCluster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCluster,
    onSuccess: async (created) => {
      queryClient.setQueryData(kubernetesQueries.detail(created.uuid).queryKey, created);
      await queryClient.invalidateQueries({ queryKey: kubernetesQueries.lists() });
    },
  });
}

export function useDeleteCluster(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCluster(uuid),
    onSuccess: () => refreshCluster(queryClient, uuid),
  });
}

export function useUpgradeCluster(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClusterUpgrade) => upgradeCluster(uuid, body),
    onSuccess: () => refreshCluster(queryClient, uuid),
  });
}

export function useCreateNodeGroup(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NodeGroupCreate) => createNodeGroup(uuid, body),
    onSuccess: () => refreshCluster(queryClient, uuid),
  });
}

export function useModifyNodeGroup(uuid: string, group: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NodeGroupModify) => modifyNodeGroup(uuid, group, body),
    onSuccess: () => refreshCluster(queryClient, uuid),
  });
}

export function useDeleteNodeGroup(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (group: string) => deleteNodeGroup(uuid, group),
    onSuccess: () => refreshCluster(queryClient, uuid),
  });
}

export function useDeleteNode(uuid: string, group: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (node: string) => deleteNode(uuid, group, node),
    onSuccess: () => refreshCluster(queryClient, uuid),
  });
}

function useIssuerMutation<TVariables>(
  uuid: string,
  run: (variables: TVariables) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => refreshCluster(queryClient, uuid),
  });
}

export const useCreateIssuer = (uuid: string) =>
  useIssuerMutation(uuid, (body: Issuer) => createIssuer(uuid, body));
export const useUpdateIssuer = (uuid: string) =>
  useIssuerMutation(uuid, ({ name, body }: { name: string; body: Issuer }) =>
    updateIssuer(uuid, name, body),
  );
export const useDeleteIssuer = (uuid: string) =>
  useIssuerMutation(uuid, (name: string) => deleteIssuer(uuid, name));
export const useImportIssuers = (uuid: string) =>
  useIssuerMutation(uuid, (document: string) => importIssuers(uuid, document));
