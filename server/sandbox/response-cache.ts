import type { Db } from './store/database';

interface Entry {
  version: number;
  contentType: string;
  payload: string;
}

/**
 * Answers a repeated read from memory while nothing has changed. The version is SQLite's
 * `total_changes()` on the sandbox's one connection, which moves with every write (requests,
 * jobs, token bookkeeping; rolled-back writes only cost a miss), so an entry can never outlive
 * the state it was computed from. Reads that depend on the clock are not cacheable: the caller
 * only asks while no job is pending, and only routes that opt in (`config.cacheable`) take part.
 */
export function createResponseCache(db: Db, maxEntries = 2000) {
  const totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  const entries = new Map<string, Entry>();
  return {
    version: (): number => totalChanges.get()!,
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
