import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type Db = Database.Database;

/** The database file is held by another running sandbox (see `openDatabase`). */
export class DatabaseInUse extends Error {
  constructor(file: string) {
    super(
      `${file} is in use by another process (a sandbox already running?): stop it, or set SANDBOX_DB to another file.`,
    );
  }
}

/** Opens (and migrates) the sandbox database; `:memory:` gives a private database for tests. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // No waiting for the lock (better-sqlite3 would wait 5 s): a file in use stays in use.
  const db = new Database(file, { timeout: 0 });
  // One process owns the file, from the start (an empty exclusive transaction takes the lock, and
  // this mode keeps it). Otherwise every statement takes and drops SQLite's file locks, two fcntl
  // calls each: 8 of the 10 system calls of a storage list page. It also keeps a second sandbox
  // off the file, whose writes the caches keyed on this connection's total_changes() would not
  // see (response-cache.ts, the token cache of http/auth.ts). Set before WAL, so that the WAL
  // index lives in this process's memory instead of a shared-memory file.
  db.pragma('locking_mode = EXCLUSIVE');
  try {
    db.pragma('journal_mode = WAL');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    throw new DatabaseInUse(file);
  }
  // FULL makes every acknowledged write survive a crash of the process or the machine.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  registerFunctions(db);
  migrate(db);
  return db;
}

/**
 * SQL functions the migrations and queries use. `js_lower` is JavaScript's toLowerCase: SQLite's
 * lower() folds only ASCII letters, and label keys and server titles are matched without case the
 * way the API code does it (Ä matches ä). Used in queries and migration 9, never in the schema, so
 * the file stays readable by any SQLite. `js_json_number` is JSON.stringify of a number, for JSON
 * that SQLite writes (`jsonNumber` of list-queries.ts): SQLite writes some reals with 17 digits
 * where JavaScript writes the shortest that reads back (0.3333333333333333).
 */
function registerFunctions(db: Db): void {
  db.function('js_lower', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  db.function('js_json_number', { deterministic: true }, (value: unknown) => JSON.stringify(value));
}

function migrate(db: Db): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    db
      .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
      .all()
      .map((row) => row.version),
  );
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
        migration.version,
        new Date().toISOString(),
      );
    })();
  }
}

/**
 * Applies a domain's own migrations (numbered within the domain), each once, in its own
 * transaction: a group's tables live with the group, not in the core list.
 */
export function migrateDomain(
  db: Db,
  domain: string,
  domainMigrations: readonly { version: number; sql: string }[],
): void {
  db.exec(`CREATE TABLE IF NOT EXISTS domain_migrations (
    domain TEXT NOT NULL, version INTEGER NOT NULL, applied_at TEXT NOT NULL,
    PRIMARY KEY (domain, version))`);
  const applied = new Set(
    db
      .prepare<[string], { version: number }>(
        'SELECT version FROM domain_migrations WHERE domain = ?',
      )
      .all(domain)
      .map((row) => row.version),
  );
  for (const migration of domainMigrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare(
        'INSERT INTO domain_migrations (domain, version, applied_at) VALUES (?, ?, ?)',
      ).run(domain, migration.version, new Date().toISOString());
    })();
  }
}

/** Empties every table that holds sandbox state, keeping the schema (SANDBOX_RESET=1). */
export function clearDatabase(db: Db): void {
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('schema_migrations', 'domain_migrations')",
    )
    .all();
  db.pragma('foreign_keys = OFF');
  db.transaction(() => {
    for (const { name } of tables) db.exec(`DELETE FROM "${name}"`);
  })();
  db.pragma('foreign_keys = ON');
}
