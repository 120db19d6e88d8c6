import { billingQueries } from '../../api/billing';
import type { RoutePrefetch } from '../../lib/group-manifest';
import { billingMonthOf } from './billing-url';

/**
 * The month's summary, read as `BillingPage` reads it, while the page's code loads; the chart's
 * months wait for it there (without the billing role they would fail six times).
 */
export const prefetch: RoutePrefetch = (client, _params, search) =>
  void client.prefetchQuery(billingQueries.summary(billingMonthOf(search)));
