import { keepPreviousData } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { QueryInput } from '../../contract/endpoint';
import { serverEndpoints } from '../../contract/server';
import type {
  CreateServerRequest,
  ModifyServerRequest,
  ServerBackupPolicy,
  ServerDetails,
  ServerSortField,
  ServerState,
  ServerSummary,
  serverDeleteQuerySchema,
  serverListQuerySchema,
} from '../../contract/server';
import type { LookAheadPage } from '../lib/look-ahead-page';
import { lookAheadLimit, lookAheadPage } from '../lib/look-ahead-page';
import { callEndpoint, endpointCall } from './http';
import { storageKeys } from './storage-keys';
import { isSystemLabel } from '../lib/labels';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';

export type { ServerBackupPolicy };

export async function listServers(signal?: AbortSignal) {
  return (await callEndpoint(serverEndpoints.list, {}, { signal })).servers.server;
}

/** What the server list shows: the list page's URL names (sort, order, label). */
export interface ServerListParams {
  search?: string;
  state?: ServerState;
  label?: string[];
  sort?: ServerSortField;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The API lists at most 1,000 servers a page (api-reference-notes §1.6). */
const serverLimitCap = 1000;

/**
 * The wire query of one page of the server list (api-reference-notes §1.6): the one place the panel's list
 * params meet the API's names.
 */
export function serverListQuery(
  params: ServerListParams,
): QueryInput<typeof serverListQuerySchema> {
  return {
    label: params.label,
    search: params.search || undefined,
    state: params.state,
    ...(params.sort ? { sort_by: params.sort, order_by: params.order ?? 'asc' } : {}),
    limit: lookAheadLimit(params.limit, serverLimitCap),
    offset: params.offset,
  };
}

/** The read behind one page of the server list. */
export const serverPageCall = (params: ServerListParams) =>
  endpointCall(serverEndpoints.list, { query: serverListQuery(params) });

/** One page of the server list as the list page shows it. */
export async function listServerPage(
  params: ServerListParams,
  signal?: AbortSignal,
): Promise<LookAheadPage<ServerSummary>> {
  const response = await callEndpoint(
    serverEndpoints.list,
    { query: serverListQuery(params) },
    { signal },
  );
  return lookAheadPage(response.servers.server, params.limit, serverLimitCap);
}

export async function getServer(uuid: string, signal?: AbortSignal) {
  return (await callEndpoint(serverEndpoints.get, { params: { uuid } }, { signal })).server;
}

export const serverEventPageSize = 50;

export async function listServerEvents(uuid: string, signal?: AbortSignal) {
  const params = { uuid, offset: '0', count: String(serverEventPageSize) };
  const response = await callEndpoint(serverEndpoints.events, { params }, { signal });
  // Newest first, whatever order the API chose (api-reference-notes §13 does not state one).
  return [...response.events.event].sort((a, b) => b.time.localeCompare(a.time));
}

export const createServerCall = (body: CreateServerRequest) =>
  endpointCall(serverEndpoints.create, { body });

export async function createServer(body: CreateServerRequest) {
  return (await callEndpoint(serverEndpoints.create, { body })).server;
}

export const startServer = async (uuid: string) =>
  (await callEndpoint(serverEndpoints.start, { params: { uuid }, body: { server: {} } })).server;
export const stopServer = async (uuid: string) =>
  (
    await callEndpoint(serverEndpoints.stop, {
      params: { uuid },
      body: { stop_server: { stop_type: 'soft' } },
    })
  ).server;
export const restartServer = async (uuid: string) =>
  (
    await callEndpoint(serverEndpoints.restart, {
      params: { uuid },
      body: { restart_server: { stop_type: 'soft' } },
    })
  ).server;

export interface DeleteServerOptions {
  /** Also delete the attached storages, handling their backups by `backups`. */
  deleteStorages: boolean;
  backups: ServerBackupPolicy;
}

/** The wire query of a deletion: `storages=1` and the backups policy, or nothing. */
const deleteServerQuery = ({
  deleteStorages,
  backups,
}: DeleteServerOptions): QueryInput<typeof serverDeleteQuerySchema> =>
  deleteStorages ? { storages: '1', backups } : {};

export const deleteServerCall = (uuid: string, options: DeleteServerOptions) =>
  endpointCall(serverEndpoints.delete, { params: { uuid }, query: deleteServerQuery(options) });

export function deleteServer(uuid: string, options: DeleteServerOptions) {
  return callEndpoint(serverEndpoints.delete, {
    params: { uuid },
    query: deleteServerQuery(options),
  });
}

export async function modifyServer(uuid: string, body: ModifyServerRequest) {
  return (await callEndpoint(serverEndpoints.modify, { params: { uuid }, body })).server;
}

/**
 * Adds (or, with `value` null, removes) one label of a server. The API replaces the whole set
 * (api-reference-notes §2.6), so the current set is read first and the others are kept.
 */
export async function changeServerLabel(uuid: string, key: string, value: string | null) {
  const current = await getServer(uuid);
  const others = current.labels.label.filter((label) => label.key !== key && !isSystemLabel(label));
  const label = value === null ? others : [...others, { key, value }];
  return modifyServer(uuid, { server: { labels: { label } } });
}

/** States in which the record changes by itself (api-reference-notes §2.5). */
export function isServerBusy(server: Pick<ServerSummary, 'state'>): boolean {
  return server.state === 'maintenance';
}

const pollMs = 2000;

export const serverQueries = {
  all: () => ['servers'] as const,
  lists: () => [...serverQueries.all(), 'list'] as const,
  list: () =>
    fetchQuery(serverQueries.lists(), listServers, {
      refetchInterval: (query) => (query.state.data?.some(isServerBusy) ? pollMs : false),
    }),
  page: (params: ServerListParams) =>
    fetchQuery(
      [...serverQueries.lists(), 'page', params],
      (signal) => listServerPage(params, signal),
      {
        refetchInterval: (query) => (query.state.data?.items.some(isServerBusy) ? pollMs : false),
      },
    ),
  detail: (uuid: string) =>
    fetchQuery([...serverQueries.all(), 'detail', uuid], (signal) => getServer(uuid, signal), {
      refetchInterval: (query) =>
        query.state.data && isServerBusy(query.state.data) ? pollMs : false,
    }),
  /**
   * A server's events; given the server's state, they are read again whenever it changes (a start
   * that a job completes records `server_start` then), showing the last list meanwhile.
   */
  events: (uuid: string, state?: ServerDetails['state']) =>
    fetchQuery(
      [...serverQueries.all(), 'events', uuid, ...(state ? [state] : [])],
      (signal) => listServerEvents(uuid, signal),
      { placeholderData: keepPreviousData },
    ),
};

/** After a change of one server: its record, the lists, its events and the storages it holds. */
export async function refreshServer(queryClient: QueryClient, details: ServerDetails) {
  queryClient.setQueryData(serverQueries.detail(details.uuid).queryKey, details);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: serverQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: serverQueries.events(details.uuid).queryKey }),
    // Attached storages' records name the server; a new server brings new storages.
    queryClient.invalidateQueries({ queryKey: storageKeys.all() }),
  ]);
}

