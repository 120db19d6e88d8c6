import type { QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '../../contract/endpoint';
import { defaultStorageLimit, storageEndpoints } from '../../contract/storage';
import type {
  AttachStorageRequest,
  BackupDeletionPolicy,
  CloneStorageRequest,
  CreateStorageRequest,
  ModifyStorageRequest,
  StorageAccess,
  StorageDetails,
  StorageListQuery,
  StorageSummary,
  StorageType,
  storageSortFields,
} from '../../contract/storage';
import type { LookAheadPage } from '../lib/look-ahead-page';
import { lookAheadLimit, lookAheadPage } from '../lib/look-ahead-page';
import { callEndpoint, endpointCall, request } from './http';
import type { ApiRequest } from './http';
import { serverQueries } from './servers';
import { storageKeys } from './storage-keys';
import { isSystemLabel } from '../lib/labels';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';

export type StorageSortField = (typeof storageSortFields)[number];

/**
 * What a storage list shows, in the list page's URL names (sort, order, label); every field maps
 * onto the path or the query of api-rules §4.10.
 */
export interface StorageListParams {
  type?: StorageType;
  access?: StorageAccess;
  /** The favorites list takes no query parameters (api-reference-notes §3.1). */
  favorite?: boolean;
  label?: string[];
  search?: string;
  sort?: StorageSortField;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

/** The API lists at most 100 storages a page (api-reference-notes §1.6). */
const storageLimitCap = 100;

/** The one place the list's params become the contract's query (`sort_by`, `label`…). */
function storageListQuery(params: StorageListParams): StorageListQuery {
  const limit = params.limit ?? defaultStorageLimit;
  return {
    label: params.label,
    search: params.search || undefined,
    ...(params.sort ? { sort_by: params.sort, order_by: params.order ?? 'asc' } : {}),
    limit: String(lookAheadLimit(limit, storageLimitCap)),
    offset: String(params.offset ?? 0),
  };
}

/** The read behind one page of the storage list: favorites are one unpaged list. */
export function storageListCall(params: StorageListParams): ApiRequest {
  const { type, access } = params;
  if (params.favorite) return endpointCall(storageEndpoints.listFavorites, {});
  const query = storageListQuery(params);
  if (type && access) {
    return endpointCall(storageEndpoints.listOfTypeAndAccess, { params: { type, access }, query });
  }
  if (type) return endpointCall(storageEndpoints.listOfType, { params: { type }, query });
  if (access) return endpointCall(storageEndpoints.listOfAccess, { params: { access }, query });
  return endpointCall(storageEndpoints.list, { query });
}

/** One page of a storage list; the favorites are all on one page. */
export async function listStoragePage(
  params: StorageListParams,
  signal?: AbortSignal,
): Promise<LookAheadPage<StorageSummary>> {
  const { path } = storageListCall(params);
  // Every storage list answers the same shape.
  const response = await request(path, storageEndpoints.list.response, { signal });
  const storages = response.storages.storage;
  if (params.favorite) return { items: storages, hasNextPage: false };
  return lookAheadPage(storages, params.limit ?? defaultStorageLimit, storageLimitCap);
}

export async function getStorage(uuid: string, signal?: AbortSignal) {
  return (await callEndpoint(storageEndpoints.get, { params: { uuid } }, { signal })).storage;
}

export const createStorageCall = (body: CreateStorageRequest) =>
  endpointCall(storageEndpoints.create, { body });

export async function createStorage(body: CreateStorageRequest) {
  return (await callEndpoint(storageEndpoints.create, { body })).storage;
}

export async function modifyStorage(uuid: string, body: ModifyStorageRequest) {
  return (await callEndpoint(storageEndpoints.modify, { params: { uuid }, body })).storage;
}

export const deleteStorageCall = (uuid: string, backups: BackupDeletionPolicy) =>
  endpointCall(storageEndpoints.delete, { params: { uuid }, query: { backups } });

export function deleteStorage(uuid: string, backups: BackupDeletionPolicy) {
  return callEndpoint(storageEndpoints.delete, { params: { uuid }, query: { backups } });
}

export const detachStorageCall = (uuid: string) =>
  endpointCall(storageEndpoints.detach, { params: { uuid } });
export const resizeStorageCall = (uuid: string) =>
  endpointCall(storageEndpoints.resize, { params: { uuid } });
export const restoreBackupCall = (uuid: string) =>
  endpointCall(storageEndpoints.restore, { params: { uuid } });

export async function attachStorage(uuid: string, body: AttachStorageRequest) {
  return (await callEndpoint(storageEndpoints.attach, { params: { uuid }, body })).storage;
}
export async function detachStorage(uuid: string) {
  return (await callEndpoint(storageEndpoints.detach, { params: { uuid } })).storage;
}
export async function backupStorage(uuid: string, title: string) {
  const body = { storage: { title } };
  return (await callEndpoint(storageEndpoints.backup, { params: { uuid }, body })).storage;
}
export async function cloneStorage(uuid: string, body: CloneStorageRequest) {
  return (await callEndpoint(storageEndpoints.clone, { params: { uuid }, body })).storage;
}
export async function templatizeStorage(uuid: string, title: string) {
  const body = { storage: { title } };
  return (await callEndpoint(storageEndpoints.templatize, { params: { uuid }, body })).storage;
}
export async function resizeStorage(uuid: string) {
  return (await callEndpoint(storageEndpoints.resize, { params: { uuid } })).resize_backup;
}

/** The real API answers a restore 204 without a body (api-reference-notes §3.1); the caller refetches. */
export async function restoreBackup(uuid: string): Promise<StorageDetails | undefined> {
  const response: ResponseOf<typeof storageEndpoints.restore> | undefined = await callEndpoint(
    storageEndpoints.restore,
    { params: { uuid } },
  );
  return response?.storage;
}

export const cancelStorageOperationCall = (uuid: string) =>
  endpointCall(storageEndpoints.cancel, { params: { uuid } });

export function cancelStorageOperation(uuid: string) {
  return callEndpoint(storageEndpoints.cancel, { params: { uuid } });
}

export function favoriteStorage(uuid: string) {
  return callEndpoint(storageEndpoints.favorite, { params: { uuid } });
}

export function unfavoriteStorage(uuid: string) {
  return callEndpoint(storageEndpoints.unfavorite, { params: { uuid } });
}

/** States in which an operation runs and the record changes by itself (api-rules §3). */
export function isStorageBusy(storage: Pick<StorageSummary, 'state'>): boolean {
  return storage.state !== 'online' && storage.state !== 'error';
}

const pollMs = 2000;

/** Every storage of one answer, unpaged: pickers, the palette, other groups' titles. */
async function listStorages(params: StorageListParams, signal?: AbortSignal) {
  return { storages: (await listStoragePage(params, signal)).items };
}

export const storageQueries = {
  all: storageKeys.all,
  lists: () => [...storageQueries.all(), 'list'] as const,
  list: (params: StorageListParams) =>
    fetchQuery([...storageQueries.lists(), params], (signal) => listStorages(params, signal), {
      refetchInterval: (query) => (query.state.data?.storages.some(isStorageBusy) ? pollMs : false),
    }),
  /** One page of the storage list page. */
  page: (params: StorageListParams) =>
    fetchQuery(
      [...storageQueries.lists(), 'page', params],
      (signal) => listStoragePage(params, signal),
      {
        refetchInterval: (query) => (query.state.data?.items.some(isStorageBusy) ? pollMs : false),
      },
    ),
  details: () => [...storageQueries.all(), 'detail'] as const,
  detail: (uuid: string) =>
    fetchQuery([...storageQueries.details(), uuid], (signal) => getStorage(uuid, signal), {
      refetchInterval: (query) =>
        query.state.data && isStorageBusy(query.state.data) ? pollMs : false,
    }),
  favorites: () =>
    fetchQuery([...storageQueries.lists(), { favorite: true }], (signal) =>
      listStorages({ favorite: true }, signal),
    ),
};

/** After any storage change: the record, every list and the servers it touches may differ. */
async function refreshStorage(
  queryClient: QueryClient,
  uuid: string,
  details: StorageDetails | undefined,
  alsoServers: readonly string[] = [],
) {
  if (details) queryClient.setQueryData(storageQueries.detail(uuid).queryKey, details);
  const servers = new Set([...alsoServers, ...(details?.servers.server ?? [])]);
  await Promise.all([
    details
      ? undefined
      : queryClient.invalidateQueries({ queryKey: storageQueries.detail(uuid).queryKey }),
    queryClient.invalidateQueries({ queryKey: storageQueries.lists() }),
    servers.size > 0
      ? queryClient.invalidateQueries({ queryKey: serverQueries.lists() })
      : undefined,
    ...[...servers].map((server) =>
      queryClient.invalidateQueries({ queryKey: serverQueries.detail(server).queryKey }),
    ),
  ]);
}

export const useCreateStorage = () =>
  useCacheMutation(createStorage, (queryClient, created) =>
    refreshStorage(queryClient, created.uuid, created),
  );

export const useModifyStorage = (uuid: string) =>
  useCacheMutation(
    (body: ModifyStorageRequest) => modifyStorage(uuid, body),
    (queryClient, details) => refreshStorage(queryClient, uuid, details),
  );

/** The cache after a storage is gone. */
function forgetDeletedStorage(queryClient: QueryClient, uuid: string) {
  queryClient.removeQueries({ queryKey: storageQueries.detail(uuid).queryKey });
  // Backups kept or deleted by the policy change too: every list and detail is refetched.
  void queryClient.invalidateQueries({ queryKey: storageQueries.all() });
}

/**
 * Adds (or, with `value` null, removes) one label of a storage. `labels` replaces the whole set
 * (api-reference-notes §3), so the current set is read first and the others are kept.
 */
export async function changeStorageLabel(uuid: string, key: string, value: string | null) {
  const current = await getStorage(uuid);
  const others = (current.labels ?? []).filter(
    (label) => label.key !== key && !isSystemLabel(label),
  );
  const labels = value === null ? others : [...others, { key, value }];
  return modifyStorage(uuid, { storage: { labels } });
}

/**
 * Deletes the storage `mutate` names. Its cache effects are the hook's own, so they also run for a
 * deletion sent after the grace period, once the dialog that asked for it is gone.
 */
export const useDeleteStorage = () =>
  useCacheMutation(
    ({ uuid, backups }: { uuid: string; backups: BackupDeletionPolicy }) =>
      deleteStorage(uuid, backups),
    (queryClient, _answer, { uuid }) => forgetDeletedStorage(queryClient, uuid),
  );

/** Adds (`value` a string) or removes (`value` null) one label of a storage. */
export const useChangeStorageLabel = () =>
  useCacheMutation(
    ({ uuid, key, value }: { uuid: string; key: string; value: string | null }) =>
      changeStorageLabel(uuid, key, value),
    (queryClient, details) => refreshStorage(queryClient, details.uuid, details),
  );

export const useAttachStorage = (uuid: string) =>
  useCacheMutation(
    (body: AttachStorageRequest) => attachStorage(uuid, body),
    (queryClient, details, body) =>
      refreshStorage(queryClient, uuid, details, [body.storage_device.server]),
  );

export const useDetachStorage = (uuid: string) =>
  useCacheMutation(
    (server: string) => detachStorage(uuid).then((details) => ({ details, server })),
    (queryClient, { details, server }) => refreshStorage(queryClient, uuid, details, [server]),
  );

/** A backup or clone creates a new storage and changes its source's state. */
function useDerivingMutation<TVariables>(
  uuid: string,
  run: (variables: TVariables) => Promise<StorageDetails | undefined>,
) {
  return useCacheMutation(run, async (queryClient, created) => {
    if (created) queryClient.setQueryData(storageQueries.detail(created.uuid).queryKey, created);
    await refreshStorage(queryClient, uuid, undefined);
  });
}

export function useBackupStorage(uuid: string) {
  return useDerivingMutation(uuid, (title: string) => backupStorage(uuid, title));
}

export function useCloneStorage(uuid: string) {
  return useDerivingMutation(uuid, (body: CloneStorageRequest) => cloneStorage(uuid, body));
}

export function useTemplatizeStorage(uuid: string) {
  return useDerivingMutation(uuid, (title: string) => templatizeStorage(uuid, title));
}

/** Resizing returns a backup taken first (api-reference-notes §3.4) or the storage (api-rules §4.10). */
export function useResizeStorage(uuid: string) {
  return useDerivingMutation(uuid, () => resizeStorage(uuid));
}

export const useCancelStorageOperation = (uuid: string) =>
  useCacheMutation(
    () => cancelStorageOperation(uuid),
    // Cancelling removes the incomplete copy (api-rules §3), which may be any storage in a list.
    (queryClient) => queryClient.invalidateQueries({ queryKey: storageQueries.all() }),
  );

/** Restores into the backup's origin, so that record is the one to refresh. */
export const useRestoreBackup = (backup: Pick<StorageDetails, 'uuid' | 'origin'>) =>
  useCacheMutation(
    () => restoreBackup(backup.uuid),
    async (queryClient, details) => {
      const origin = details?.uuid ?? backup.origin;
      if (origin) await refreshStorage(queryClient, origin, details);
      await queryClient.invalidateQueries({
        queryKey: storageQueries.detail(backup.uuid).queryKey,
      });
    },
  );

function useFavoriteMutation(uuid: string, run: (uuid: string) => Promise<undefined>) {
  return useCacheMutation(
    () => run(uuid),
    (queryClient) =>
      queryClient.invalidateQueries({ queryKey: storageQueries.favorites().queryKey }),
  );
}

export function useFavoriteStorage(uuid: string) {
  return useFavoriteMutation(uuid, favoriteStorage);
}

export function useUnfavoriteStorage(uuid: string) {
  return useFavoriteMutation(uuid, unfavoriteStorage);
}
