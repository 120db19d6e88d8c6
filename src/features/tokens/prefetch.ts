import { tokenQueries } from '../../api/tokens';
import type { RoutePrefetch } from '../../lib/group-manifest';

/** The token list, read as `TokensPage` reads it, while the page's code loads. */
export const prefetch: RoutePrefetch = (client) => void client.prefetchQuery(tokenQueries.list());
