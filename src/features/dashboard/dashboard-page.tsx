import { Suspense, lazy } from 'react';
import { PageHeader } from '../../components/page-header';
import { LoadingState } from '../../components/query-state';

// The widgets read several groups' APIs; they come in a chunk of their own after the page.
const DashboardWidgets = lazy(() => import('./dashboard-widgets'));

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <Suspense fallback={<LoadingState label="Loading" />}>
        <DashboardWidgets />
      </Suspense>
    </>
  );
}
