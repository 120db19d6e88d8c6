import { Suspense, lazy, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { accountQueries } from '../api/account';
import { requestSessionRenewal, setSessionRenewal } from '../api/http';
import type { Session, SessionStore } from './session-store';
import { AuthContext } from './use-auth';

export { useAuth } from './use-auth';

const SessionRenewalDialog = lazy(() => import('./session-renewal-dialog'));
// Signing in and out loads the token endpoints' schemas on demand: the first load of every page
// would otherwise carry them.
const signIn = () => import('./sign-in');

/** A session token is renewed this long before it expires. */
const renewBeforeMs = 60_000;

const expiresSoon = (session: Session | null) =>
  session?.expiresAt !== undefined && Date.parse(session.expiresAt) - Date.now() < renewBeforeMs;

export function AuthProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  // While set, a dialog over the page asks the user to sign in again; requests wait for it.
  const [renewing, setRenewing] = useState<((renewed: boolean) => void) | null>(null);

  useEffect(() => {
    let pending: ((renewed: boolean) => void) | null = null;
    const unregister = setSessionRenewal({
      due: () => expiresSoon(store.getState().session),
      renew: () =>
        store.getState().session
          ? new Promise<boolean>((resolve) => {
              pending = resolve;
              setRenewing(() => resolve);
            })
          : Promise.resolve(false),
    });
    return () => {
      unregister();
      // Requests still waiting when the app goes away fail with their 401.
      pending?.(false);
    };
  }, [store]);

  // A session about to expire asks for a new sign-in even while the user is only reading.
  const expiresAt = state.session?.expiresAt;
  useEffect(() => {
    if (expiresAt === undefined) return;
    const delay = Date.parse(expiresAt) - renewBeforeMs - Date.now();
    if (delay > 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => void requestSessionRenewal(), Math.max(delay, 0));
    return () => window.clearTimeout(timer);
  }, [expiresAt]);

  const actions = useMemo(
    () => ({
      signInWithToken: async (token: string) => {
        const { session, account } = await (await signIn()).verifyToken(token);
        queryClient.clear();
        queryClient.setQueryData(accountQueries.detail().queryKey, account);
        store.start(session);
      },
      signInWithPassword: async (username: string, password: string) => {
        const session = await (await signIn()).exchangePassword(username, password);
        queryClient.clear();
        store.start(session);
      },
      signOut: async () => {
        const { session } = store.getState();
        if (session) {
          // The session token expires on its own within hours, so failing to revoke it
          // must not keep the user signed in.
          await signIn()
            .then(({ revokeSessionToken }) => revokeSessionToken(session))
            .catch(() => undefined);
        }
        store.end();
        queryClient.clear();
      },
      endSession: (notice: string) => {
        store.end(notice);
        queryClient.clear();
      },
    }),
    [queryClient, store],
  );

  const auth = useMemo(() => ({ ...state, ...actions }), [state, actions]);
  return (
    <AuthContext value={auth}>
      {children}
      {renewing && state.session && (
        <Suspense fallback={null}>
          <SessionRenewalDialog
            session={state.session}
            onRenewed={(session) => {
              const previous = store.getState().session;
              // The old token may still work for a minute; it is no longer needed.
              if (previous) {
                void signIn()
                  .then(({ revokeSessionToken }) => revokeSessionToken(previous))
                  .catch(() => undefined);
              }
              store.start(session);
              setRenewing(null);
              renewing(true);
            }}
            onCancel={() => {
              setRenewing(null);
              renewing(false);
              store.expire();
            }}
          />
        </Suspense>
      )}
    </AuthContext>
  );
}
