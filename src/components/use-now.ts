import { useSyncExternalStore } from 'react';

const tickMs = 30_000;

let now = Date.now();
let timer: number | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    // The clock stood still while nobody watched it; catch up before the first tick.
    now = Date.now();
    timer = window.setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, tickMs);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.clearInterval(timer);
  };
}

const readNow = () => now;
let readRenderedAt = readNow;

/**
 * The time a page was rendered at on the server: the server's render writes its relative times
 * ("5 seconds ago") from it, and the browser's first render, which takes that page over, must
 * write the same (src/app/render-page.tsx, src/app/server-render.ts). Later renders use the clock.
 */
export function setRenderedAt(read: () => number): void {
  readRenderedAt = read;
}

/** The current time, shared and refreshed every 30 s so relative times ("in 5 minutes") stay true. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, readNow, () => readRenderedAt());
}
