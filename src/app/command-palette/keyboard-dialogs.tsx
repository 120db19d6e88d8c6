import { lazy, Suspense } from 'react';
import { goToShortcuts } from './shortcuts';

export { recordVisit } from './recent-items';

// A second step of lazy loading: the shell's import of this module names only its few
// dependencies, not the palette's many (each name costs first-load bytes in the shell).
const CommandPalette = lazy(async () => ({
  default: (await import('./command-palette')).CommandPalette,
}));
const ShortcutCheatSheet = lazy(async () => ({
  default: (await import('./shortcut-cheat-sheet')).ShortcutCheatSheet,
}));

export type OpenDialog = 'palette' | 'cheat-sheet' | 'none';

/** Where `g` then `key` leads, if anywhere. */
export const goToPath = (key: string) => goToShortcuts.find((shortcut) => shortcut.key === key)?.to;

/** The dialog a shortcut opened; each loads when first opened. */
export function KeyboardDialogs({ open, onClose }: { open: OpenDialog; onClose: () => void }) {
  return (
    <Suspense>
      {open === 'palette' && <CommandPalette open onClose={onClose} />}
      {open === 'cheat-sheet' && <ShortcutCheatSheet open onClose={onClose} />}
    </Suspense>
  );
}
