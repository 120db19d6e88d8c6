import { createContext, useContext } from 'react';

/**
 * Readies the page a link leads to before it is followed: `code` loads its code (a pointer over
 * the link, or focus on it), `read` also starts its first reads (the press that precedes a click by
 * a tenth of a second or more, longer on a touch screen). Following the link then joins what is
 * under way, and the page, its code in, renders without a loading state in between.
 */
export type StartRoute = (to: string, intent: 'code' | 'read') => void;

export const RouteStartContext = createContext<StartRoute>(() => undefined);

export const useStartRoute = () => useContext(RouteStartContext);
