import { lastTabKey } from './session-store';
import type { SessionStore } from './session-store';
import type { Channel, Sharing, TabSharing } from './session-sharing';

/**
 * Tabs of the panel share a sign-in (the rules: session-sharing.ts). This part is in every first
 * load, so it is only what must listen from the start; the rest loads when it is needed: when the
 * user first uses the tab, when another tab writes, when this tab's session moves, or at once in a
 * tab that starts without a session while another tab of the panel was used (it asks that tab).
 */

/** What a caller may set of what the sharing code is started with (session-sharing.ts `Sharing`). */
export interface SharingOptions extends Partial<
  Pick<Sharing, 'storage' | 'view' | 'onEndedElsewhere'>
> {
  /** Opens the channel, or gives undefined where the browser has none. */
  channel?: () => Channel | undefined;
}

const browserChannel = () =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel('skydeck.session') : undefined;

/**
 * Shares `store`'s session with the panel's other tabs. Settles once a tab that started without
 * a session has asked for one (and taken it, if there was one); at once if it need not ask.
 */
export function shareSession(
  store: SessionStore,
  {
    channel: open = browserChannel,
    storage = window.localStorage,
    view = window,
    onEndedElsewhere,
  }: SharingOptions = {},
): Promise<void> {
  const channel = open();
  if (!channel) return Promise.resolve();
  // Not crypto.randomUUID: it exists only in secure contexts, and the sandbox is also opened over
  // plain HTTP on a local network. The id only has to differ between one browser's tabs.
  const tab = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  let loaded: Promise<TabSharing> | undefined;
  const sharing = () =>
    (loaded ??= import('./session-sharing').then(
      ({ startSharing }) => startSharing({ tab, store, channel, storage, view, onEndedElsewhere }),
      (error: unknown) => {
        // Not loaded (a network error): the next event tries again.
        loaded = undefined;
        throw error;
      },
    ));
  const later = (use: (shared: TabSharing) => void) => void sharing().then(use, () => undefined);

  channel.addEventListener('message', ({ data }) => later((shared) => shared.receive(data)));
  let current = store.getState().session;
  store.subscribe(() => {
    const previous = current;
    current = store.getState().session;
    if (previous) later((shared) => shared.moved(previous));
  });

  // A tab that cannot ask (its code did not load) starts without a session.
  if (!store.getState().session && storage.getItem(lastTabKey))
    return sharing().then(
      (shared) => shared.ask(),
      () => undefined,
    );
  // The first use marks this tab at once, before its code loads: a tab opened by that very click
  // asks this one, which answers once the code is in.
  const firstUse = () => {
    storage.setItem(lastTabKey, tab);
    later((shared) => shared.used());
  };
  for (const type of ['pointerdown', 'keydown'] as const)
    view.addEventListener(type, firstUse, { capture: true, once: true });
  return Promise.resolve();
}
