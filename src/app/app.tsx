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

/** Settles when the first page may render: a signed-in visit's page has its code and reads started. */
export const appReady: Promise<void> = sessionStore.getState().session
  ? (expectSessionRenewal(), startFirstPage(queryClient))
  : Promise.resolve();

export function App() {
  return (
    <AppProviders queryClient={queryClient} sessionStore={sessionStore}>
      <BrowserRouter>
        <AppRoutes table={routes} />
      </BrowserRouter>
    </AppProviders>
  );
}
