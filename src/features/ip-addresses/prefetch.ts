import { ipAddressQueries } from '../../api/ip-addresses';
import type { RoutePrefetch } from '../../lib/group-manifest';

/** The IP address list, read as `IpAddressesPage` reads it, while the page's code loads. */
export const prefetch: RoutePrefetch = (client) =>
  void client.prefetchQuery(ipAddressQueries.list());
