import {
  defaultStorageLimit,
  storageAccessSchema,
  storageSortFields,
  storageTypeSchema,
} from '../../../contract/storage';
import type { StorageListParams, StorageSortField } from '../../api/storage';
import { pageSize, positiveInt } from '../../lib/list-params';

export const defaultAccess = 'private';

const isSortField = (value: string | null): value is StorageSortField =>
  (storageSortFields as readonly (string | null)[]).includes(value);

/** The storage list the URL describes; unknown values fall back to the defaults. */
export function readStorageListParams(search: URLSearchParams): StorageListParams {
  if (search.get('view') === 'favorites') return { favorite: true };
  const type = storageTypeSchema.safeParse(search.get('type'));
  // The account's own storage first: public templates and CD-ROMs would fill the first pages.
  const access = storageAccessSchema.safeParse(search.get('access') ?? defaultAccess);
  const sortBy = search.get('sort');
  const params: StorageListParams = {
    limit: pageSize(search.get('limit'), defaultStorageLimit),
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
