import { tagQueries } from '../../api/tags';
import type { RoutePrefetch } from '../../lib/group-manifest';

/** The tag list, read as `TagsPage` reads it, while the page's code loads. */
export const prefetch: RoutePrefetch = (client) => void client.prefetchQuery(tagQueries.list());
