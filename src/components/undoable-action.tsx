import { createContext, lazy, Suspense, use, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** A change that waits out a grace period, during which the user can take it back. */
export interface UndoableAction {
  /** What is about to happen, e.g. `Deleting “web-1”`. */
  label: string;
  /** Said when the action fails, e.g. `“web-1” could not be deleted`. */
  failureTitle: string;
  /** Sent only when the grace period ends without Undo. */
  run: () => Promise<unknown>;
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

export const defaultUndoGraceMs = 5000;

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
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const update = (id: number, change: Partial<PendingAction> | null) =>
    setPending((current) =>
      change === null
        ? current.filter((entry) => entry.id !== id)
        : current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)),
    );

  const schedule = (action: UndoableAction) => {
    const id = nextId.current++;
    setPending((current) => [
      ...current,
      {
        id,
        label: action.label,
        failureTitle: action.failureTitle,
        deadline: Date.now() + graceMs,
        state: 'waiting',
      },
    ]);
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        update(id, { state: 'running' });
        action.run().then(
          () => update(id, null),
          (error: unknown) => update(id, { state: 'failed', error }),
        );
      }, graceMs),
    );
  };

  const undo = (id: number) => {
    const timer = timers.current.get(id);
    if (timer === undefined) return;
    clearTimeout(timer);
    timers.current.delete(id);
    update(id, null);
  };

  useEffect(() => {
    const scheduled = timers.current;
    // Only the whole panel unmounts this provider (the tab closes, a test ends): nothing is sent.
    return () => {
      for (const timer of scheduled.values()) clearTimeout(timer);
      scheduled.clear();
    };
  }, []);

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
