import { createContext, use, useEffect } from 'react';

/**
 * What to do once the page the server rendered is the panel's (src/app/server-render.ts,
 * replayHeld): given on such a page only.
 */
export const TakenOverContext = createContext<(() => void) | undefined>(undefined);

/**
 * Placed after the page, inside the boundary the page hydrates in (the shell's): its effect runs
 * once that part of the server's page is the panel's. The app's first commit can come before it:
 * React leaves a boundary whose code is still on its way (a lazy page) as the server drew it, and
 * hydrates it when the code is in.
 */
export function PageTakenOver() {
  const onTakenOver = use(TakenOverContext);
  useEffect(() => onTakenOver?.(), [onTakenOver]);
  return null;
}
