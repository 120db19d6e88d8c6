import { matchRoutes } from 'react-router';
import type { RouteMatch, RouteObject } from 'react-router';

/** The latest answer for each route table: a render asks for the same address several times. */
const latest = new WeakMap<RouteObject[], { pathname: string; matches: RouteMatch[] | null }>();

/**
 * `matchRoutes` for `pathname`, remembered for the table until another address is asked for.
 * react-router flattens and ranks the whole table on every call (about half a millisecond for the
 * signed-in table, measured in the server's render), and a page's render asks for its address
 * three or four times: to start the page, for its breadcrumbs, on the server to load it.
 */
export function matchesAt(table: RouteObject[], pathname: string): RouteMatch[] | null {
  const last = latest.get(table);
  if (last?.pathname === pathname) return last.matches;
  const matches = matchRoutes(table, pathname);
  latest.set(table, { pathname, matches });
  return matches;
}
