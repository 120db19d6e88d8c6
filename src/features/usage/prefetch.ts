import { usageQueries } from '../../api/usage';
import type { RoutePrefetch } from '../../lib/group-manifest';

/**
 * The Network Transfer Pool, read as `NetworkUsagePage` reads it first, while the page's code
 * loads. The page asks for its other parts only once this read has been allowed (a subaccount
 * without the billing role is refused once, not once per part), so they wait for it here too.
 */
export const prefetch: RoutePrefetch = (client) =>
  void client.prefetchQuery(usageQueries.currentNetwork());
