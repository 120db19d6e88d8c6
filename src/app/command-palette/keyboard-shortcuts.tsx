import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { detailPageOf } from '../groups';
import { useOnPageLeave } from '../page-change';
import type { OpenDialog } from './keyboard-dialogs';
import { onPaletteRequest } from './palette-opener';

// Everything but this listener loads on first use: the shell is at its first-load budget.
const loadDialogs = () => import('./keyboard-dialogs');
const KeyboardDialogs = lazy(async () => ({ default: (await loadDialogs()).KeyboardDialogs }));

/**
 * True when a key press belongs to what the user types, or to an open dialog or menu (their
 * typeahead; `g s` must not leave a half-filled form), not to a shortcut.
 */
const isTyping = (target: EventTarget | null) =>
  target instanceof Element &&
  target.matches(
    'input, textarea, select, [contenteditable], [contenteditable] *, [role=dialog] *, [role=menu] *, [role=listbox] *, [role=combobox]',
  );

/**
 * The panel's keyboard shortcuts: Ctrl/Cmd+K opens the command palette anywhere, `?` the cheat
 * sheet and `g` then a letter a page, both only while the user is not typing; the app bar search
 * opens the palette too. Also records visits to detail pages for the palette's recent items.
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const username = useAuth().session?.username;
  // null before the first use: nothing is loaded until then.
  const [open, setOpen] = useState<OpenDialog | null>(null);
  // Opened over one page, a dialog does not stay over the next (Back, say).
  useOnPageLeave(() => {
    if (open !== null && open !== 'none') setOpen('none');
  });

  useEffect(() => {
    if (username && detailPageOf(pathname)) {
      void loadDialogs().then(({ recordVisit }) => recordVisit(username, pathname));
    }
  }, [username, pathname]);

  useEffect(() => onPaletteRequest(() => setOpen('palette')), []);

  useEffect(() => {
    let goPending = false;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const key = event.key;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen('palette');
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const wasPending = goPending;
      goPending = !wasPending && key === 'g';
      if (key === '?') {
        event.preventDefault();
        setOpen('cheat-sheet');
      } else if (wasPending) {
        void loadDialogs().then(({ goToPath }) => {
          const to = goToPath(key);
          if (to) void navigate(to);
        });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  return (
    open && (
      <Suspense>
        <KeyboardDialogs open={open} onClose={() => setOpen('none')} />
      </Suspense>
    )
  );
}
