/**
 * How the app bar search opens the command palette: what is typed before the palette's input has
 * the focus waits here, so no key is lost while the palette's code loads. A leaf module: the
 * shell and the palette's chunk both import it.
 */
let pending = '';
let submit = false;
let opener: (() => void) | null = null;
let receiver: ((typed: string) => void) | null = null;

const deliver = () => {
  if (!receiver || !pending) return;
  const typed = pending;
  pending = '';
  receiver(typed);
};

/**
 * Opens the palette with `typed` (possibly nothing) added to its query; `enter`: Enter was
 * pressed too, so the palette opens its best match once it shows.
 */
export function requestPalette(typed = '', enter = false) {
  pending += typed;
  submit ||= enter;
  deliver();
  opener?.();
}

/** The shell's shortcut listener registers what opens the palette; returns the unregistering. */
export function onPaletteRequest(open: () => void) {
  opener = open;
  return () => {
    if (opener === open) opener = null;
  };
}

/** What was typed towards the palette so far, once: its query starts with it. */
export function takePendingQuery() {
  const typed = pending;
  pending = '';
  return typed;
}

/** Whether Enter was pressed before the palette showed, once. */
export function takePendingEnter() {
  const pressed = submit;
  submit = false;
  return pressed;
}

/** The open palette takes what is typed until its input has the focus. */
export function receiveTyped(take: (typed: string) => void) {
  receiver = take;
  deliver();
  return () => {
    if (receiver === take) receiver = null;
  };
}
