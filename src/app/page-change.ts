import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Calls `onLeave` (while rendering, so in the same commit as the next page) when the tab's path
 * changes: what is opened over a page (the phone's navigation drawer, the command palette) closes
 * when the user leaves that page, by Back, a link, or a shortcut. A change of the query alone (a
 * filter, a tab, a notice cleared from the history entry) is the same page and closes nothing.
 */
export function useOnPageLeave(onLeave: () => void) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState(pathname);
  if (shown !== pathname) {
    setShown(pathname);
    onLeave();
  }
}
