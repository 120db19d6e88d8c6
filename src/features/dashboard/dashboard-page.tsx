import { Suspense, lazy } from 'react';
import { PageHeader } from '../../components/page-header';
import { PendingWidgets } from './widget';

// The widgets read several groups' APIs; they come in a chunk of their own after the page.
const DashboardWidgets = lazy(() => import('./dashboard-widgets'));

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" />
      {/* The widgets' places, titles and lines, until their code and answers fill them. */}
      <Suspense fallback={<PendingWidgets />}>
        <DashboardWidgets />
      </Suspense>
    </>
  );
}
