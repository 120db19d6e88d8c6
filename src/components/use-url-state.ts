import { useSearchParams } from 'react-router';
import { readUrlState, writeUrlState } from '../lib/url-state';
import type { UrlChanges, UrlSchema } from '../lib/url-state';
import type { TableSorting } from './data-table';

/**
 * A list page's filters, sort and page, read from the URL through the list's schema and written
 * back to it, so that a view can be shared and reloaded (docs/architecture.md, Routes).
 */
export function useUrlState<S extends UrlSchema>(schema: S) {
  const [search, setSearch] = useSearchParams();
  return {
    state: readUrlState(schema, search),
    /** Changes some params; unless `keepOffset`, the list starts again on its first page. */
    change: (changes: UrlChanges<S>, options?: { keepOffset?: boolean }) =>
      setSearch((current) => writeUrlState(current, changes, options)),
    /** Replaces every param (another view of the list). */
    replace: (params: UrlChanges<S>) => setSearch(writeUrlState(new URLSearchParams(), params)),
  };
}

/** Sorting by the URL's `sort` and `order`: a second click on the sorted column reverses it. */
export function urlSorting(
  sortable: readonly string[],
  state: { sort?: string; order?: 'asc' | 'desc' },
  change: (changes: { sort: string; order: 'asc' | 'desc' }) => void,
): TableSorting {
  return {
    sortable,
    sortBy: state.sort,
    order: state.order ?? 'asc',
    onSort: (columnId) =>
      change({
        sort: columnId,
        order: state.sort === columnId && state.order !== 'desc' ? 'desc' : 'asc',
      }),
  };
}
