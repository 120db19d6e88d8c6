import { kubernetesQueries } from '../../api/kubernetes';
import type { RoutePrefetch } from '../../lib/group-manifest';

/** The cluster list, read as `ClusterListPage` reads it, while the page's code loads. */
export const prefetch: RoutePrefetch = (client) =>
  void client.prefetchQuery(kubernetesQueries.list());
