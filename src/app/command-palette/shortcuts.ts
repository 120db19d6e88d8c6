import { navigationEntries } from '../navigation';

/** `g` then a letter: the pages a keyboard user goes to most (listed in the cheat sheet). */
export const goToShortcuts: readonly { key: string; label: string; to: string }[] =
  navigationEntries.flatMap(({ shortcut, label, to }) =>
    shortcut ? [{ key: shortcut, label, to }] : [],
  );
