import type { Db } from './store/database';

interface Entry {
  version: number;
  contentType: string;
  payload: string;
}

/** SQLite's `total_changes()` on the sandbox's one connection: it moves with every write. */
export function changeVersion(db: Db): () => number {
  const totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  return () => totalChanges.get()!;
}

/**
 * Answers a repeated read from memory while nothing has changed. The version is SQLite's
 * `total_changes()` on the sandbox's one connection, which moves with every write (requests,
 * jobs, token bookkeeping; rolled-back writes only cost a miss), so an entry can never outlive
 * the state it was computed from. Reads that depend on the clock are not kept: due jobs run (a
 * write) before the lookup, an answer that showed a pending job's progress is not stored, and
 * only routes that opt in (`config.cacheable`) take part.
 */
export function createResponseCache(db: Db, maxEntries = 2000) {
  const entries = new Map<string, Entry>();
  return {
    version: changeVersion(db),
    lookup(key: string, version: number): Entry | undefined {
      const entry = entries.get(key);
      return entry?.version === version ? entry : undefined;
    },
    store(key: string, entry: Entry) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
    },
  };
}
