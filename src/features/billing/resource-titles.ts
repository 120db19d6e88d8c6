import { useDeferredValue, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { serverQueries } from '../../api/servers';
import { storageQueries } from '../../api/storage';

// The summary names resources by id; existing servers and storages lend their titles.
export const titleLists = () =>
  [serverQueries.list(), storageQueries.list({ access: 'private', limit: 100 })] as const;

/** The bill's groups (api-reference-notes §10.3) whose resources those lists may name. */
export const titledGroups: ReadonlySet<string> = new Set([
  'server',
  'storage',
  'backup',
  'template',
]);

/**
 * The titles of the resources that still exist, by id, as far as the lists have answered. The bill
 * does not wait for them (its rows keep a title's place, billing-table.tsx); a list that fails
 * leaves its resources named by UUID. Deferred: a title list answering draws the table again in a
 * background pass, not in one long task on a phone.
 */
export function useResourceTitles(): ReadonlyMap<string, string> {
  const [serverList, storageList] = titleLists();
  const servers = useQuery(serverList);
  const storages = useQuery(storageList);
  const titles = useMemo(
    () =>
      new Map<string, string>([
        ...(servers.data ?? []).map((server) => [server.uuid, server.title] as const),
        ...(storages.data?.storages ?? []).map((storage) => [storage.uuid, storage.title] as const),
      ]),
    [servers.data, storages.data],
  );
  return useDeferredValue(titles);
}
