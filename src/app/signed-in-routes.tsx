import { lazy } from 'react';
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

/** A manifest's route: with children, its own page is their index route. */
function toRoute({ path, crumb: label, page: Page, children }: GroupRoute): RouteObject {
  const element = Page && <Page />;
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
