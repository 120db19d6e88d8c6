import { lastTabKey, sessionSchema } from './session-store';
import type { Session, SessionStore } from './session-store';

/**
 * Tabs of the panel share a sign-in. The session lives in the tab's sessionStorage
 * (session-store.ts): it ends with the tab, and two tabs may be signed in to two accounts. But a
 * browser copies sessionStorage only into a window opened by script with an opener, not into the
 * tab a user opens from a link (Ctrl+click, middle click, "Open link in new tab"), which opened on
 * the sign-in page. So:
 * - A tab that starts without a session asks the tab the user used last (its id is in
 *   localStorage, `lastTabKey`) for its session, on a BroadcastChannel (same origin only), and
 *   takes it. That tab answers at once, with or without a session; a tab that does not answer
 *   within `askTimeoutMs` (closed by a crash, frozen in the background) counts as no session.
 * - When a tab's session is renewed or ends by signing out, tabs holding the same token follow:
 *   a renewal revokes the old token, and a sign-out means this browser's panel with that token.
 *   A token the API refuses is each tab's own business: each asks its user to sign in again.
 * share-session.ts starts this module when it is needed.
 */
export const askTimeoutMs = 250;
export const signedOutElsewhere = 'You signed out in another tab.';

type Message =
  | { kind: 'ask'; from: string }
  | { kind: 'answer'; to: string; session: Session | null }
  /** The session with token `from` is now `session`: renewed, or ended (null). */
  | { kind: 'moved'; from: string; session: Session | null };

/** A message another tab sent, or undefined for anything else on the channel. */
function readMessage(data: unknown): Message | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { kind, from, to, session } = data as Record<string, unknown>;
  const shared = session === null ? null : sessionSchema.safeParse(session).data;
  if (kind === 'ask' && typeof from === 'string') return { kind, from };
  if (shared === undefined) return undefined;
  if (kind === 'answer' && typeof to === 'string') return { kind, to, session: shared };
  if (kind === 'moved' && typeof from === 'string') return { kind, from, session: shared };
  return undefined;
}

/** The part of BroadcastChannel this uses (a fake in tests). */
export interface Channel {
  postMessage: (message: Message) => void;
  addEventListener: (type: 'message', listener: (event: { data: unknown }) => void) => void;
}

/** What share-session.ts hands this tab's events to. */
export interface TabSharing {
  /** The user used this tab: it is now the one that answers. */
  used: () => void;
  /** A message from another tab. */
  receive: (data: unknown) => void;
  /** This tab's session was `previous` and changed: other tabs holding it follow a renewal or a sign-out. */
  moved: (previous: Session) => void;
  /** Asks the tab used last for its session, takes it if there is one; settles when answered. */
  ask: () => Promise<void>;
}

/** What the sharing code of a tab is started with. */
export interface Sharing {
  /** This tab's id, which `lastTabKey` holds while it is the tab used last. */
  tab: string;
  store: SessionStore;
  channel: Channel;
  /** Where the id of the tab used last is kept (shared by the tabs). */
  storage: Storage;
  /** The window whose use marks this tab as the one used last. */
  view: Window;
  /** Called when this tab's session ended because another tab signed out. */
  onEndedElsewhere?: () => void;
}

export function startSharing({
  tab,
  store,
  channel,
  storage,
  view,
  onEndedElsewhere,
}: Sharing): TabSharing {
  let asking: ((session: Session | null) => void) | undefined;
  const used = () => storage.setItem(lastTabKey, tab);
  let marking = false;
  const startMarking = () => {
    if (marking) return;
    marking = true;
    for (const type of ['pointerdown', 'keydown', 'focus'] as const)
      view.addEventListener(type, used, { capture: true });
    view.document.addEventListener('visibilitychange', () => {
      if (view.document.visibilityState === 'visible') used();
    });
    view.addEventListener('pagehide', () => {
      if (storage.getItem(lastTabKey) === tab) storage.removeItem(lastTabKey);
    });
  };

  return {
    used: () => {
      startMarking();
      used();
    },
    receive: (data) => {
      const message = readMessage(data);
      if (message?.kind === 'ask') {
        if (asking || storage.getItem(lastTabKey) !== tab) return;
        channel.postMessage({
          kind: 'answer',
          to: message.from,
          session: store.getState().session,
        });
      } else if (message?.kind === 'answer') {
        if (message.to === tab) asking?.(message.session);
      } else if (message && store.getState().session?.token === message.from) {
        if (message.session) store.start(message.session);
        else {
          store.end(signedOutElsewhere);
          onEndedElsewhere?.();
        }
      }
    },
    moved: (previous) => {
      const { session, expired } = store.getState();
      if (!expired && previous.token !== session?.token)
        channel.postMessage({ kind: 'moved', from: previous.token, session });
    },
    ask: () =>
      new Promise<void>((resolve) => {
        const done = (session: Session | null) => {
          if (!asking) return;
          asking = undefined;
          window.clearTimeout(timer);
          // A session this tab got meanwhile (signed in already) is not replaced.
          if (session && !store.getState().session) store.start(session);
          startMarking();
          if (view.document.visibilityState === 'visible' && view.document.hasFocus()) used();
          resolve();
        };
        asking = done;
        const timer = window.setTimeout(() => done(null), askTimeoutMs);
        channel.postMessage({ kind: 'ask', from: tab });
      }),
  };
}
