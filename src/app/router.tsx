import { lazy, Suspense, useMemo } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../auth/require-auth';
import { BreadcrumbTrail } from '../components/breadcrumbs';
import type { Crumb, RouteHandle } from '../components/breadcrumbs';
import { paths } from './paths';
import { PageLoading } from './page-loading';
import { RouteErrorBoundary } from './route-error-boundary';

// Declarative routes with React.lazy rather than a data router: the data router's code would
// cost about 19 KB gzip of the first load, over the budget, for loaders this panel does not use.
const SignInPage = lazy(async () => ({
  default: (await import('../auth/sign-in-page')).SignInPage,
}));
// The groups' routes, with their manifests' icons, load with the signed-in shell: the sign-in
// page's first load does not carry them.
const SignedInRoutes = lazy(async () => ({
  default: (await import('./signed-in-routes')).SignedInRoutes,
}));

/** The entry's route table: sign-in, and behind the guard the signed-in app's own table. */
export const routes: RouteObject[] = [
  { path: paths.signIn(), element: <SignInPage /> },
  {
    element: <RequireAuth signInPath={paths.signIn} />,
    children: [{ path: '*', element: <SignedInRoutes /> }],
  },
];

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof (handle as Partial<RouteHandle> | undefined)?.crumb === 'string';
}

/** Renders `table` for the current location, with its breadcrumb trail and an error boundary. */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(table);
  const trail = useMemo<Crumb[]>(
    () =>
      (matchRoutes(table, location) ?? []).flatMap(({ route, pathname }) =>
        isRouteHandle(route.handle) ? [{ label: route.handle.crumb, to: pathname }] : [],
      ),
    [table, location],
  );
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <BreadcrumbTrail value={trail}>
        <Suspense fallback={<PageLoading />}>{element}</Suspense>
      </BreadcrumbTrail>
    </RouteErrorBoundary>
  );
}
