import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { authenticateApiRequests, createSessionStore } from '../auth/session-store';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

const sessionStore = createSessionStore();
authenticateApiRequests(sessionStore);
// A 401 ends the session; the route guard then sends the user to sign-in and back afterwards.
const queryClient = createQueryClient({ onUnauthorized: sessionStore.expire });

export function App() {
  return (
    <AppProviders queryClient={queryClient} sessionStore={sessionStore}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
