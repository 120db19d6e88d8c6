import { createContext, lazy, Suspense, use, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { defaultUndoGraceMs } from '../lib/undo-grace';

/** A change that waits out a grace period, during which the user can take it back. */
export interface UndoableAction {
  /** What is about to happen, e.g. `Deleting “web-1”`. */
  label: string;
  /** Said when the action fails, e.g. `“web-1” could not be deleted`. */
  failureTitle: string;
  /** Sent only when the grace period ends without Undo. */
  run: () => Promise<unknown>;
}

/** The deletion of one resource, named by its noun and title. */
export function deletion(noun: string, title: string, run: () => Promise<unknown>): UndoableAction {
  return {
    label: `Deleting “${title}”`,
    failureTitle: `The ${noun} “${title}” could not be deleted`,
    run,
  };
}

export type PendingActionState = 'waiting' | 'running' | 'failed';

export interface PendingAction {
  id: number;
  label: string;
  failureTitle: string;
  /** `Date.now()` when the action is sent. */
  deadline: number;
  state: PendingActionState;
  error?: unknown;
}

interface UndoableActions {
  graceMs: number;
  schedule: (action: UndoableAction) => void;
}

const UndoableActionContext = createContext<UndoableActions | null>(null);

/** The snackbars (MUI's Snackbar and Alert) load only once something is pending: the first
 * load of every page stays within its budget (docs/architecture.md, Budgets). */
const UndoSnackbars = lazy(() => import('./undo-snackbars'));

/**
 * The one grace period mechanism: each action started waits `graceMs` before it is sent; `cancel`
 * (Undo) drops it unsent, and so does unmounting the component that holds the timers.
 */
function useGraceTimers(graceMs: number) {
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);
  useEffect(() => {
    const scheduled = timers.current;
    return () => {
      for (const timer of scheduled.values()) clearTimeout(timer);
      scheduled.clear();
    };
  }, []);
  return {
    /** Sends `send` when the grace period ends; answers the timer's id and that deadline. */
    start: (send: () => void) => {
      const id = nextId.current++;
      const timer = setTimeout(() => {
        timers.current.delete(id);
        send();
      }, graceMs);
      timers.current.set(id, timer);
      return { id, deadline: Date.now() + graceMs };
    },
    /** Whether the action was still waiting (and now is dropped). */
    cancel: (id: number) => {
      const timer = timers.current.get(id);
      if (timer === undefined) return false;
      clearTimeout(timer);
      timers.current.delete(id);
      return true;
    },
  };
}

/**
 * Holds pending deletions above the routes, so leaving the page does not lose (or cancel) them.
 * Features schedule through `useUndoableAction`; nothing reaches the API before the grace period
 * ends, and Undo drops the action unsent.
 */
export function UndoableActionProvider({
  graceMs = defaultUndoGraceMs,
  children,
}: {
  graceMs?: number;
  children: ReactNode;
}) {
  const [pending, setPending] = useState<PendingAction[]>([]);
  // Only the whole panel unmounts this provider (the tab closes, a test ends): nothing is sent.
  const timers = useGraceTimers(graceMs);

  const update = (id: number, change: Partial<PendingAction> | null) =>
    setPending((current) =>
      change === null
        ? current.filter((entry) => entry.id !== id)
        : current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)),
    );

  const schedule = (action: UndoableAction) => {
    const { id, deadline } = timers.start(() => {
      update(id, { state: 'running' });
      action.run().then(
        () => update(id, null),
        (error: unknown) => update(id, { state: 'failed', error }),
      );
    });
    setPending((current) => [
      ...current,
      { id, label: action.label, failureTitle: action.failureTitle, deadline, state: 'waiting' },
    ]);
  };

  const undo = (id: number) => {
    if (timers.cancel(id)) update(id, null);
  };

  const waiting = pending.some((entry) => entry.state !== 'failed');
  useEffect(() => {
    if (!waiting) return;
    // Closing the tab would drop a deletion the user has already confirmed: ask first.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [waiting]);

  return (
    <UndoableActionContext value={{ graceMs, schedule }}>
      {children}
      {pending.length > 0 && (
        <Suspense fallback={null}>
          <UndoSnackbars pending={pending} onUndo={undo} onDismiss={(id) => update(id, null)} />
        </Suspense>
      )}
    </UndoableActionContext>
  );
}

/** Schedules a deletion (or any irreversible change) after a grace period with Undo. */
export function useUndoableAction(): UndoableActions {
  const actions = use(UndoableActionContext);
  if (!actions) throw new Error('useUndoableAction needs an UndoableActionProvider above it');
  return actions;
}

/** The time left, ticking a few times a second, while something waits out its grace period. */
function useTimeLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, deadline - now);
}

/**
 * One action at a time waiting out the panel's grace period inside the component that shows it:
 * a bulk dialog, whose countdown, Undo and per-item results stay in the dialog. It waits through
 * `useGraceTimers`, as the pending deletions above the routes do.
 */
export function useGracePeriod() {
  const { graceMs } = useUndoableAction();
  const timers = useGraceTimers(graceMs);
  const [waiting, setWaiting] = useState<{ id: number; deadline: number } | null>(null);
  // `now` may predate the grace period's start by one tick.
  const msLeft = Math.min(graceMs, useTimeLeft(waiting?.deadline ?? null));
  return {
    graceMs,
    waiting: waiting !== null,
    /** What is left of the grace period, in milliseconds (0 when nothing waits). */
    msLeft,
    start: (send: () => void) =>
      setWaiting(
        timers.start(() => {
          setWaiting(null);
          send();
        }),
      ),
    undo: () => {
      if (waiting) timers.cancel(waiting.id);
      setWaiting(null);
    },
  };
}
