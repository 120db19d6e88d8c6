import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  serverEventListResponseSchema,
  serverListResponseSchema,
  serverResponseSchema,
} from '../../contract/server';
import type {
  CreateServerRequest,
  ModifyServerRequest,
  ServerDetails,
  ServerSortField,
  ServerState,
  ServerSummary,
} from '../../contract/server';
import { request } from './http';
import type { ApiRequest } from './http';
import { storageKeys } from './storage-keys';

const serverPath = '/1.3/server';
const serverUrl = (uuid: string, action?: string) =>
  `${serverPath}/${encodeURIComponent(uuid)}${action ? `/${action}` : ''}`;

export type ServerBackupPolicy = 'keep' | 'keep_latest' | 'delete';

export async function listServers(signal?: AbortSignal) {
  return (await request(serverPath, serverListResponseSchema, { signal })).servers.server;
}

export interface ServerListParams {
  search?: string;
  state?: ServerState;
  labels?: string[];
  sortBy?: ServerSortField;
  orderBy?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface ServerPage {
  servers: ServerSummary[];
  /** The API sends no total count; one extra item asked for tells whether a next page exists. */
  hasNextPage: boolean;
}

/** The read behind one page of the server list (reference §1.6). */
export function serverPageCall(params: ServerListParams): ApiRequest {
  const query = new URLSearchParams();
  for (const label of params.labels ?? []) query.append('label', label);
  if (params.search) query.set('search', params.search);
  if (params.state) query.set('state', params.state);
  if (params.sortBy) {
    query.set('sort_by', params.sortBy);
    query.set('order_by', params.orderBy ?? 'asc');
  }
  query.set('limit', String(params.limit + 1));
  query.set('offset', String(params.offset));
  return { method: 'GET', path: `${serverPath}?${query}` };
}

/** One page of the server list as the list page shows it. */
export async function listServerPage(
  params: ServerListParams,
  signal?: AbortSignal,
): Promise<ServerPage> {
  const { path } = serverPageCall(params);
  const response = await request(path, serverListResponseSchema, { signal });
  const servers = response.servers.server;
  return { servers: servers.slice(0, params.limit), hasNextPage: servers.length > params.limit };
}

export async function getServer(uuid: string, signal?: AbortSignal) {
  return (await request(serverUrl(uuid), serverResponseSchema, { signal })).server;
}

export const serverEventPageSize = 50;

export async function listServerEvents(uuid: string, signal?: AbortSignal) {
  const path = `/1.3/events/${encodeURIComponent(uuid)}/0,${serverEventPageSize}`;
  const response = await request(path, serverEventListResponseSchema, { signal });
  // Newest first, whatever order the API chose (reference §13 does not state one).
  return [...response.events.event].sort((a, b) => b.time.localeCompare(a.time));
}

export const createServerCall = (body: CreateServerRequest): ApiRequest => ({
  method: 'POST',
  path: serverPath,
  body,
});

export async function createServer(body: CreateServerRequest) {
  const call = createServerCall(body);
  return (await request(call.path, serverResponseSchema, call)).server;
}

async function serverAction(uuid: string, action: string, body: unknown) {
  return (await request(serverUrl(uuid, action), serverResponseSchema, { method: 'POST', body }))
    .server;
}

export const startServer = (uuid: string) => serverAction(uuid, 'start', { server: {} });
export const stopServer = (uuid: string) =>
  serverAction(uuid, 'stop', { stop_server: { stop_type: 'soft' } });
export const restartServer = (uuid: string) =>
  serverAction(uuid, 'restart', { restart_server: { stop_type: 'soft' } });

export interface DeleteServerOptions {
  /** Also delete the attached storages, handling their backups by `backups`. */
  deleteStorages: boolean;
  backups: ServerBackupPolicy;
}

export function deleteServerCall(
  uuid: string,
  { deleteStorages, backups }: DeleteServerOptions,
): ApiRequest {
  const query = deleteStorages ? `?${new URLSearchParams({ storages: '1', backups })}` : '';
  return { method: 'DELETE', path: `${serverUrl(uuid)}${query}` };
}

export function deleteServer(uuid: string, options: DeleteServerOptions) {
  const call = deleteServerCall(uuid, options);
  return request(call.path, null, call);
}

export async function modifyServer(uuid: string, body: ModifyServerRequest) {
  return (await request(serverUrl(uuid), serverResponseSchema, { method: 'PUT', body })).server;
}

/** A label's key and value as the API lists them. */
export interface ResourceLabel {
  key: string;
  value: string;
}

/**
 * Adds (or, with `value` null, removes) one label of a server. The API replaces the whole set
 * (reference §2.6), so the current set is read first and the others are kept.
 */
export async function changeServerLabel(uuid: string, key: string, value: string | null) {
  const current = await getServer(uuid);
  const others = current.labels.label.filter((label) => label.key !== key);
  const label = value === null ? others : [...others, { key, value }];
  return modifyServer(uuid, { server: { labels: { label } } });
}

/** States in which the record changes by itself (reference §2.5). */
export function isServerBusy(server: Pick<ServerSummary, 'state'>): boolean {
  return server.state === 'maintenance';
}

const pollMs = 2000;

export const serverQueries = {
  all: () => ['servers'] as const,
  lists: () => [...serverQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: serverQueries.lists(),
      queryFn: ({ signal }) => listServers(signal),
      refetchInterval: (query) => (query.state.data?.some(isServerBusy) ? pollMs : false),
    }),
  page: (params: ServerListParams) =>
    queryOptions({
      queryKey: [...serverQueries.lists(), 'page', params],
      queryFn: ({ signal }) => listServerPage(params, signal),
      refetchInterval: (query) => (query.state.data?.servers.some(isServerBusy) ? pollMs : false),
    }),
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...serverQueries.all(), 'detail', uuid],
      queryFn: ({ signal }) => getServer(uuid, signal),
      refetchInterval: (query) =>
        query.state.data && isServerBusy(query.state.data) ? pollMs : false,
    }),
  events: (uuid: string) =>
    queryOptions({
      queryKey: [...serverQueries.all(), 'events', uuid],
      queryFn: ({ signal }) => listServerEvents(uuid, signal),
    }),
};

