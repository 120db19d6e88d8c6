import { useDeferredValue, useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { NodeGroupDetails } from '../../../contract/kubernetes';
import { kubernetesQueries } from '../../api/kubernetes';
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
  'managed_kubernetes',
]);

const groupsData = (results: UseQueryResult<NodeGroupDetails>[]) =>
  results.map((result) => result.data);

/**
 * The titles of the resources that still exist, by id, as far as the lists have answered; with
 * `kubernetes` (the bill has worker nodes), a node's title is its cluster's name and its own. The bill
 * does not wait for them (its rows keep a title's place, billing-table.tsx); a list that fails
 * leaves its resources named by UUID. Deferred: a title list answering draws the table again in a
 * background pass, not in one long task on a phone.
 */
export function useResourceTitles(kubernetes = false): ReadonlyMap<string, string> {
  const [serverList, storageList] = titleLists();
  const servers = useQuery(serverList);
  const storages = useQuery(storageList);
  // Worker nodes are billed by their UUIDs: the clusters and their node groups name them.
  const clusters = useQuery({ ...kubernetesQueries.list(), enabled: kubernetes });
  const nodeGroups = useMemo(
    () =>
      (clusters.data ?? []).flatMap((cluster) =>
        cluster.node_groups.map((group) => ({ cluster, group: group.name })),
      ),
    [clusters.data],
  );
  const groups = useQueries({
    queries: nodeGroups.map(({ cluster, group }) =>
      kubernetesQueries.nodeGroup(cluster.uuid, group),
    ),
    combine: groupsData,
  });
  const titles = useMemo(
    () =>
      new Map<string, string>([
        ...(servers.data ?? []).map((server) => [server.uuid, server.title] as const),
        ...(storages.data?.storages ?? []).map((storage) => [storage.uuid, storage.title] as const),
        ...groups.flatMap((group, index) =>
          (group?.nodes ?? []).map(
            (node) => [node.uuid, `${nodeGroups[index]?.cluster.name} · ${node.name}`] as const,
          ),
        ),
      ]),
    [servers.data, storages.data, nodeGroups, groups],
  );
  return useDeferredValue(titles);
}
