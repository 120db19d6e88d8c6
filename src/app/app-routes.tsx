import { Suspense, useMemo } from 'react';
import { useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { BreadcrumbTrail } from '../components/breadcrumbs';
import type { Crumb, RouteHandle } from '../components/breadcrumbs';
import { PageLoading } from './page-loading';
import { RouteErrorBoundary } from './route-error-boundary';
import { matchesAt } from './route-matches';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof (handle as Partial<RouteHandle> | undefined)?.crumb === 'string';
}

/** Renders `table` for the current location, with its breadcrumb trail and an error boundary. */
export function AppRoutes({ table }: { table: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(table);
  const trail = useMemo<Crumb[]>(
    () =>
      (matchesAt(table, location.pathname) ?? []).flatMap(({ route, pathname }) =>
        isRouteHandle(route.handle) ? [{ label: route.handle.crumb, to: pathname }] : [],
      ),
    [table, location.pathname],
  );
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <BreadcrumbTrail value={trail}>
        <Suspense fallback={<PageLoading />}>{element}</Suspense>
      </BreadcrumbTrail>
    </RouteErrorBoundary>
  );
}
