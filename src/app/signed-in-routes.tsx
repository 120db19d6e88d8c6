import { lazy } from 'react';
import type { ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
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

// A navigation starts its page's reads once, however often the page renders: a page waiting for
// its code is rendered again from the start once the code is there.
const prefetched = new WeakSet<object>();

/**
 * A group's page whose first reads start the moment its route matches, beside its code (render
 * as you fetch): the reads no longer wait for the page's chunk and its imports to load.
 */
function GroupPage({
  page: Page,
  prefetch,
}: { page: ComponentType } & Pick<GroupRoute, 'prefetch'>) {
  const client = useQueryClient();
  const params = useParams();
  const location = useLocation();
  if (prefetch && !prefetched.has(location)) {
    prefetched.add(location);
    // Should the prefetch's code fail to load, the page reads on its own and reports the failure.
    prefetch()
      .then((module) => module.prefetch(client, params, new URLSearchParams(location.search)))
      .catch(() => undefined);
  }
  return <Page />;
}

/** A manifest's route: with children, its own page is their index route. */
function toRoute({ path, crumb: label, page, prefetch, children }: GroupRoute): RouteObject {
  const element = page && <GroupPage page={page} prefetch={prefetch} />;
  if (!children) return { path, handle: crumb(label), element };
  return {
    path,
    handle: crumb(label),
    children: [...(element ? [{ index: true, element }] : []), ...children.map(toRoute)],
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

export function SignedInRoutes() {
  return <AppRoutes table={signedInRoutes} />;
}
