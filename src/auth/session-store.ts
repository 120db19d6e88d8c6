import { z } from 'zod/mini';
import { setCredentialProvider } from '../api/http';

const storageKey = 'skydeck.session';
/** What the panel keeps for a session besides it lives under `skydeck.session.` and ends with it. */
const sessionKeyPrefix = `${storageKey}.`;

function forgetSession(storage: Storage) {
  storage.removeItem(storageKey);
  for (let index = storage.length - 1; index >= 0; index -= 1) {
    const key = storage.key(index);
    if (key?.startsWith(sessionKeyPrefix)) storage.removeItem(key);
  }
}
/** The localStorage key of the tab used last, which gives a new tab its session (session-sharing.ts). */
export const lastTabKey = 'skydeck.last-tab';

/**
 * What the panel keeps of a sign-in: the bearer token and, for a password sign-in, the id of the
 * session token it created (to revoke it on sign-out). The password itself is never kept.
 */
export const sessionSchema = z.object({
  token: z.string().check(z.minLength(1)),
  tokenId: z.optional(z.string()),
  username: z.string(),
  viaPassword: z.boolean(),
  /** When the session token expires (known for a password sign-in's own token). */
  expiresAt: z.optional(z.string()),
});
export type Session = z.infer<typeof sessionSchema>;

export interface AuthState {
  session: Session | null;
  /** True after the API rejected the stored token, so sign-in can say why it is shown. */
  expired: boolean;
  /** Why the panel signed the user out itself, for the sign-in page to say. */
  notice?: string;
}

export interface SessionStore {
  getState: () => AuthState;
  subscribe: (listener: () => void) => () => void;
  start: (session: Session) => void;
  end: (notice?: string) => void;
  expire: () => void;
}

function readSession(storage: Storage): Session | null {
  const stored = storage.getItem(storageKey);
  if (stored === null) return null;
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Session state in sessionStorage: it survives reloads but not closing the tab, and is per tab. */
export function createSessionStore(storage: Storage = window.sessionStorage): SessionStore {
  let state: AuthState = { session: readSession(storage), expired: false };
  const listeners = new Set<() => void>();

  const update = (next: AuthState) => {
    state = next;
    if (next.session) storage.setItem(storageKey, JSON.stringify(next.session));
    else forgetSession(storage);
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: (session) => update({ session, expired: false }),
    end: (notice) => update({ session: null, expired: false, ...(notice ? { notice } : {}) }),
    expire: () => {
      if (state.session) update({ session: null, expired: true });
    },
  };
}

/** Lets the API client read the current token on each request instead of holding a copy. */
export function authenticateApiRequests(store: SessionStore): void {
  setCredentialProvider(() => store.getState().session?.token ?? null);
}
