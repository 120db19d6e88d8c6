import { createContext } from 'react';

/**
 * Whether the shell lays out for a wide screen (sidebar) before it can ask the browser: the
 * server's render is told by the browser's last word (src/auth/render-cookie.ts), and the panel
 * taking that page over starts from the same (the page says which, `data-rendered-wide`), then
 * asks the screen: the screen may have changed since the cookie was written, and a first render
 * that differs from the server's would throw the server's page away with what the user did on it.
 * A page drawn in the browser asks the screen on its first render.
 */
export const WideLayoutContext = createContext(false);
