import { zoneQueries } from '../../api/zones';
import type { RoutePrefetch } from '../../lib/group-manifest';

/** The zone list, read as `ZonesPage` reads it, while the page's code loads. */
export const prefetch: RoutePrefetch = (client) => void client.prefetchQuery(zoneQueries.list());
