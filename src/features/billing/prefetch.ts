import { billingQueries } from '../../api/billing';
import type { RoutePrefetch } from '../../lib/group-manifest';
import { billingMonthOf } from './billing-url';

/**
 * The month's summary, read as `BillingPage` reads it, while the page's code loads; then the lists
 * that lend the bill its titles, as soon as their code (the page's too) has come. The chart's
 * months wait for the chart (without the billing role they would fail six times).
 */
export const prefetch: RoutePrefetch = (client, _params, search) => {
  void client.prefetchQuery(billingQueries.summary(billingMonthOf(search)));
  void import('./resource-titles').then(({ prefetchResourceTitles }) =>
    prefetchResourceTitles(client),
  );
};
