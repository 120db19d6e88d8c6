import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { networkListResponseSchema, networkResponseSchema } from '../../contract/network';
import type { CreateNetworkRequest, ModifyNetworkRequest, Network } from '../../contract/network';
import { request } from './http';
import type { ApiRequest } from './http';
import { networkPeeringQueries } from './network-peerings';
import { routerQueries } from './routers';

export const networkPath = '/1.3/network';
export const networkUrl = (uuid: string) => `${networkPath}/${encodeURIComponent(uuid)}`;

/** The list's queries (reference §4.1): labels for the account's networks, and a zone. */
export interface NetworkListParams {
  labels?: string[];
  zone?: string;
}

export async function listNetworks(params: NetworkListParams, signal?: AbortSignal) {
  const query = new URLSearchParams();
  for (const label of params.labels ?? []) query.append('label', label);
  if (params.zone) query.set('zone', params.zone);
  const path = query.size > 0 ? `${networkPath}?${query}` : networkPath;
  return (await request(path, networkListResponseSchema, { signal })).networks.network;
}

export async function getNetwork(uuid: string, signal?: AbortSignal) {
  return (await request(networkUrl(uuid), networkResponseSchema, { signal })).network;
}

export async function createNetwork(body: CreateNetworkRequest) {
  return (await request(networkPath, networkResponseSchema, { method: 'POST', body })).network;
}

export const modifyNetworkCall = (uuid: string, body: ModifyNetworkRequest): ApiRequest => ({
  method: 'PUT',
  path: networkUrl(uuid),
  body,
});

/** Attaching a router, or detaching it with `null`, modifies the network (reference §9). */
export const setNetworkRouterCall = (uuid: string, router: string | null) =>
  modifyNetworkCall(uuid, { network: { router } });

const sendNetworkChange = async (call: ApiRequest) =>
  (await request(call.path, networkResponseSchema, call)).network;

export const modifyNetwork = (uuid: string, body: ModifyNetworkRequest) =>
  sendNetworkChange(modifyNetworkCall(uuid, body));

export const deleteNetworkCall = (uuid: string): ApiRequest => ({
  method: 'DELETE',
  path: networkUrl(uuid),
});

export function deleteNetwork(uuid: string) {
  const call = deleteNetworkCall(uuid);
  return request(call.path, null, call);
}

export const networkQueries = {
  all: () => ['networks'] as const,
  lists: () => [...networkQueries.all(), 'list'] as const,
  list: (params: NetworkListParams = {}) =>
    queryOptions({
      queryKey: [...networkQueries.lists(), params],
      queryFn: ({ signal }) => listNetworks(params, signal),
    }),
  details: () => [...networkQueries.all(), 'detail'] as const,
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...networkQueries.details(), uuid],
      queryFn: ({ signal }) => getNetwork(uuid, signal),
    }),
};

/**
 * After a network changes: its record and lists; routers list the networks attached to them, and
 * a router coming or going changes the state of the network's peerings (reference §8).
 */
async function refreshNetwork(queryClient: QueryClient, network: Network) {
  queryClient.setQueryData(networkQueries.detail(network.uuid).queryKey, network);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: networkQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: routerQueries.all() }),
    queryClient.invalidateQueries({ queryKey: networkPeeringQueries.all() }),
  ]);
}

export function useCreateNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNetwork,
    onSuccess: (network) => refreshNetwork(queryClient, network),
  });
}

export function useModifyNetwork(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModifyNetworkRequest) => modifyNetwork(uuid, body),
    onSuccess: (network) => refreshNetwork(queryClient, network),
  });
}

/** Attaches `router`, or detaches the network's router when it is null (reference §4.3). */
export function useSetNetworkRouter(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (router: string | null) => sendNetworkChange(setNetworkRouterCall(uuid, router)),
    onSuccess: (network) => refreshNetwork(queryClient, network),
  });
}

export function useDeleteNetwork(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteNetwork(uuid),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: networkQueries.detail(uuid).queryKey });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: networkQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: routerQueries.all() }),
        queryClient.invalidateQueries({ queryKey: networkPeeringQueries.all() }),
      ]);
    },
  });
}
