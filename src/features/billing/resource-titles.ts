import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { serverQueries } from '../../api/servers';
import { storageQueries } from '../../api/storage';

// The summary names resources by id; existing servers and storages lend their titles.
const titleLists = () =>
  [serverQueries.list(), storageQueries.list({ access: 'private', limit: 100 })] as const;

/**
 * The titles of the resources that still exist, by id, and whether both lists have answered (or
 * failed): the bill waits for them, so that its rows do not grow under the reader when they come.
 */
export function useResourceTitles() {
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
  return { settled: !servers.isPending && !storages.isPending, titles };
}
