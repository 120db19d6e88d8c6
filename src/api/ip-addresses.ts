import type { QueryClient } from '@tanstack/react-query';
import { ipAddressEndpoints } from '../../contract/ip-address';
import type {
  AddIpAddressRequest,
  BulkModifyIpAddressRequest,
  IpAddress,
  ModifyIpAddressRequest,
} from '../../contract/ip-address';
import { callEndpoint, endpointCall } from './http';
import { networkQueries } from './networks';
import { serverQueries } from './servers';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';

/** The API has no filters for addresses: the panel reads them all and searches them itself. */
export const ipAddressListCall = endpointCall(ipAddressEndpoints.list, {});

export async function listIpAddresses(signal?: AbortSignal) {
  return (await callEndpoint(ipAddressEndpoints.list, {}, { signal })).ip_addresses.ip_address;
}

export async function getIpAddress(address: string, signal?: AbortSignal) {
  return (await callEndpoint(ipAddressEndpoints.get, { params: { address } }, { signal }))
    .ip_address;
}

export async function createIpAddress(body: AddIpAddressRequest) {
  return (await callEndpoint(ipAddressEndpoints.create, { body })).ip_address;
}

export async function modifyIpAddress(address: string, body: ModifyIpAddressRequest) {
  return (await callEndpoint(ipAddressEndpoints.modify, { params: { address }, body })).ip_address;
}

/** All items apply or none does (api-rules §4.5); the answer is 204 without a body. */
export function bulkModifyIpAddresses(body: BulkModifyIpAddressRequest) {
  return callEndpoint(ipAddressEndpoints.bulkModify, { body });
}

export const releaseIpAddressCall = (address: string) =>
  endpointCall(ipAddressEndpoints.release, { params: { address } });

export function releaseIpAddress(address: string) {
  return callEndpoint(ipAddressEndpoints.release, { params: { address } });
}

export const ipAddressQueries = {
  all: () => ['ip-addresses'] as const,
  list: () => fetchQuery([...ipAddressQueries.all(), 'list'], listIpAddresses),
  detail: (address: string) =>
    fetchQuery([...ipAddressQueries.all(), 'detail', address], (signal) =>
      getIpAddress(address, signal),
    ),
};

/**
 * An address belongs to a server's interface and lists, and releasing the last public or utility
 * address detaches the server from that network (api-rules §4.5): servers and networks refetch too.
 */
async function refreshAfterChange(
  queryClient: QueryClient,
  servers: readonly (string | undefined)[],
  networksChanged: boolean,
) {
  const touched = [...new Set(servers.filter((server) => server !== undefined))];
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ipAddressQueries.list().queryKey }),
    ...touched.map((server) =>
      queryClient.invalidateQueries({ queryKey: serverQueries.detail(server).queryKey }),
    ),
    touched.length > 0 ? queryClient.invalidateQueries({ queryKey: serverQueries.lists() }) : null,
    networksChanged ? queryClient.invalidateQueries({ queryKey: networkQueries.all() }) : null,
  ]);
}

/** A new or changed address: stored, then what shows it is read again. */
function storeAddress(queryClient: QueryClient, address: IpAddress) {
  queryClient.setQueryData(ipAddressQueries.detail(address.address).queryKey, address);
  queryClient.setQueryData(ipAddressQueries.list().queryKey, (list) =>
    list?.map((item) => (item.address === address.address ? address : item)),
  );
  return refreshAfterChange(queryClient, [address.server], false);
}

export const useCreateIpAddress = () => useCacheMutation(createIpAddress, storeAddress);

/** One address's PTR record, MAC or release policy; `address` is part of the variables for bulk use. */
export const useModifyIpAddress = () =>
  useCacheMutation(
    ({ address, body }: { address: string; body: ModifyIpAddressRequest }) =>
      modifyIpAddress(address, body),
    storeAddress,
  );

export const useBulkModifyIpAddresses = () =>
  useCacheMutation(bulkModifyIpAddresses, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: ipAddressQueries.all() }),
  );

export const useReleaseIpAddress = () =>
  useCacheMutation(
    (address: Pick<IpAddress, 'address' | 'server'>) => releaseIpAddress(address.address),
    (queryClient, _nothing, released) => {
      queryClient.removeQueries({ queryKey: ipAddressQueries.detail(released.address).queryKey });
      queryClient.setQueryData(ipAddressQueries.list().queryKey, (list) =>
        list?.filter((item) => item.address !== released.address),
      );
      return refreshAfterChange(queryClient, [released.server], true);
    },
  );
