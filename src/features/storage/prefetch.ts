import { storageQueries } from '../../api/storage';
import type { RoutePrefetch } from '../../lib/group-manifest';
import { readUrlState } from '../../lib/url-state';
import { storageListParams, storageListUrl } from './storage-list-params';

/** The storage list's page, read as `StorageListPage` reads it, while the page's code loads. */
export const prefetch: RoutePrefetch = (client, _params, search) =>
  void client.prefetchQuery(
    storageQueries.page(storageListParams(readUrlState(storageListUrl, search))),
  );
