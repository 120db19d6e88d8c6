import type { QueryClient } from '@tanstack/react-query';
import { networkEndpoints } from '../../contract/network';
import type { CreateNetworkRequest, ModifyNetworkRequest, Network } from '../../contract/network';
import { callEndpoint, endpointCall } from './http';
import type { ApiRequest } from './http';
import { networkPeeringQueries } from './network-peerings';
import { routerQueries } from './routers';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';

/** The list's queries (api-reference-notes §4.1): labels for the account's networks, and a zone. */
export interface NetworkListParams {
  labels?: string[];
  zone?: string;
}

const listQuery = (params: NetworkListParams) => ({
  label: params.labels,
  zone: params.zone || undefined,
});

/** The list's read with these filters; without them, the collection the list page reads. */
export const networkListCall = (params: NetworkListParams = {}) =>
  endpointCall(networkEndpoints.list, { query: listQuery(params) });

export async function listNetworks(params: NetworkListParams, signal?: AbortSignal) {
  return (await callEndpoint(networkEndpoints.list, { query: listQuery(params) }, { signal }))
    .networks.network;
}

/** One network's read (the app bar search asks it whether a network still exists). */
export async function getNetwork(uuid: string, signal?: AbortSignal) {
  return (await callEndpoint(networkEndpoints.get, { params: { uuid } }, { signal })).network;
}

export const createNetworkCall = (body: CreateNetworkRequest) =>
  endpointCall(networkEndpoints.create, { body });

export async function createNetwork(body: CreateNetworkRequest) {
  return (await callEndpoint(networkEndpoints.create, { body })).network;
}

export const modifyNetworkCall = (uuid: string, body: ModifyNetworkRequest): ApiRequest =>
  endpointCall(networkEndpoints.modify, { params: { uuid }, body });

/** Attaching a router, or detaching it with `null`, modifies the network (api-reference-notes §9). */
export const setNetworkRouterCall = (uuid: string, router: string | null) =>
  modifyNetworkCall(uuid, { network: { router } });

export async function modifyNetwork(uuid: string, body: ModifyNetworkRequest) {
  return (await callEndpoint(networkEndpoints.modify, { params: { uuid }, body })).network;
}

export const deleteNetworkCall = (uuid: string) =>
  endpointCall(networkEndpoints.delete, { params: { uuid } });

export function deleteNetwork(uuid: string) {
  return callEndpoint(networkEndpoints.delete, { params: { uuid } });
}

export const networkQueries = {
  all: () => ['networks'] as const,
  lists: () => [...networkQueries.all(), 'list'] as const,
  /** No filter and an empty one are one query: they send the same request. */
  list: ({ labels = [], zone = '' }: NetworkListParams = {}) =>
    fetchQuery([...networkQueries.lists(), { labels, zone }], (signal) =>
      listNetworks({ labels, zone }, signal),
    ),
  details: () => [...networkQueries.all(), 'detail'] as const,
  detail: (uuid: string) =>
    fetchQuery([...networkQueries.details(), uuid], (signal) => getNetwork(uuid, signal)),
};

/**
 * After a network changes or goes: the lists; routers list the networks attached to them, and a
 * router coming or going changes the state of the network's peerings (api-reference-notes §8).
 */
async function refreshNetworkLists(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: networkQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: routerQueries.all() }),
    queryClient.invalidateQueries({ queryKey: networkPeeringQueries.all() }),
  ]);
}

function refreshNetwork(queryClient: QueryClient, network: Network) {
  queryClient.setQueryData(networkQueries.detail(network.uuid).queryKey, network);
  return refreshNetworkLists(queryClient);
}

export const useCreateNetwork = () => useCacheMutation(createNetwork, refreshNetwork);

export const useModifyNetwork = (uuid: string) =>
  useCacheMutation((body: ModifyNetworkRequest) => modifyNetwork(uuid, body), refreshNetwork);

/** Attaches `router`, or detaches the network's router when it is null (api-reference-notes §4.3). */
export const useSetNetworkRouter = (uuid: string) =>
  useCacheMutation(
    (router: string | null) => modifyNetwork(uuid, { network: { router } }),
    refreshNetwork,
  );

export const useDeleteNetwork = (uuid: string) =>
  useCacheMutation(
    () => deleteNetwork(uuid),
    (queryClient) => {
      queryClient.removeQueries({ queryKey: networkQueries.detail(uuid).queryKey });
      return refreshNetworkLists(queryClient);
    },
  );
