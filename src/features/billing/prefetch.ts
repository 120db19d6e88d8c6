import { billingQueries } from '../../api/billing';
import type { RoutePrefetch } from '../../lib/group-manifest';
import { billingMonthOf } from './billing-url';

/**
 * The month's summary, read as `BillingPage` reads it, while the page's code loads. The lists that
 * lend the bill its titles wait for the page: their code is the page's, so prefetched here they
 * would only add a chain of chunks ahead of its first paint. The chart's months wait for the chart.
 */
export const prefetch: RoutePrefetch = (client, _params, search) =>
  void client.prefetchQuery(billingQueries.summary(billingMonthOf(search)));
