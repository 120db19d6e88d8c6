import { serverQueries } from '../../api/servers';
import type { RoutePrefetch } from '../../lib/group-manifest';
import { readUrlState } from '../../lib/url-state';
import { serverListUrl } from './server-list-params';

/** The server list's page, read as `ServersPage` reads it, while the page's code loads. */
export const prefetch: RoutePrefetch = (client, _params, search) =>
  void client.prefetchQuery(serverQueries.page(readUrlState(serverListUrl, search)));
