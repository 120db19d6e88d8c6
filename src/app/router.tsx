import { lazy } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { Location, RouteObject } from 'react-router';
import { RequireAuth } from '../auth/require-auth';
import { preloadable } from '../lib/preloadable';
import { paths } from './paths';

// Declarative routes with React.lazy rather than a data router: the data router's code would
// cost about 19 KB gzip of the first load, over the budget, for loaders this panel does not use.
const SignInPage = lazy(async () => ({
  default: (await import('../auth/sign-in-page')).SignInPage,
}));
// The groups' routes, with their manifests' icons, load with the signed-in shell: the sign-in
// page's first load does not carry them.
const signedIn = preloadable(() => import('./signed-in-routes'));
const SignedInRoutes = signedIn.component((module) => module.SignedInRoutes);

/**
 * Starts the first page of a signed-in visit, its code and its first reads, as the entry runs and
 * before React renders anything, and resolves once those reads are under way: they travel while
 * the app renders, where a module imported during that render would resolve, and its reads leave,
 * only as the render lets it. The shell is in by then (index.html names its files as preloads, so
 * this is evaluation, not download), and the page too if its code has come: either renders at
 * once. A refusal of those reads waits for the sign-in layer to ask (`expectSessionRenewal`).
 */
export async function startFirstPage(client: QueryClient): Promise<void> {
  if (matchPath(paths.signIn(), window.location.pathname)) return;
  const module = await signedIn.load().catch(() => undefined);
  await module?.startRoute(client, window.location);
}

/**
 * For the server's render of a signed-in page (render-page.tsx): the signed-in routes' code,
 * the page's own code and its first reads, all started; resolves once the code is in, false when
 * `location` opens no group's page (sign-in, the dashboard, an unknown path).
 */
export async function loadSignedInPage(
  client: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<boolean> {
  if (matchPath(paths.signIn(), location.pathname)) return false;
  const module = await signedIn.load();
  return module.loadPage(client, location);
}

/** The entry's route table: sign-in, and behind the guard the signed-in app's own table. */
export const routes: RouteObject[] = [
  { path: paths.signIn(), element: <SignInPage /> },
  {
    element: <RequireAuth signInPath={paths.signIn} />,
    children: [{ path: '*', element: <SignedInRoutes /> }],
  },
];
