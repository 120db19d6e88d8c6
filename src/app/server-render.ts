import type { QueryClient } from '@tanstack/react-query';
import { serverReadsId } from '../../contract/render-cookie';
import type { ServerReads } from '../../contract/render-cookie';
import { apiCallLog } from '../api/http';
import type { Session } from '../auth/session-store';
import { setRenderedAt } from '../lib/rendered-at';

/**
 * Whether the page in `container` is the server's render of this visit's page for this tab's
 * session (server/server-render.ts). If so, the reads it was rendered from go into `client` (and
 * the requests that made them into the log of requests sent), so that the app's first render is
 * that page again and React takes it over (hydration) instead of drawing it anew. If not (no session, or a page rendered for another account: the cookie holds
 * the session of the tab in front), the server's page is removed at once.
 */
export function adoptServerRender(
  container: HTMLElement,
  client: QueryClient,
  session: Session | null,
): boolean {
  const script = document.getElementById(serverReadsId);
  if (!script) return false;
  script.remove();
  try {
    const renderedAt = Number(container.dataset.renderedAt);
    if (session && container.dataset.renderedFor === session.username && renderedAt > 0) {
      setRenderedAt(() => renderedAt);
      const { reads, sent } = JSON.parse(script.textContent ?? '') as ServerReads;
      for (const read of reads) {
        client.setQueryData(read.key, read.data, { updatedAt: read.updatedAt });
      }
      // Sent by the server for this page: what its "API call" shows as the request it was read by.
      apiCallLog.add(sent);
      return true;
    }
  } catch {
    // Unreadable: drawn anew below.
  }
  container.replaceChildren();
  return false;
}

/** What the user did on the server's page before the panel had taken it over. */
interface Held {
  /** Clicks and form submissions, in order. */
  held: { type: 'click' | 'submit'; target: Element }[];
  /** The text last typed into each field. */
  typed: Map<Element, string>;
}

declare global {
  interface Window {
    /** Stops holding events and answers what was held (public/after-paint.js); once. */
    skydeckHeld?: () => Held;
  }
}

type TypedField = HTMLInputElement | HTMLTextAreaElement;

/** The types of input whose value is text the user types. */
const textInputs = new Set(['text', 'search', 'email', 'number', 'tel', 'url', 'password']);

const isTypedField = (element: Element): element is TypedField =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && textInputs.has(element.type));

/**
 * Passes `value` on to React as the user's change of `field`. React tracks the value it set
 * through the element's own setter, and reports a change when the element's value differs from
 * it: set back to its state through that setter, then typed through the prototype's, the input
 * event is one. The first input event, with nothing changed, hydrates the field at once if React
 * has not yet (it is in a part of the page still being taken over): React tracks a field's value
 * from when it hydrates it.
 */
function passOn(field: TypedField, value: string) {
  field.value = field.defaultValue;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Whether React has taken `node` over: it marks each element it hydrates with its fiber. A part
 * of the page in a boundary whose code is still loading (a lazy component) is taken over later
 * than the page's own boundary, and an event dispatched on it before then reaches no handler.
 */
const hydrated = (node: Element) =>
  Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

/** Waits until React has taken `node` over, for at most `deadline` (a `performance.now()` time). */
async function untilHydrated(node: Element, deadline: number) {
  while (!hydrated(node) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
}

/** How long the replay waits for a held event's element to be taken over. */
const hydrationWaitMs = 5_000;

/**
 * Once the panel has taken the server's page over: stops holding the page's events
 * (public/after-paint.js) and does what the user did on the page before, when it was on the
 * screen and answered nothing. The text typed into a field is passed on as the field's change
 * (React's state did not have it, and may have rendered the field empty since), then the held
 * clicks and submissions are done again, in order, on the same elements, which are the panel's
 * now.
 */
export async function replayHeld(container: HTMLElement) {
  const { held, typed } = window.skydeckHeld?.() ?? { held: [], typed: new Map() };
  const deadline = performance.now() + hydrationWaitMs;
  for (const [field, value] of typed) {
    await untilHydrated(field, deadline);
    // `defaultValue` is the value the panel rendered: its state.
    if (isTypedField(field) && container.contains(field) && value !== field.defaultValue) {
      passOn(field, value);
    }
  }
  // React renders those changes before the clicks act on them (a form's submit handler reads
  // the field's state from its last render).
  if (typed.size > 0) await new Promise((resolve) => setTimeout(resolve));
  for (const { type, target } of held) {
    await untilHydrated(target, deadline);
    if (!container.contains(target)) continue;
    if (type === 'submit' && target instanceof HTMLFormElement) {
      target.requestSubmit();
      continue;
    }
    // A press, then its release and the click: some controls act on the press (MUI's select
    // opens on mousedown), and the press reached no handler before the take-over.
    for (const name of ['mousedown', 'mouseup', 'click']) {
      target.dispatchEvent(new MouseEvent(name, { bubbles: true, cancelable: true, button: 0 }));
    }
  }
}
