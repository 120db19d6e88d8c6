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
 *
 * Bounded twice: at most `maxEntries` answers and `maxCharacters` characters of them in all (a
 * key is the account and the whole URL, so a client varying an ignored query parameter makes a
 * new entry each time). The oldest stored go first; an entry of an older version goes when met.
 */
export function createResponseCache(
  db: Db,
  { maxEntries = 2000, maxCharacters = 32 * 1024 * 1024 } = {},
) {
  const entries = new Map<string, Entry>();
  let characters = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    characters -= entry.payload.length;
  };
  return {
    version: changeVersion(db),
    lookup(key: string, version: number): Entry | undefined {
      const entry = entries.get(key);
      if (entry && entry.version !== version) remove(key);
      return entry?.version === version ? entry : undefined;
    },
    store(key: string, entry: Entry) {
      remove(key);
      // An answer larger than an eighth of the whole is not kept: it would push out the rest.
      if (entry.payload.length > maxCharacters / 8) return;
      while (
        entries.size > 0 &&
        (entries.size >= maxEntries || characters + entry.payload.length > maxCharacters)
      ) {
        remove(entries.keys().next().value!);
      }
      entries.set(key, entry);
      characters += entry.payload.length;
    },
    /** What is kept now: for tests and benches. */
    size: () => ({ entries: entries.size, characters }),
  };
}
