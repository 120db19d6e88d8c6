import { loadBalancerQueries } from '../../api/load-balancers';
import type { RoutePrefetch } from '../../lib/group-manifest';

/** The load balancer list, read as `LoadBalancersPage` reads it, while the page's code loads. */
export const prefetch: RoutePrefetch = (client) =>
  void client.prefetchQuery(loadBalancerQueries.list());
