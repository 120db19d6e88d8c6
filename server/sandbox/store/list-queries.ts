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

/**
 * Prepared statements by their text, for list queries whose text follows the filters a client
 * gives. The texts take values only as parameters, so there are as many as combinations of
 * filters and sort orders; the bound keeps a future mistake from growing the cache without end.
 */
export function statementCache(db: Db) {
  const cache = new Map<string, ReturnType<Db['prepare']>>();
  return (sql: string) => {
    let cached = cache.get(sql);
    if (!cached) {
      if (cache.size >= 200) cache.clear();
      cached = db.prepare(sql);
      cache.set(sql, cached);
    }
    return cached;
  };
}
