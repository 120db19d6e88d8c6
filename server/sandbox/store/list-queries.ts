import type { LabelFilter } from '../../../contract/labels';
import type { Db } from './database';

/**
 * The SQL condition "row `s` carries every label filter" (api-rules §2.8.3) over a label table
 * that repeats each label with its key lower-cased by JavaScript (`key_lower`). The filters come
 * as one JSON parameter, `@label_filters` (`labelFiltersParameter`), so the text is the same
 * whatever and however many filters a client sends.
 */
export function labelFiltersSql(table: 'server_labels' | 'storage_labels'): string {
  const owner = table === 'server_labels' ? 'server_uuid' : 'storage_uuid';
  return `NOT EXISTS (SELECT 1 FROM json_each(@label_filters) f WHERE NOT EXISTS (
    SELECT 1 FROM ${table} l WHERE l.${owner} = s.uuid AND l.key_lower = f.value ->> 'key'
      AND (f.value ->> 'value' IS NULL OR l.value = f.value ->> 'value')))`;
}

/** The value of `@label_filters`: the keys compare without case, as `matchesLabelFilters` does. */
export function labelFiltersParameter(filters: readonly LabelFilter[]): string {
  return JSON.stringify(filters.map((filter) => ({ ...filter, key: filter.key.toLowerCase() })));
}

// Page bounds are written `LIMIT +@limit OFFSET +@offset`, never as bare parameters: SQLite plans
// with the value of a bare LIMIT or OFFSET parameter, so each binding re-prepares the statement
// (parsed and planned again, as costly as the query itself on a short page). The unary plus makes
// the bound an expression, planned once. The list statements of the sandbox's stores follow it.

/**
 * Prepared statements by a key (their text, or what the text follows from), for list queries
 * whose text follows the filters a client gives. The texts take values only as parameters, so there are as many as combinations of
 * filters and sort orders; the bound keeps a future mistake from growing the cache without end.
 */
export function statementCache(db: Db) {
  const cache = new Map<string, ReturnType<Db['prepare']>>();
  /** The statement `key` names, prepared from `sql()` (by default the key itself) on first use. */
  return (key: string, sql: () => string = () => key) => {
    let cached = cache.get(key);
    if (!cached) {
      if (cache.size >= 200) cache.clear();
      cached = db.prepare(sql());
      cache.set(key, cached);
    }
    return cached;
  };
}

/**
 * Rows of `table` read as one JSON text. better-sqlite3 hands every value of a row over through
 * V8's C++ API, about 70 ns a value, so a list page of 25 storages cost more to hand over than to
 * find; SQLite writes the rows as one JSON array instead (`select`, the select list of a statement
 * read with `.pluck()`), which `rows` reads back several times faster with JSON.parse. Each row
 * becomes an object with the table's columns in their order, as `SELECT *` gives it. JSON holds
 * every value these tables store: integers, reals (SQLite writes 17 digits, which read back to the
 * same double) and text; a BLOB column would make SQLite refuse the statement.
 */
export function jsonRowReader<Row>(db: Db, table: string) {
  const columns = db
    .prepare(`SELECT * FROM ${table}`)
    .columns()
    .map((column) => column.name);
  // The row's object literal, written once from the column names: no loop over names per row,
  // and every row gets the same hidden class.
  const build = new Function(
    'values',
    `return { ${columns.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(', ')} };`,
  ) as (values: unknown[]) => Row;
  return {
    /** The select list giving the rows of `alias` (a name for `table`) as one JSON array. */
    select: (alias: string) =>
      `json_group_array(json_array(${columns.map((name) => `${alias}."${name}"`).join(', ')}))`,
    rows: (json: string): Row[] => (JSON.parse(json) as unknown[][]).map(build),
  };
}

/**
 * SQL for the JSON text JSON.stringify gives the number in `column`: whole numbers JavaScript
 * holds exactly are written by SQLite, any other by `js_json_number` (database.ts), so that a
 * page of whole numbers calls into JavaScript for none of them.
 */
