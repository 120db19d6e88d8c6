import { useSyncExternalStore } from 'react';
import { readRenderedAt } from '../lib/rendered-at';

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

/** The current time, shared and refreshed every 30 s so relative times ("in 5 minutes") stay true. */
export function useNow(): number {
  // A page taken over from the server renders first at the server's time, then at the clock's.
  return useSyncExternalStore(subscribe, readNow, () => readRenderedAt() ?? now);
}
