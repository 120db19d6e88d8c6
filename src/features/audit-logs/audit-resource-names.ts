import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AuditLog } from '../../../contract/audit-log';
import { kubernetesQueries } from '../../api/kubernetes';
import { networkQueries } from '../../api/networks';
import { routerQueries } from '../../api/routers';
import { serverQueries } from '../../api/servers';
import { storageQueries } from '../../api/storage';

const nameFields = ['title', 'name', 'hostname'] as const;

/** The name a row's recorded state carries (the sandbox keeps title/name with each change). */
function recordedName(row: AuditLog): string | undefined {
  for (const state of [row.current_state, row.previous_state]) {
    for (const field of nameFields) {
      const value = state?.[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return undefined;
}

/** The kinds of the rows' resources whose names the rows did not record, and those recorded. */
function namesOf(rows: readonly AuditLog[]) {
  const recorded = new Map<string, string>();
  const missing = new Set<string>();
  for (const row of rows) {
    if (!row.resource_id) continue;
    const name = recordedName(row);
    if (name) recorded.set(row.resource_id, name);
    else missing.add(row.resource_type);
  }
  return { recorded, missing };
}

/** The list reads that name the resources of the `missing` kinds, each enabled if it does. */
const nameReads = (missing: ReadonlySet<string>) => ({
  servers: { ...serverQueries.list(), enabled: missing.has('server') },
  storages: { ...storageQueries.list({}), enabled: missing.has('storage') },
  networks: { ...networkQueries.list(), enabled: missing.has('network') },
  routers: { ...routerQueries.list(), enabled: missing.has('router') },
  clusters: {
    ...kubernetesQueries.list(),
    enabled: missing.has('kubernetes_cluster') || missing.has('uks'),
  },
});

/**
 * Starts the list reads that will name the rows' resources (the audit log page's prefetch, once
 * the rows are in): they travel while the page's code loads and renders, not after it.
 */
export function prefetchResourceNames(client: QueryClient, rows: readonly AuditLog[]) {
  const { servers, storages, networks, routers, clusters } = nameReads(namesOf(rows).missing);
  if (servers.enabled) void client.prefetchQuery(servers);
  if (storages.enabled) void client.prefetchQuery(storages);
  if (networks.enabled) void client.prefetchQuery(networks);
  if (routers.enabled) void client.prefetchQuery(routers);
  if (clusters.enabled) void client.prefetchQuery(clusters);
}

/**
 * Names for the rows' resources: what the rows recorded, else one list read per kind that still
 * lacks names (never a read per row). A resource no list knows, a deleted one, keeps its UUID.
 */
export function useAuditResourceNames(rows: readonly AuditLog[]): ReadonlyMap<string, string> {
  const { recorded, missing } = useMemo(() => namesOf(rows), [rows]);
  const reads = nameReads(missing);
  const servers = useQuery(reads.servers);
  const storages = useQuery(reads.storages);
  const networks = useQuery(reads.networks);
  const routers = useQuery(reads.routers);
  const clusters = useQuery(reads.clusters);
  // The same map while nothing changed, so the table keeps its cells (and their copy buttons).
  return useMemo(() => {
    const names = new Map(recorded);
    const known: [string, string][] = [
      ...(servers.data ?? []).map((server): [string, string] => [server.uuid, server.title]),
      ...(storages.data?.storages ?? []).map((disk): [string, string] => [disk.uuid, disk.title]),
      ...(networks.data ?? []).map((network): [string, string] => [network.uuid, network.name]),
      ...(routers.data ?? []).map((router): [string, string] => [router.uuid, router.name]),
      ...(clusters.data ?? []).map((cluster): [string, string] => [cluster.uuid, cluster.name]),
    ];
    for (const [uuid, name] of known) if (!names.has(uuid)) names.set(uuid, name);
    return names;
  }, [recorded, servers.data, storages.data, networks.data, routers.data, clusters.data]);
}
