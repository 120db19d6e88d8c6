import { lazy, useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { parsePath, useLocation } from 'react-router';
import type { Location, RouteObject } from 'react-router';
import type { RouteHandle } from '../components/breadcrumbs';
import type { GroupRoute } from '../lib/group-manifest';
import { groups } from './groups';
// The dashboard is part of this chunk: a lazy chunk of its own cost its first load more bytes.
import { DashboardRoute } from './dashboard-route';
import { AppShell } from './layout/app-shell';
import { paths } from './paths';
import { AppRoutes } from './app-routes';
import { matchesAt } from './route-matches';
import { RouteStartContext } from './route-start';
import type { StartRoute } from './route-start';

const NotFoundPage = lazy(async () => ({
  default: (await import('./not-found-page')).NotFoundPage,
}));

const crumb = (label: string) => ({ crumb: label }) satisfies RouteHandle;

/** The manifest route of each route with a page: its code to load and first reads to start. */
const pages = new WeakMap<RouteObject, GroupRoute>();

/** A manifest's route: with children, its own page is their index route. */
function toRoute(manifestRoute: GroupRoute): RouteObject {
  const { path, crumb: label, page: Page, children } = manifestRoute;
  const page = (route: RouteObject) => {
    if (!Page) return route;
    const withPage = { ...route, element: <Page /> };
    pages.set(withPage, manifestRoute);
    return withPage;
  };
  if (!children) return page({ path, handle: crumb(label) });
  return {
    path,
    handle: crumb(label),
    children: [...(Page ? [page({ index: true })] : []), ...children.map(toRoute)],
  };
}

/** The signed-in app's route table: the shell around the dashboard and every group's pages. */
export const signedInRoutes: RouteObject[] = [
  {
    path: paths.dashboard(),
    handle: crumb('Dashboard'),
    element: <AppShell />,
    children: [
      { index: true, element: <DashboardRoute /> },
      ...groups.flatMap((group) => group.routes.map(toRoute)),
      { path: '*', handle: crumb('Page not found'), element: <NotFoundPage /> },
    ],
  },
];

type PageLocation = Pick<Location, 'pathname' | 'search'>;

/** The manifest route of the page at `location`, with its match; none when no group's page is. */
function pageAt(location: PageLocation) {
  const match = matchesAt(signedInRoutes, location.pathname)?.at(-1);
  const route = match && pages.get(match.route);
  return match && route ? { match, route } : undefined;
}

/**
 * Starts what the page at `location` needs: its code, and its first reads (render as you fetch),
 * from the page's own query factory, so that neither waits for the other nor for the shell; with
 * `code`, only the code of both. Resolves once the reads are under way, not waiting for the page's
 * code: until that code is in, the shell shows the page's heading. Should the reads' code fail to
 * load, the page reads on its own and reports the failure.
 */
export async function startRoute(
  client: QueryClient,
  location: PageLocation,
  intent: 'code' | 'read' = 'read',
): Promise<void> {
  const page = pageAt(location);
  if (!page) return;
  const { match, route } = page;
  route.preload?.().catch(() => undefined);
  await route
    .prefetch?.()
    .then((module) => {
      if (intent === 'read') {
        module.prefetch(client, match.params, new URLSearchParams(location.search));
      }
    })
    .catch(() => undefined);
}

/**
 * The page at `location` with its code in and its first reads started (`startRoute`), for the
 * server's render; false when no group's page matches.
 */
export async function loadPage(client: QueryClient, location: PageLocation): Promise<boolean> {
  const route = pageAt(location)?.route;
  if (!route) return false;
  await Promise.all([route.preload?.(), startRoute(client, location)]);
  return true;
}

// A navigation starts its page once, however often the table renders.
const started = new WeakSet<object>();

/**
 * The signed-in app's routes. A navigation starts its page (`startRoute`) as its route matches,
 * before the shell around it renders. The first page of a visit was started before React rendered
 * (`startFirstPage`, router.tsx); starting it again here joins what is under way.
 */
export function SignedInRoutes() {
  const client = useQueryClient();
  const location = useLocation();
  if (!started.has(location)) {
    started.add(location);
    void startRoute(client, location);
  }
  const startLink = useCallback<StartRoute>(
    (to, intent) => {
      const { pathname = '/', search = '' } = parsePath(to);
      void startRoute(client, { pathname, search }, intent);
    },
    [client],
  );
  return (
    <RouteStartContext value={startLink}>
      <AppRoutes table={signedInRoutes} />
    </RouteStartContext>
  );
}
