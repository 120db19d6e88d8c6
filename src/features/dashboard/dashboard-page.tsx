import { Suspense, lazy } from 'react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { accountQueries } from '../../api/account';
import { dashboardQueries } from '../../api/dashboard';
import { PageHeader } from '../../components/page-header';
import { activityRead, billedMonth, billingOf, mayReadBilling, PendingWidgets } from './widget';

// The widgets read several groups' APIs; they come in a chunk of their own after the page.
const DashboardWidgets = lazy(() => import('./dashboard-widgets'));

/**
 * The widgets' first reads start with the page, beside the widgets' code, instead of once that
 * code has loaded and rendered (render as you fetch). The spend's waits for the account's answer,
 * as its widget does: a user who may not read billing sends no request the API would refuse.
 * Returns whether the user may read billing, `undefined` until the account has answered.
 */
function useWidgetReads() {
  // Started as the page renders; a query's own request would wait for the page's commit.
  usePrefetchQuery(accountQueries.detail());
  const account = useQuery(accountQueries.detail());
  useQuery({
    ...dashboardQueries.spend(billedMonth(new Date())),
    enabled: mayReadBilling(account.data),
  });
  usePrefetchQuery(accountQueries.resourceUsage());
  usePrefetchQuery(dashboardQueries.servers());
  usePrefetchQuery(dashboardQueries.storages());
  usePrefetchQuery(dashboardQueries.activity(activityRead));
  return billingOf(account);
}

export function DashboardPage() {
  const billing = useWidgetReads();
  return (
    <>
      <PageHeader title="Dashboard" />
      {/* The widgets' places, titles and lines, until their code and answers fill them. */}
      <Suspense fallback={<PendingWidgets billing={billing} />}>
        <DashboardWidgets />
      </Suspense>
    </>
  );
}
