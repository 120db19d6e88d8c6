import { dashboardEndpoints } from '../../contract/dashboard';
import type { DashboardItem } from '../../contract/dashboard';
import { callEndpoint } from './http';
import { fetchQuery } from './fetch-query';
import { storageKeys } from './storage-keys';

const storagePage = 100;
const pollMs = 2000;

/** Every storage of the account, page by page (a storage list answers at most 100). */
async function listOwnStorages(signal: AbortSignal) {
  const all: DashboardItem[] = [];
  for (let offset = 0; ; offset += storagePage) {
    const page = (
      await callEndpoint(
        dashboardEndpoints.storages,
        { query: { limit: String(storagePage), offset: String(offset) } },
        { signal },
      )
    ).storages.storage;
    all.push(...page);
    if (page.length < storagePage) return all;
  }
}

/** Read again while something is under way, so it leaves the list when it is done. */
const whileBusy = {
  refetchInterval: ({ state }: { state: { data?: DashboardItem[] } }) =>
    state.data?.some((item) => item.state === 'maintenance' || item.state.endsWith('ing'))
      ? pollMs
      : false,
};

/**
 * The dashboard's queries, under the groups' own keys (their mutations invalidate them too) but
 * apart from the groups' queries, whose answers are parsed whole.
 */
export const dashboardQueries = {
  servers: () =>
    fetchQuery(
      ['servers', 'list', 'dashboard'],
      async (signal) =>
        (await callEndpoint(dashboardEndpoints.servers, {}, { signal })).servers.server,
      whileBusy,
    ),
  storages: () => fetchQuery([...storageKeys.all(), 'dashboard'], listOwnStorages, whileBusy),
  activity: (limit: number) =>
    fetchQuery(
      ['audit-logs', 'dashboard', limit],
      async (signal) =>
        (await callEndpoint(dashboardEndpoints.activity, { query: { limit } }, { signal }))
          .audit_logs,
    ),
  /** Billing changes only as hours pass: a minute-old total is still right. */
  spend: (month: string) =>
    fetchQuery(
      ['billing', 'dashboard', month],
      (signal) => callEndpoint(dashboardEndpoints.spend, { params: { month } }, { signal }),
      { staleTime: 60_000 },
    ),
};
