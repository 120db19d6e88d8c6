import { BrowserRouter } from 'react-router';
import { expectSessionRenewal } from '../api/http';
import { createQueryClient } from '../api/query-client';
import { shareSession } from '../auth/share-session';
import { authenticateApiRequests, createSessionStore } from '../auth/session-store';
import { AppProviders } from './providers';
import { AppRoutes } from './app-routes';
import { routes, startFirstPage } from './router';

const sessionStore = createSessionStore();
authenticateApiRequests(sessionStore);
// A 401 first asks the user to sign in again over the page (AuthProvider); only giving up ends
// the session, and the route guard then sends the user to sign-in and back afterwards.
const queryClient = createQueryClient({ onUnauthorized: sessionStore.expire });
// A tab opened from a link takes the session of the tab used last (session-sharing.ts).
const sessionShared = shareSession(sessionStore, { onEndedElsewhere: () => queryClient.clear() });

/** Starts a signed-in visit's first page; settles when it may render (its reads have started). */
async function startVisit(): Promise<void> {
  await sessionShared;
  if (!sessionStore.getState().session) return;
  // A refusal of those reads waits for the sign-in layer to ask over the page.
  expectSessionRenewal();
  return startFirstPage(queryClient);
}

export const appReady = startVisit();

export function App() {
  return (
    <AppProviders queryClient={queryClient} sessionStore={sessionStore}>
      <BrowserRouter>
        <AppRoutes table={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}
