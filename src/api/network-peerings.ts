import type { QueryClient } from '@tanstack/react-query';
import { networkPeeringEndpoints } from '../../contract/network-peering';
import type {
  CreateNetworkPeeringRequest,
  ModifyNetworkPeeringRequest,
  NetworkPeering,
} from '../../contract/network-peering';
import { callEndpoint, endpointCall } from './http';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';

/** The list's queries of api-rules §4.7; all of them combine. */
export interface NetworkPeeringListParams {
  labels?: string[];
  localNetwork?: string;
  peerNetwork?: string;
}

const listQuery = (params: NetworkPeeringListParams) => ({
  label: params.labels,
  network_uuid_local: params.localNetwork || undefined,
  network_uuid_peer: params.peerNetwork || undefined,
});

export const networkPeeringListCall = (params: NetworkPeeringListParams) =>
  endpointCall(networkPeeringEndpoints.list, { query: listQuery(params) });

export async function listNetworkPeerings(params: NetworkPeeringListParams, signal?: AbortSignal) {
  return (
    await callEndpoint(networkPeeringEndpoints.list, { query: listQuery(params) }, { signal })
  ).network_peerings.network_peering;
}

/** One peering's read (the app bar search asks it whether a peering still exists). */
export async function getNetworkPeering(uuid: string, signal?: AbortSignal) {
  return (await callEndpoint(networkPeeringEndpoints.get, { params: { uuid } }, { signal }))
    .network_peering;
}

export const createNetworkPeeringCall = (body: CreateNetworkPeeringRequest) =>
  endpointCall(networkPeeringEndpoints.create, { body });

export async function createNetworkPeering(body: CreateNetworkPeeringRequest) {
  return (await callEndpoint(networkPeeringEndpoints.create, { body })).network_peering;
}

export const modifyNetworkPeeringCall = (uuid: string, body: ModifyNetworkPeeringRequest) =>
  endpointCall(networkPeeringEndpoints.modify, { params: { uuid }, body });

export async function modifyNetworkPeering(uuid: string, body: ModifyNetworkPeeringRequest) {
  return (await callEndpoint(networkPeeringEndpoints.modify, { params: { uuid }, body }))
    .network_peering;
}

export const deleteNetworkPeeringCall = (uuid: string) =>
  endpointCall(networkPeeringEndpoints.delete, { params: { uuid } });

export function deleteNetworkPeering(uuid: string) {
  return callEndpoint(networkPeeringEndpoints.delete, { params: { uuid } });
}

/** States that change without anything this account does (api-reference-notes §8): worth polling. */
export function isPeeringSettling(peering: Pick<NetworkPeering, 'state'>): boolean {
  return peering.state === 'pending-peer' || peering.state === 'provisioning';
}

const pollMs = 3000;

export const networkPeeringQueries = {
  all: () => ['network-peerings'] as const,
  lists: () => [...networkPeeringQueries.all(), 'list'] as const,
  list: (params: NetworkPeeringListParams = {}) =>
    fetchQuery(
      [...networkPeeringQueries.lists(), params],
      (signal) => listNetworkPeerings(params, signal),
      {
        refetchInterval: (query) => (query.state.data?.some(isPeeringSettling) ? pollMs : false),
      },
    ),
  detail: (uuid: string) =>
    fetchQuery(
      [...networkPeeringQueries.all(), 'detail', uuid],
      (signal) => getNetworkPeering(uuid, signal),
      {
        refetchInterval: (query) =>
          query.state.data && isPeeringSettling(query.state.data) ? pollMs : false,
      },
    ),
};

function refreshPeering(queryClient: QueryClient, peering: NetworkPeering) {
  queryClient.setQueryData(networkPeeringQueries.detail(peering.uuid).queryKey, peering);
  return queryClient.invalidateQueries({ queryKey: networkPeeringQueries.lists() });
}

export const useCreateNetworkPeering = () => useCacheMutation(createNetworkPeering, refreshPeering);

export const useModifyNetworkPeering = (uuid: string) =>
  useCacheMutation(
    (body: ModifyNetworkPeeringRequest) => modifyNetworkPeering(uuid, body),
    refreshPeering,
  );

export const useDeleteNetworkPeering = (uuid: string) =>
  useCacheMutation(
    () => deleteNetworkPeering(uuid),
    (queryClient) => {
      queryClient.removeQueries({ queryKey: networkPeeringQueries.detail(uuid).queryKey });
      return queryClient.invalidateQueries({ queryKey: networkPeeringQueries.lists() });
    },
  );
