import * as z from 'zod/mini';
import {
  defaultStorageLimit,
  storageAccessSchema,
  storageSortFields,
  storageTypeSchema,
} from '../../../contract/storage';
import type { StorageListParams } from '../../api/storage';
import { urlChoice, urlList, urlOffset, urlPageSize, urlText, urlValue } from '../../lib/url-state';

export const defaultAccess = 'private';

/** The storage list the URL describes; unknown values fall back to the defaults. */
export const storageListUrl = z.object({
  view: urlChoice(z.literal('favorites')),
  type: urlChoice(storageTypeSchema),
  // The account's own storage first: public templates and CD-ROMs would fill the first pages.
  // Any other value (`all`) is both.
  access: urlValue(z._default(storageAccessSchema, defaultAccess)),
  search: urlText(),
  label: urlList(),
  sort: urlChoice(z.enum(storageSortFields)),
  order: urlChoice(z.enum(['asc', 'desc'])),
  limit: urlPageSize(defaultStorageLimit),
  offset: urlOffset(),
});

/** The read of the list the URL describes: the favorites view takes no filters. */
export function storageListParams({
  view,
  ...filters
}: z.output<typeof storageListUrl>): StorageListParams {
  return view === 'favorites' ? { favorite: true } : filters;
}
