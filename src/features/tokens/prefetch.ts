import { tokenQueries } from '../../api/tokens';
import type { RoutePrefetch } from '../../lib/group-manifest';
import { readUrlState } from '../../lib/url-state';
import { tokenListUrl } from './token-list-url';

/** The token list's page, read as `TokensPage` reads it, while the page's code loads. */
export const prefetch: RoutePrefetch = (client, _params, search) =>
  void client.prefetchQuery(tokenQueries.page(readUrlState(tokenListUrl, search)));