/** The login user and one-time password a create answer holds (UpCloud's Go SDK, OneTimePassword). */
export interface ServerLogin {
  username: string;
  password: string;
}

/**
 * Creates a server. The one-time password goes to `onLogin` alone and is cut from the record, so
 * neither the query cache nor the mutation's data ever hold it.
 */
export const useCreateServer = (onLogin?: (login: ServerLogin) => void) =>
  useCacheMutation(async (body: CreateServerRequest) => {
    const { username, password, ...server } = await createServer(body);
    if (username !== undefined && password !== undefined) onLogin?.({ username, password });
    return server;
  }, refreshServer);

/** The console settings a modify changes (UpCloud's Go SDK, ModifyServerRequest). */
export type RemoteAccessChange = Pick<
  ModifyServerRequest['server'],
  'remote_access_enabled' | 'remote_access_type'
>;

export const changeRemoteAccessCall = (uuid: string, change: RemoteAccessChange) =>
  endpointCall(serverEndpoints.modify, { params: { uuid }, body: { server: change } });

/** Turns a server's console on or off, or changes its type. */
export const useChangeRemoteAccess = () =>
  useCacheMutation(
    ({ uuid, change }: { uuid: string; change: RemoteAccessChange }) =>
      modifyServer(uuid, { server: change }),
    refreshServer,
  );

const settleTries = 15;
const settleDelayMs = 1000;

/** A stop may answer while the record still says `started` (api-reference-notes §2.5): wait it out. */
async function settledServer(uuid: string, from: ServerDetails['state'], answered: ServerDetails) {
  let current = answered;
  for (let attempt = 0; attempt < settleTries && current.state === from; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, settleDelayMs));
    current = await getServer(uuid);
  }
  return current;
}

/** Start, stop or restart of the server whose UUID `mutate` gets: one page or a bulk run. */
function usePowerMutation(
  run: (uuid: string) => Promise<ServerDetails>,
  awaitLeaving?: ServerDetails['state'],
) {
  return useCacheMutation(async (uuid: string) => {
    const answered = await run(uuid);
    return awaitLeaving ? settledServer(uuid, awaitLeaving, answered) : answered;
  }, refreshServer);
}

export const useStartServer = () => usePowerMutation(startServer);
export const useStopServer = () => usePowerMutation(stopServer, 'started');
export const useRestartServer = () => usePowerMutation(restartServer);

/** Adds (`value` a string) or removes (`value` null) one label of a server. */
export const useChangeServerLabel = () =>
  useCacheMutation(
    ({ uuid, key, value }: { uuid: string; key: string; value: string | null }) =>
      changeServerLabel(uuid, key, value),
    refreshServer,
  );

/** The cache after a server is gone (its storages may be gone with it). */
function forgetDeletedServer(queryClient: QueryClient, uuid: string) {
  queryClient.removeQueries({ queryKey: serverQueries.detail(uuid).queryKey });
  queryClient.removeQueries({ queryKey: serverQueries.events(uuid).queryKey });
  queryClient.setQueryData(serverQueries.list().queryKey, (servers) =>
    servers?.filter((server) => server.uuid !== uuid),
  );
  void queryClient.invalidateQueries({ queryKey: serverQueries.lists() });
  void queryClient.invalidateQueries({ queryKey: storageKeys.all() });
}

/**
 * Deletes the server `mutate` names. Its cache effects are the hook's own, so they also run for a
 * deletion sent after the grace period, once the dialog that asked for it is gone.
 */
export const useDeleteServer = () =>
  useCacheMutation(
    ({ uuid, ...options }: { uuid: string } & DeleteServerOptions) => deleteServer(uuid, options),
    (queryClient, _answer, { uuid }) => forgetDeletedServer(queryClient, uuid),
  );
