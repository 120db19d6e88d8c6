import { BrowserRouter } from 'react-router';
import { expectSessionRenewal } from '../api/http';
import { createQueryClient } from '../api/query-client';
import { shareSession } from '../auth/share-session';
import { keepRenderCookie } from '../auth/render-cookie';
import { authenticateApiRequests, createSessionStore } from '../auth/session-store';
import { AppProviders } from './providers';
import { AppRoutes } from './app-routes';
import { routes, startFirstPage } from './router';
import { colorModeStorageKey, theme } from './theme';

const sessionStore = createSessionStore();
authenticateApiRequests(sessionStore);
// A 401 first asks the user to sign in again over the page (AuthProvider); only giving up ends
// the session, and the route guard then sends the user to sign-in and back afterwards.
const queryClient = createQueryClient({ onUnauthorized: sessionStore.expire });
// A tab opened from a link takes the session of the tab used last (session-sharing.ts).
const sessionShared = shareSession(sessionStore, { onEndedElsewhere: () => queryClient.clear() });

/**
 * Starts a signed-in visit's first page; settles when it may render (its reads have started),
 * with whether #root holds the server's render of that page to take over.
 */
async function startVisit(container: HTMLElement): Promise<boolean> {
  await sessionShared;
  keepRenderCookie(sessionStore, {
    wideQuery: theme.breakpoints.up('md').replace(/^@media\s*/, ''),
    colorModeKey: colorModeStorageKey,
  });
  const { session } = sessionStore.getState();
  // Only a page the server rendered names whom for (server/server-render.ts); the code that takes
  // it over is not in every first load (the server's page names it as a preload).
  const serverRendered =
    container.dataset.renderedFor !== undefined &&
    (await import('./server-render').then(
      (module) => module.adoptServerRender(container, queryClient, session),
      // Its code did not come: drawn anew, as the first render replaces what #root holds.
      () => false,
    ));
  if (!session) return false;
  // A refusal of those reads waits for the sign-in layer to ask over the page.
  expectSessionRenewal();
  await startFirstPage(queryClient);
  return serverRendered;
}

/** Resolves when the app may render into `container`: true to take over the server's page there. */
export const startApp = (container: HTMLElement) => startVisit(container);

export function App() {
  return (
    <AppProviders queryClient={queryClient} sessionStore={sessionStore}>
      <BrowserRouter>
        <AppRoutes table={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}