async function refreshServer(queryClient: QueryClient, details: ServerDetails) {
  queryClient.setQueryData(serverQueries.detail(details.uuid).queryKey, details);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: serverQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: serverQueries.events(details.uuid).queryKey }),
    // Attached storages' records name the server; a new server brings new storages.
    queryClient.invalidateQueries({ queryKey: storageKeys.all() }),
  ]);
}

export function useCreateServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServer,
    onSuccess: (details) => refreshServer(queryClient, details),
  });
}

const settleTries = 15;
const settleDelayMs = 1000;

/** A stop may answer while the record still says `started` (reference §2.5): wait it out. */
async function settledServer(uuid: string, from: ServerDetails['state'], answered: ServerDetails) {
  let current = answered;
  for (let attempt = 0; attempt < settleTries && current.state === from; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, settleDelayMs));
    current = await getServer(uuid);
  }
  return current;
}

function usePowerMutation(
  run: (uuid: string) => Promise<ServerDetails>,
  uuid: string,
  awaitLeaving?: ServerDetails['state'],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const answered = await run(uuid);
      return awaitLeaving ? settledServer(uuid, awaitLeaving, answered) : answered;
    },
    onSuccess: (details) => refreshServer(queryClient, details),
  });
}

export const useStartServer = (uuid: string) => usePowerMutation(startServer, uuid);
export const useStopServer = (uuid: string) => usePowerMutation(stopServer, uuid, 'started');
export const useRestartServer = (uuid: string) => usePowerMutation(restartServer, uuid);

/** The cache after a server is gone (its storages may be gone with it). */
export function forgetDeletedServer(queryClient: QueryClient, uuid: string) {
  queryClient.removeQueries({ queryKey: serverQueries.detail(uuid).queryKey });
  queryClient.removeQueries({ queryKey: serverQueries.events(uuid).queryKey });
  queryClient.setQueryData(serverQueries.list().queryKey, (servers) =>
    servers?.filter((server) => server.uuid !== uuid),
  );
  void queryClient.invalidateQueries({ queryKey: serverQueries.lists() });
  void queryClient.invalidateQueries({ queryKey: storageKeys.all() });
}

/** Deletes a server and updates the cache; usable outside a component (a delayed deletion). */
export async function deleteServerAndForget(
  queryClient: QueryClient,
  uuid: string,
  options: DeleteServerOptions,
) {
  await deleteServer(uuid, options);
  forgetDeletedServer(queryClient, uuid);
}

export function useDeleteServer(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: DeleteServerOptions) => deleteServer(uuid, options),
    onSuccess: () => forgetDeletedServer(queryClient, uuid),
  });
}
