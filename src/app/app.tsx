import { BrowserRouter } from 'react-router';
import { expectSessionRenewal } from '../api/http';
import { createQueryClient } from '../api/query-client';
import { authenticateApiRequests, createSessionStore } from '../auth/session-store';
import { AppProviders } from './providers';
import { AppRoutes } from './app-routes';
import { routes, startFirstPage } from './router';

const sessionStore = createSessionStore();
authenticateApiRequests(sessionStore);
// A 401 first asks the user to sign in again over the page (AuthProvider); only giving up ends
// the session, and the route guard then sends the user to sign-in and back afterwards.
const queryClient = createQueryClient({ onUnauthorized: sessionStore.expire });

/** Starts a signed-in visit's first page; settles when it may render (its reads have started). */
function startVisit(): Promise<void> {
  if (!sessionStore.getState().session) return Promise.resolve();
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