export const jsonNumber = (column: string) =>
  `iif(${column} = CAST(${column} AS INTEGER) AND abs(${column}) < 9007199254740992, CAST(${column} AS INTEGER), js_json_number(${column}))`;

/**
 * At most `maxEntries` values by key, the least recently used forgotten first, approximated as
 * CLOCK does (second chance): a read only marks its entry, and making room passes over the marked
 * entries from the oldest, unmarking each and putting it last. A read costs one lookup, where
 * moving the entry to the end costs two more and makes the map rehash as it churns.
 */
export function boundedMap<V, K = string>(maxEntries: number) {
  const entries = new Map<K, { value: V; used: boolean }>();
  return {
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entry.used = true;
      return entry.value;
    },
    set(key: K, value: V) {
      entries.delete(key);
      while (entries.size >= maxEntries) {
        const [oldestKey, oldest] = entries.entries().next().value!;
        entries.delete(oldestKey);
        if (oldest.used) {
          oldest.used = false;
          entries.set(oldestKey, oldest);
        }
      }
      entries.set(key, { value, used: false });
    },
    delete: (key: K) => void entries.delete(key),
    get size() {
      return entries.size;
    },
  };
}

/**
 * A table whose rows a cached text is made from, and the SQL of the text's key in one of its rows
 * as a trigger names it (`NEW` or `OLD`).
 */
interface TextSource {
  table: string;
  key: (row: 'NEW' | 'OLD') => string;
}

type TextKey = string | number;
const rowTextCaches = new WeakMap<Db, Map<string, ReturnType<typeof newRowTextCache>>>();

function newRowTextCache(db: Db, name: string, sources: readonly TextSource[], maxEntries: number) {
  const texts = boundedMap<string, TextKey>(maxEntries);
  const forget = `js_forget_${name}`;
  db.function(forget, { varargs: true }, (...keys: unknown[]) => {
    for (const key of keys) texts.delete(key as TextKey);
    return null;
  });
  for (const { table, key } of sources) {
    for (const [event, rows] of [
      ['INSERT', key('NEW')],
      ['UPDATE', `${key('OLD')}, ${key('NEW')}`],
      ['DELETE', key('OLD')],
    ] as const) {
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS ${name}_${table}_${event.toLowerCase()}
        AFTER ${event} ON main.${table} BEGIN SELECT ${forget}(${rows}); END`);
    }
  }
  return {
    get: (key: TextKey) => texts.get(key),
    set(key: TextKey, text: string) {
      // Made inside a transaction, a text may show a write that is then rolled back; the rollback
      // fires no trigger to forget it.
      if (!db.inTransaction) texts.set(key, text);
    },
  };
}

/**
 * Texts made from rows (the JSON of a list page's items), kept by the key of the row they show so
 * that a page is an index walk for its keys and a join of texts already written: a list page of
 * 25 storages cost more to write than to find. A text is forgotten by temporary triggers (this
 * connection's own, outside the file's schema) on every insert, update and delete of a row of
 * `sources` with its key, whatever statement makes it: a text can only be missing, never stale,
 * as long as it is made only from rows of `sources` with its key. The database has one connection
 * (database.ts `openDatabase`), so no write escapes the triggers. At most `maxEntries` texts
 * (`boundedMap`): no client's reads grow the memory without bound. One cache per database and
 * `name`, however many repositories are made on it.
 */
export function rowTextCache(
  db: Db,
  name: string,
  sources: readonly TextSource[],
  maxEntries = 10_000,
) {
  let caches = rowTextCaches.get(db);
  if (!caches) rowTextCaches.set(db, (caches = new Map()));
  let cache = caches.get(name);
  if (!cache) caches.set(name, (cache = newRowTextCache(db, name, sources, maxEntries)));
  return cache;
}
