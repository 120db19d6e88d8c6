import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../auth/require-auth';
import type { RouteHandle } from '../components/breadcrumbs';
import { navigationEntries } from './navigation';
import { paths } from './paths';
import { PageLoading } from './page-loading';
import { RouteErrorPage } from './route-error-page';

const dashboardSections = navigationEntries.filter((entry) => entry.to !== paths.dashboard());

/** The one route table: every page is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoading,
    children: [
      {
        path: paths.signIn(),
        lazy: async () => ({ Component: (await import('../auth/sign-in-page')).SignInPage }),
      },
      {
        element: <RequireAuth signInPath={paths.signIn} />,
        children: [
          {
            path: paths.dashboard(),
            handle: { crumb: 'Dashboard' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./layout/app-shell')).AppShell }),
            children: [
              {
                index: true,
                lazy: async () => {
                  const { DashboardPage } = await import('../features/dashboard/dashboard-page');
                  return {
                    Component: function Dashboard() {
                      return <DashboardPage sections={dashboardSections} />;
                    },
                  };
                },
              },
              {
                path: paths.zones(),
                handle: { crumb: 'Zones' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('../features/zones/zones-page')).ZonesPage,
                }),
              },
              {
                path: paths.prices(),
                handle: { crumb: 'Prices' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('../features/prices/prices-page')).PricesPage,
                }),
              },
              {
                path: paths.tokens(),
                handle: { crumb: 'API tokens' } satisfies RouteHandle,
                lazy: async () => ({
                  Component: (await import('../features/tokens/tokens-page')).TokensPage,
                }),
              },
              {
                path: '*',
                handle: { crumb: 'Page not found' } satisfies RouteHandle,
                lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
