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
const AppShell = lazy(async () => ({ default: (await import('./layout/app-shell')).AppShell }));
const DashboardPage = lazy(async () => ({
  default: (await import('./dashboard-route')).DashboardRoute,
}));
const ZonesPage = lazy(async () => ({
  default: (await import('../features/zones/zones-page')).ZonesPage,
}));
const PricesPage = lazy(async () => ({
  default: (await import('../features/prices/prices-page')).PricesPage,
}));
const TokensPage = lazy(async () => ({
  default: (await import('../features/tokens/tokens-page')).TokensPage,
}));
const StorageListPage = lazy(async () => ({
  default: (await import('./resource-pages')).StorageListPage,
}));
const StorageDetailPage = lazy(async () => ({
  default: (await import('./resource-pages')).StorageDetailPage,
}));
const ServersPage = lazy(async () => ({
  default: (await import('./resource-pages')).ServersPage,
}));
const ServerDetailPage = lazy(async () => ({
  default: (await import('./resource-pages')).ServerDetailPage,
}));
const CreateServerPage = lazy(async () => ({
  default: (await import('./resource-pages')).CreateServerPage,
}));
const PartnerPage = lazy(async () => ({
  default: (await import('../features/partner/partner-page')).PartnerPage,
}));
// One import site for the account pages' shared chunk: each site costs first-load bytes.
const accountPages = () => import('./account-pages');
const AccountPage = lazy(async () => ({ default: (await accountPages()).AccountPage }));
const SubaccountsPage = lazy(async () => ({ default: (await accountPages()).SubaccountsPage }));
const BillingPage = lazy(async () => ({ default: (await accountPages()).BillingPage }));
const ResourceBillingPage = lazy(async () => ({
  default: (await accountPages()).ResourceBillingPage,
}));
const NetworkUsagePage = lazy(async () => ({ default: (await accountPages()).NetworkUsagePage }));
const DeviceAvailabilityPage = lazy(async () => ({
  default: (await accountPages()).DeviceAvailabilityPage,
}));
const AuditLogsPage = lazy(async () => ({
  default: (await import('../features/audit-logs/audit-logs-page')).AuditLogsPage,
}));
const NotFoundPage = lazy(async () => ({
  default: (await import('./not-found-page')).NotFoundPage,
}));

const crumb = (label: string) => ({ crumb: label }) satisfies RouteHandle;

/** The one route table: every page is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  { path: paths.signIn(), element: <SignInPage /> },
  {
    element: <RequireAuth signInPath={paths.signIn} />,
    children: [
      {
        path: paths.dashboard(),
        handle: crumb('Dashboard'),
        element: <AppShell />,
        children: [
          { index: true, element: <DashboardPage /> },
          { path: paths.zones(), handle: crumb('Zones'), element: <ZonesPage /> },
          { path: paths.prices(), handle: crumb('Prices'), element: <PricesPage /> },
          { path: paths.tokens(), handle: crumb('API tokens'), element: <TokensPage /> },
          { path: paths.partner(), handle: crumb('Partner console'), element: <PartnerPage /> },
          { path: paths.auditLogs(), handle: crumb('Audit log'), element: <AuditLogsPage /> },
          {
            path: paths.servers(),
            handle: crumb('Servers'),
            children: [
              { index: true, element: <ServersPage /> },
              {
                path: paths.newServer(),
                handle: crumb('Create server'),
                element: <CreateServerPage />,
              },
              {
                path: paths.server(':uuid'),
                handle: crumb('Server'),
                element: <ServerDetailPage />,
              },
            ],
          },
          {
            path: paths.storage(),
            handle: crumb('Storage'),
            children: [
              { index: true, element: <StorageListPage /> },
              {
                path: paths.storageDetail(':uuid'),
                handle: crumb('Storage details'),
                element: <StorageDetailPage />,
              },
            ],
          },
          { path: paths.account(), handle: crumb('Account'), element: <AccountPage /> },
          { path: paths.subaccounts(), handle: crumb('Subaccounts'), element: <SubaccountsPage /> },
          {
            path: paths.billing(),
            handle: crumb('Billing'),
            children: [
              { index: true, element: <BillingPage /> },
              {
                path: paths.resourceBilling(':resourceId'),
                handle: crumb('Resource billing'),
                element: <ResourceBillingPage />,
              },
            ],
          },
          {
            path: paths.networkUsage(),
            handle: crumb('Network usage'),
            element: <NetworkUsagePage />,
          },
          {
            path: paths.deviceAvailability(),
            handle: crumb('Device availability'),
            element: <DeviceAvailabilityPage />,
          },
          { path: '*', handle: crumb('Page not found'), element: <NotFoundPage /> },
        ],
      },
    ],
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
