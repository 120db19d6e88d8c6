import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { BillingSummary } from '../../../contract/billing';
import type { StorageDetails } from '../../../contract/storage';
import { ipAddressQueries } from '../../api/ip-addresses';
import { serverQueries } from '../../api/servers';
import { storageQueries } from '../../api/storage';
import { titleLists } from './resource-titles';

/**
 * Why a line costs nothing: a plan server's first disk and its own public IPv4 address are part of
 * the plan's price (api-reference-notes §3.2 `part_of_plan`, §7.1), and the bill says only "0".
 * `server` is the plan server's title, when a list names it.
 */
export const includedNote = (server: string | undefined) =>
  server ? `Included in ${server}’s plan` : 'Included in a server’s plan';

/** The resources of the bill that cost nothing in the month (the only ones a note may explain). */
function freeResources(summary: BillingSummary): ReadonlySet<string> {
  const free = new Set<string>();
  for (const category of Object.values(summary)) {
    if (typeof category !== 'object') continue;
    for (const group of Object.values(category)) {
      if (typeof group !== 'object' || group === null || !('resources' in group)) continue;
      for (const resource of group.resources) {
        if (resource.amount === 0) free.add(resource.resource_id);
      }
    }
  }
  return free;
}

/** The storages that have answered, each with the server it is attached to (if any). */
const attachedServers = (results: UseQueryResult<StorageDetails>[]) =>
  results.flatMap(({ data }) => {
    const server = data?.servers.server[0];
    return data && server ? [{ storage: data.uuid, server }] : [];
  });

/**
 * The month's lines at no cost that a plan includes, by resource id, each with its note: from the
 * address list (`part_of_plan`, `server`) and, for the disks the storage list marks `part_of_plan`,
 * their details (`servers`). Server titles come from `titles`. Nothing while the lists load.
 */
export function usePlanInclusions(
  summary: BillingSummary,
  titles: ReadonlyMap<string, string>,
): ReadonlyMap<string, string> {
  const free = useMemo(() => freeResources(summary), [summary]);
  const [, storageList] = titleLists();
  const storages = useQuery(storageList);
  const addresses = useQuery({ ...ipAddressQueries.list(), enabled: free.size > 0 });
  const planDisks = (storages.data?.storages ?? []).filter(
    (storage) => storage.part_of_plan === 'yes' && free.has(storage.uuid),
  );
  // Each plan disk that has answered with the server it is attached to; structurally shared, so
  // the notes change only with them.
  const diskServers = useQueries({
    queries: planDisks.map((storage) => storageQueries.detail(storage.uuid)),
    combine: attachedServers,
  });
  return useMemo(() => {
    const notes = new Map<string, string>();
    for (const address of addresses.data ?? []) {
      if (address.part_of_plan === 'yes' && free.has(address.address)) {
        notes.set(address.address, includedNote(address.server && titles.get(address.server)));
      }
    }
    for (const { storage, server } of diskServers) {
      notes.set(storage, includedNote(titles.get(server)));
    }
    return notes;
  }, [addresses.data, diskServers, free, titles]);
}

/**
 * One resource's inclusion in a plan, for its own bill: its details (a storage's `servers`, an
 * address's `server`) and the server's title. `pending` while any of them is being read.
 */
export function usePlanInclusion(resourceId: string, type: string | undefined, free: boolean) {
  const storage = useQuery({
    ...storageQueries.detail(resourceId),
    enabled: free && type === 'storage',
  });
  const address = useQuery({
    ...ipAddressQueries.detail(resourceId),
    enabled: free && type === 'ipv4',
  });
  const serverUuid =
    type === 'storage'
      ? storage.data?.part_of_plan === 'yes'
        ? storage.data.servers.server[0]
        : undefined
      : address.data?.part_of_plan === 'yes'
        ? address.data.server
        : undefined;
  const server = useQuery({
    ...serverQueries.detail(serverUuid ?? ''),
    enabled: serverUuid !== undefined,
  });
  const included = serverUuid !== undefined;
  return {
    pending: storage.isLoading || address.isLoading || server.isLoading,
    note: included ? includedNote(server.data?.title) : undefined,
  };
}
