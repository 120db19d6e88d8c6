import {
  defaultStorageLimit,
  storageAccessSchema,
  storageSortFields,
  storageTypeSchema,
} from '../../../contract/storage';
import type { StorageListParams, StorageSortField } from '../../api/storage';

export const pageSizes = [10, 25, 50, 100] as const;
export const defaultAccess = 'private';

const isSortField = (value: string | null): value is StorageSortField =>
  (storageSortFields as readonly (string | null)[]).includes(value);

function positiveInt(text: string | null, fallback: number): number {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** The storage list the URL describes; unknown values fall back to the defaults. */
export function readStorageListParams(search: URLSearchParams): StorageListParams {
  if (search.get('view') === 'favorites') return { favorite: true };
  const type = storageTypeSchema.safeParse(search.get('type'));
  // The account's own storage first: public templates and CD-ROMs would fill the first pages.
  const access = storageAccessSchema.safeParse(search.get('access') ?? defaultAccess);
  const sortBy = search.get('sort');
  const limit = positiveInt(search.get('limit'), defaultStorageLimit);
  const params: StorageListParams = {
    limit: (pageSizes as readonly number[]).includes(limit) ? limit : defaultStorageLimit,
    offset: positiveInt(search.get('offset'), 0),
  };
  if (type.success) params.type = type.data;
  if (access.success) params.access = access.data;
  const labels = search.getAll('label');
  if (labels.length > 0) params.labels = labels;
  const text = search.get('search');
  if (text) params.search = text;
  if (isSortField(sortBy)) {
    params.sortBy = sortBy;
    params.orderBy = search.get('order') === 'desc' ? 'desc' : 'asc';
  }
  return params;
}

/** Changes that narrow or reorder the list start again from the first page. */
export function updateSearch(
  search: URLSearchParams,
  changes: Record<string, string | string[] | null>,
  { keepOffset = false }: { keepOffset?: boolean } = {},
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (Array.isArray(value)) for (const item of value) next.append(key, item);
    else if (value !== null && value !== '') next.set(key, value);
  }
  if (!keepOffset) next.delete('offset');
  return next;
}
