import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shareSession } from './share-session';
import { askTimeoutMs, signedOutElsewhere } from './session-sharing';
import type { Channel } from './session-sharing';
import { createSessionStore, lastTabKey } from './session-store';
import type { Session } from './session-store';
import { memoryStorage } from '../lib/memory-storage';

/**
 * Tabs of one browser: channels that deliver a copy of each message to every other channel a
 * moment later, as BroadcastChannel does, and one localStorage.
 */
function browser() {
  const channels = new Set<{ listeners: ((event: { data: unknown }) => void)[] }>();
  const localStorage = memoryStorage();
  let posted = 0;
  const openChannel = (): Channel => {
    const own = { listeners: [] as ((event: { data: unknown }) => void)[] };
    channels.add(own);
    return {
      postMessage: (message) => {
        posted += 1;
        const data = structuredClone(message);
        for (const other of channels)
          if (other !== own)
            queueMicrotask(() => other.listeners.forEach((listen) => listen({ data })));
      },
      addEventListener: (_type, listener) => own.listeners.push(listener),
    };
  };
  /** A tab, with the session it starts with, already loaded and shared. */
  const open = (session?: Session) => {
    const store = createSessionStore(memoryStorage());
    if (session) store.start(session);
    const view = Object.assign(new EventTarget(), {
      document: Object.assign(new EventTarget(), {
        visibilityState: 'hidden',
        hasFocus: () => false,
      }),
    }) as unknown as Window;
    const onEndedElsewhere = vi.fn();
    const shared = shareSession(store, {
      channel: openChannel,
      storage: localStorage,
      view,
      onEndedElsewhere,
    });
    /** The user presses something in this tab. */
    const use = async () => {
      view.dispatchEvent(new Event('pointerdown'));
      await delivered();
    };
    return { store, shared, use, onEndedElsewhere, session: () => store.getState().session };
  };
  return { open, localStorage, posted: () => posted };
}

/** Until the messages sent so far are handled, with the code that handles them loaded. */
async function delivered() {
  for (let hop = 0; hop < 4; hop += 1) {
    await vi.dynamicImportSettled();
    await Promise.resolve();
  }
}

const demo: Session = { token: 'ucat_demo', username: 'demo', viaPassword: false };
const renewed: Session = { ...demo, token: 'ucat_demo_renewed', viaPassword: true };
const other: Session = { token: 'ucat_other', username: 'other', viaPassword: false };

describe('sharing the session between tabs', () => {
  // Asking never waits on a timer unless a test advances it: an answer settles it at once.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives a new tab the session of the tab used last', async () => {
    const tabs = browser();
    const first = tabs.open(demo);
    const second = tabs.open(other);
    await first.use();
    await second.use();
    const opened = tabs.open();
    await opened.shared;
    expect(opened.session()).toEqual(other);
  });

  it('marks a tab as the one used last as soon as it is used, before its sharing code loads', () => {
    const tabs = browser();
    const first = tabs.open(demo);
    void first.use();
    const firstId = tabs.localStorage.getItem(lastTabKey);
    expect(firstId).not.toBeNull();
    void tabs.open(other).use();
    expect(tabs.localStorage.getItem(lastTabKey)).not.toBe(firstId);
  });

  it('gives no session when the tab used last has none, without waiting', async () => {
    const tabs = browser();
    await tabs.open(demo).use();
    const signedOut = tabs.open(other);
    await signedOut.use();
    signedOut.store.end();
    const opened = tabs.open();
    await opened.shared;
    expect(opened.session()).toBeNull();
  });

  it('gives no session when the tab used last does not answer in time', async () => {
    const tabs = browser();
    tabs.open(demo);
    // Its id stays behind: the tab crashed, or is frozen in the background.
    tabs.localStorage.setItem(lastTabKey, 'a-tab-that-does-not-answer');
    const opened = tabs.open();
    let settled = false;
    void opened.shared.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(askTimeoutMs - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(opened.session()).toBeNull();
  });

  it('asks nobody when no tab was used before, or when the tab has its own session', async () => {
    const tabs = browser();
    await tabs.open().shared;
    await tabs.open(demo).use();
    await tabs.open(other).shared;
    await delivered();
    expect(tabs.posted()).toBe(0);
  });

  it('moves the tabs holding a session when it is renewed or signed out, not when refused', async () => {
    const tabs = browser();
    const first = tabs.open(demo);
    await first.use();
    const second = tabs.open();
    await second.shared;
    const third = tabs.open();
    await third.shared;
    const elsewhere = tabs.open(other);

    first.store.start(renewed);
    await delivered();
    expect(second.session()).toEqual(renewed);
    expect(third.session()).toEqual(renewed);

    // A token the API refused: each tab asks its own user again.
    first.store.expire();
    await delivered();
    expect(second.session()).toEqual(renewed);

    second.store.end();
    await delivered();
    expect(third.session()).toBeNull();
    expect(third.store.getState().notice).toBe(signedOutElsewhere);
    expect(third.onEndedElsewhere).toHaveBeenCalledOnce();
    expect(second.onEndedElsewhere).not.toHaveBeenCalled();
    expect(elsewhere.session()).toEqual(other);
  });
});
