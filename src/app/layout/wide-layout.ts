import { createContext } from 'react';

/**
 * Whether the shell lays out for a wide screen (sidebar) before it can ask the browser: the
 * server's render is told by the browser's last word (src/auth/render-cookie.ts). In a browser
 * the shell asks the screen itself, on the first render too.
 */
export const WideLayoutContext = createContext(false);
