import { lazy } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { matchRoutes, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../components/breadcrumbs';
import type { GroupRoute } from '../lib/group-manifest';
import { groups } from './groups';
// The dashboard is part of this chunk: a lazy chunk of its own cost its first load more bytes.
import { DashboardRoute } from './dashboard-route';
import { AppShell } from './layout/app-shell';
import { paths } from './paths';
import { AppRoutes } from './app-routes';

const NotFoundPage = lazy(async () => ({
  default: (await import('./not-found-page')).NotFoundPage,
}));

const crumb = (label: string) => ({ crumb: label }) satisfies RouteHandle;

/** The routes whose page has first reads to start (`GroupRoute.prefetch`). */
const prefetches = new WeakMap<RouteObject, NonNullable<GroupRoute['prefetch']>>();

/** A manifest's route: with children, its own page is their index route. */
function toRoute({ path, crumb: label, page: Page, prefetch, children }: GroupRoute): RouteObject {
  const page = (route: RouteObject) => {
    if (!Page) return route;
    const withPage = { ...route, element: <Page /> };
    if (prefetch) prefetches.set(withPage, prefetch);
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

// A navigation starts its page's reads once, however often the table renders.
const prefetched = new WeakSet<object>();

/**
 * The signed-in app's routes. The page a navigation opens has its first reads started here, as
 * its route matches and before the shell around it renders, beside the page's code (render as you
 * fetch): the reads no longer wait for that code and its imports to load, nor for the shell.
 */
export function SignedInRoutes() {
  const client = useQueryClient();
  const location = useLocation();
  if (!prefetched.has(location)) {
    prefetched.add(location);
    const match = matchRoutes(signedInRoutes, location)?.at(-1);
    const prefetch = match && prefetches.get(match.route);
    // Should the prefetch's code fail to load, the page reads on its own and reports the failure.
    if (match && prefetch) {
      prefetch()
        .then((module) =>
          module.prefetch(client, match.params, new URLSearchParams(location.search)),
        )
        .catch(() => undefined);
    }
  }
  return <AppRoutes table={signedInRoutes} />;
}
