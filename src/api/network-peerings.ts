import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  networkPeeringListResponseSchema,
  networkPeeringResponseSchema,
} from '../../contract/network-peering';
import type {
  CreateNetworkPeeringRequest,
  ModifyNetworkPeeringRequest,
  NetworkPeering,
} from '../../contract/network-peering';
import { request } from './http';
import type { ApiRequest } from './http';

const peeringPath = '/1.3/network-peering';
const peeringUrl = (uuid: string) => `${peeringPath}/${encodeURIComponent(uuid)}`;

/** The list's queries of spec §4.7; all of them combine. */
export interface NetworkPeeringListParams {
  labels?: string[];
  localNetwork?: string;
  peerNetwork?: string;
}

export function networkPeeringListCall(params: NetworkPeeringListParams): ApiRequest {
  const query = new URLSearchParams();
  for (const label of params.labels ?? []) query.append('label', label);
  if (params.localNetwork) query.set('network_uuid_local', params.localNetwork);
  if (params.peerNetwork) query.set('network_uuid_peer', params.peerNetwork);
  return { method: 'GET', path: query.size > 0 ? `${peeringPath}?${query}` : peeringPath };
}

export async function listNetworkPeerings(params: NetworkPeeringListParams, signal?: AbortSignal) {
  const { path } = networkPeeringListCall(params);
  return (await request(path, networkPeeringListResponseSchema, { signal })).network_peerings
    .network_peering;
}

export async function getNetworkPeering(uuid: string, signal?: AbortSignal) {
  return (await request(peeringUrl(uuid), networkPeeringResponseSchema, { signal }))
    .network_peering;
}

export const createNetworkPeeringCall = (body: CreateNetworkPeeringRequest): ApiRequest => ({
  method: 'POST',
  path: peeringPath,
  body,
});

export async function createNetworkPeering(body: CreateNetworkPeeringRequest) {
  const call = createNetworkPeeringCall(body);
  return (await request(call.path, networkPeeringResponseSchema, call)).network_peering;
}

export const modifyNetworkPeeringCall = (
  uuid: string,
  body: ModifyNetworkPeeringRequest,
): ApiRequest => ({ method: 'PATCH', path: peeringUrl(uuid), body });

export async function modifyNetworkPeering(uuid: string, body: ModifyNetworkPeeringRequest) {
  const call = modifyNetworkPeeringCall(uuid, body);
  return (await request(call.path, networkPeeringResponseSchema, call)).network_peering;
}

export const deleteNetworkPeeringCall = (uuid: string): ApiRequest => ({
  method: 'DELETE',
  path: peeringUrl(uuid),
});

export function deleteNetworkPeering(uuid: string) {
  const call = deleteNetworkPeeringCall(uuid);
  return request(call.path, null, call);
}

/** States that change without anything this account does (reference §8): worth polling. */
export function isPeeringSettling(peering: Pick<NetworkPeering, 'state'>): boolean {
  return peering.state === 'pending-peer' || peering.state === 'provisioning';
}

const pollMs = 3000;

export const networkPeeringQueries = {
  all: () => ['network-peerings'] as const,
  lists: () => [...networkPeeringQueries.all(), 'list'] as const,
  list: (params: NetworkPeeringListParams = {}) =>
    queryOptions({
      queryKey: [...networkPeeringQueries.lists(), params],
      queryFn: ({ signal }) => listNetworkPeerings(params, signal),
      refetchInterval: (query) => (query.state.data?.some(isPeeringSettling) ? pollMs : false),
    }),
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...networkPeeringQueries.all(), 'detail', uuid],
      queryFn: ({ signal }) => getNetworkPeering(uuid, signal),
      refetchInterval: (query) =>
        query.state.data && isPeeringSettling(query.state.data) ? pollMs : false,
    }),
};

function refreshPeering(queryClient: QueryClient, peering: NetworkPeering) {
  queryClient.setQueryData(networkPeeringQueries.detail(peering.uuid).queryKey, peering);
  return queryClient.invalidateQueries({ queryKey: networkPeeringQueries.lists() });
}

export function useCreateNetworkPeering() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNetworkPeering,
    onSuccess: (peering) => refreshPeering(queryClient, peering),
  });
}

export function useModifyNetworkPeering(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModifyNetworkPeeringRequest) => modifyNetworkPeering(uuid, body),
    onSuccess: (peering) => refreshPeering(queryClient, peering),
  });
}

export function useDeleteNetworkPeering(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteNetworkPeering(uuid),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: networkPeeringQueries.detail(uuid).queryKey });
      return queryClient.invalidateQueries({ queryKey: networkPeeringQueries.lists() });
    },
  });
}
