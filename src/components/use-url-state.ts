import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { NavigateOptions } from 'react-router';
import { readUrlState, writeUrlState } from '../lib/url-state';
import type { UrlChanges, UrlSchema } from '../lib/url-state';
import type { TableSorting } from './data-table';

/**
 * The URL's search and a function that changes it from the latest one asked for. React Router's
 * own updater starts from the search of the page's last render: two changes made before the page
 * renders again (the From date, then at once the To date) each started from the same search, and
 * the second dropped the first.
 */
export function useSearchUpdate() {
  const [search, setSearch] = useSearchParams();
  // The search last asked for, and the rendered one it was asked from: while that is still the one
  // rendered, the next change starts from what was asked for.
  const asked = useRef<{ from: URLSearchParams; next: URLSearchParams } | null>(null);
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const latest = asked.current?.from === search ? asked.current.next : search;
      const next = change(new URLSearchParams(latest));
      asked.current = { from: search, next };
      setSearch(next, options);
    },
    [search, setSearch],
  );
  return [search, update] as const;
}

/**
 * A list page's filters, sort and page, read from the URL through the list's schema and written
 * back to it, so that a view can be shared and reloaded (docs/architecture.md, Routes).
 */
export function useUrlState<S extends UrlSchema>(schema: S) {
  const [search, setSearch] = useSearchUpdate();
  return {
    state: readUrlState(schema, search),
    /** Changes some params; unless `keepOffset`, the list starts again on its first page. */
    change: (changes: UrlChanges<S>, options?: { keepOffset?: boolean }) =>
      setSearch((current) => writeUrlState(current, changes, options)),
    /** Replaces every param (another view of the list). */
    replace: (params: UrlChanges<S>) =>
      setSearch(() => writeUrlState(new URLSearchParams(), params)),
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
