import type { Clock } from './clock';
import type { Db } from './store/database';

export interface JobRow {
  id: number;
  kind: string;
  resource_id: string;
  due_at: number;
  payload: string;
  created_at: number;
}

/** Runs inside the transaction that also removes the job: a transition happens exactly once. */
export type JobHandler = (job: JobRow, payload: Record<string, unknown>) => void;

/**
 * Simulated time for asynchronous operations (backups, clones, server start and stop…). A job is
 * a row with a due time, so a pending transition survives a restart; `timeScale` shortens every
 * delay. Due jobs run on a timer and, so that every answer reflects the clock, before each request.
 */
export function createJobRunner({
  db,
  clock,
  timeScale,
  onError,
}: {
  db: Db;
  clock: Clock;
  timeScale: number;
  onError: (error: unknown, job: JobRow) => void;
}) {
  const handlers = new Map<string, JobHandler>();
  const insert = db.prepare<[string, string, number, string, number]>(
    'INSERT INTO jobs (kind, resource_id, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const dueJobs = db.prepare<[number], JobRow>(
    'SELECT * FROM jobs WHERE due_at <= ? ORDER BY due_at, id LIMIT 100',
  );
  const nextDue = db.prepare<[], { due: number | null }>('SELECT MIN(due_at) AS due FROM jobs');
  const remove = db.prepare<[number]>('DELETE FROM jobs WHERE id = ?');
  const removeFor = db.prepare<[string]>('DELETE FROM jobs WHERE resource_id = ?');
  const removeKindFor = db.prepare<[string, string]>(
    'DELETE FROM jobs WHERE resource_id = ? AND kind = ?',
  );
  const pendingFor = db.prepare<[string], JobRow>(
    'SELECT * FROM jobs WHERE resource_id = ? ORDER BY due_at DESC, id DESC LIMIT 1',
  );
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  // The earliest due time known, or null when no job is pending. Every insert re-arms, so it is
  // never later than the truth (a rolled-back insert only makes it early, costing one query):
  // a request with nothing due, the common case, asks the database nothing.
  let earliestDue: number | null = nextDue.get()?.due ?? null;
  // How many times a pending job's progress was read: an answer showing one moves with the clock.
  let clockReads = 0;

  function arm() {
    const due = nextDue.get()?.due ?? null;
    earliestDue = due;
    if (closed) return;
    clearTimeout(timer);
    if (due === null) return;
    const wait = Math.min(Math.max(due - clock.now().getTime(), 0), 2 ** 31 - 1);
    timer = setTimeout(runDue, wait);
    timer.unref();
  }

  function runDue() {
    if (earliestDue === null || earliestDue > clock.now().getTime()) return;
    for (;;) {
      const jobs = dueJobs.all(clock.now().getTime());
      if (jobs.length === 0) break;
      for (const job of jobs) {
        const handler = handlers.get(job.kind);
        try {
          db.transaction(() => {
            remove.run(job.id);
            handler?.(job, JSON.parse(job.payload) as Record<string, unknown>);
          })();
        } catch (error) {
          remove.run(job.id);
          onError(error, job);
        }
      }
    }
    arm();
  }

  return {
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },
    /** Queues `kind` for the resource after `seconds` of simulated time. */
    schedule(kind: string, resourceId: string, seconds: number, payload: object = {}) {
      const now = clock.now().getTime();
      const due = now + Math.round((seconds * 1000) / timeScale);
      insert.run(kind, resourceId, due, JSON.stringify(payload), now);
      arm();
    },
    /** Forgets the resource's pending jobs (of one kind, or all). */
    cancel(resourceId: string, kind?: string) {
      if (kind) removeKindFor.run(resourceId, kind);
      else removeFor.run(resourceId);
    },
    /** No job is pending (known without a query): `progress` is undefined for every resource. */
    idle: () => earliestDue === null,
    /** How far the resource's last-due pending job is, 0–100, or undefined when none is pending. */
    progress(resourceId: string): number | undefined {
      if (earliestDue === null) return undefined;
      const job = pendingFor.get(resourceId);
      if (!job) return undefined;
      clockReads += 1;
      const span = job.due_at - job.created_at;
      if (span <= 0) return 99;
      const done = (clock.now().getTime() - job.created_at) / span;
      return Math.max(0, Math.min(99, Math.floor(done * 100)));
    },
    /**
     * Moves whenever an answer reads a pending job's progress, the one thing a pending job shows
     * that changes with the clock alone (a due job runs before the request, which is a write).
     */
    clockReads: () => clockReads,
    runDue,
    start: arm,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
