import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../auth/require-auth';
import { paths } from './paths';

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
