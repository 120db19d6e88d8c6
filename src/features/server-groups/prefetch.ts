import { serverGroupQueries } from '../../api/server-groups';
import type { RoutePrefetch } from '../../lib/group-manifest';

/** The server group list, read as `ServerGroupsPage` reads it, while the page's code loads. */
export const prefetch: RoutePrefetch = (client) =>
  void client.prefetchQuery(serverGroupQueries.list());
