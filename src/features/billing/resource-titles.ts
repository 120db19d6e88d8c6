import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { serverQueries } from '../../api/servers';
import { storageQueries } from '../../api/storage';

// The summary names resources by id; existing servers and storages lend their titles.
const titleLists = () =>
  [serverQueries.list(), storageQueries.list({ access: 'private', limit: 100 })] as const;

/** Starts the lists the month's bill takes its titles from (the route's prefetch). */
export function prefetchResourceTitles(client: QueryClient) {
  const [servers, storages] = titleLists();
  void client.prefetchQuery(servers);
  void client.prefetchQuery(storages);
}

/**
 * The titles of the resources that still exist, by id, and whether both lists have answered (or
 * failed): the bill waits for them, so that its rows do not grow under the reader when they come.
 */
export function useResourceTitles() {
  const [serverList, storageList] = titleLists();
  const servers = useQuery(serverList);
  const storages = useQuery(storageList);
  return {
    settled: !servers.isPending && !storages.isPending,
    titles: new Map<string, string>([
      ...(servers.data ?? []).map((server) => [server.uuid, server.title] as const),
      ...(storages.data?.storages ?? []).map((storage) => [storage.uuid, storage.title] as const),
    ]),
  };
}
