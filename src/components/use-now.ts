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

/** The current time, shared and refreshed every 30 s so relative times ("in 5 minutes") stay true. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
