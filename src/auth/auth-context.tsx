import { createContext, use, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { accountQueries } from '../api/account';
import { exchangePassword, revokeSessionToken, verifyToken } from './sign-in';
import type { AuthState, SessionStore } from './session-store';

export interface Auth extends AuthState {
  signInWithToken: (token: string) => Promise<void>;
  signInWithPassword: (username: string, password: string) => Promise<void>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(store.subscribe, store.getState);

  const actions = useMemo(
    () => ({
      signInWithToken: async (token: string) => {
        const { session, account } = await verifyToken(token);
        queryClient.clear();
        queryClient.setQueryData(accountQueries.detail().queryKey, account);
        store.start(session);
      },
      signInWithPassword: async (username: string, password: string) => {
        const session = await exchangePassword(username, password);
        queryClient.clear();
        store.start(session);
      },
      signOut: async () => {
        const { session } = store.getState();
        if (session) {
          // The session token expires on its own within hours, so failing to revoke it
          // must not keep the user signed in.
          await revokeSessionToken(session).catch(() => undefined);
        }
        store.end();
        queryClient.clear();
      },
    }),
    [queryClient, store],
  );

  const auth = useMemo(() => ({ ...state, ...actions }), [state, actions]);
  return <AuthContext value={auth}>{children}</AuthContext>;
}

export function useAuth(): Auth {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it.');
  return auth;
}
