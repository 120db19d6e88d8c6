import { useLayoutEffect } from 'react';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import type { Location, RouteObject } from 'react-router';
import { createQueryClient } from '../api/query-client';
// The groups' links (src/lib/links.ts), which pages rendered on their own use too.
import '../app/groups';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/app-routes';
import { routes } from '../app/router';
import { authenticateApiRequests, createSessionStore } from '../auth/session-store';
import type { Session } from '../auth/session-store';
import { exchangePassword } from '../auth/sign-in';
import type { TenantUser } from './factories';
import { tenantUser } from './tenant';

/** A real panel session for one of this file's accounts: the password exchange the sign-in page makes. */
export function signInAs(user: TenantUser): Promise<Session> {
  const { username, password } = tenantUser(user);
  return exchangePassword(username, password);
}

/** The query of the address a rendered page is at now (`location` of `renderPage`, `renderApp`). */
export const searchOf = (location: { current: { search: string } | null }) =>
  new URLSearchParams(location.current?.search);

/**
 * A text matcher for text set over several elements, as `HostName` sets a host name's labels:
 * the innermost element whose whole text is `text`.
 */
export function wholeText(text: string | RegExp) {
  const is = (element: Element) =>
    typeof text === 'string' ? element.textContent === text : text.test(element.textContent ?? '');
  return (_content: string, element: Element | null) =>
    element !== null && is(element) && ![...element.children].some(is);
}

/** A name no other test of the file uses. */
export { uniqueName } from './factories';

/**
 * Lets a test read where the app navigated to, as the address bar would show it. A layout effect
 * runs in the same commit as the page it navigated to: a test that has found that page reads its
 * address (a passive effect could still be pending then).
 */
function LocationProbe({ intoRef }: { intoRef: { current: Location | null } }) {
  const location = useLocation();
  useLayoutEffect(() => {
    intoRef.current = location;
  }, [intoRef, location]);
  return null;
}

interface RenderOptions {
  session?: Session | null;
  path?: string;
  /** The Undo grace period of deletions (shorter than the panel's 5 s keeps tests quick). */
  undoGraceMs?: number;
}

function renderRouter(
  table: RouteObject[],
  { session = null, path = '/', undoGraceMs }: RenderOptions,
) {
  const sessionStore = createSessionStore(window.sessionStorage);
  if (session) sessionStore.start(session);
  authenticateApiRequests(sessionStore);
  const queryClient = createQueryClient({ onUnauthorized: sessionStore.expire });
  const location: { current: Location | null } = { current: null };
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} sessionStore={sessionStore} undoGraceMs={undoGraceMs}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes table={table} />
        <LocationProbe intoRef={location} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, sessionStore, queryClient, location };
}

/** One page on its own, at `path`, with the app's providers. */
export function renderPage(page: ReactElement, options: RenderOptions = {}) {
  return renderRouter([{ path: '*', element: page }], options);
}

/** The whole app: route table, guard, shell and lazy pages. */
export function renderApp(options: RenderOptions = {}) {
  return renderRouter(routes, options);
}
