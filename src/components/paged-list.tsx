import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import type { ApiError } from '../api/http';
import type { LookAheadPage } from '../lib/look-ahead-page';
import { ApiCallPanel } from './api-call-panel';
import type { ApiCallRequest } from './api-call-view';
import { Pager } from './list-controls';
import { QueryView } from './query-view';

interface PagedListProps<T> {
  query: UseQueryResult<LookAheadPage<T>, ApiError>;
  /** The spinner's label, such as "Loading servers". */
  loadingLabel: string;
  /** Said when the page could not be read, such as "Servers could not be loaded". */
  errorTitle: string;
  /** The filters above the list. */
  filters?: ReactNode;
  /** The request behind the page, shown in the API call view under the filters. */
  read: ApiCallRequest;
  /** What a page without items shows. */
  empty: ReactNode;
  /** The page the URL asks for and how to change it; without it, the list is not paged. */
  paging?: {
    limit: number;
    offset: number;
    change: (
      changes: { limit?: string; offset?: string },
      options?: { keepOffset?: boolean },
    ) => void;
  };
  children: (items: T[]) => ReactNode;
}

/** A list page's body: filters and API call, then loading, error, empty or the items, and the pager. */
export function PagedList<T>({
  query,
  loadingLabel,
  errorTitle,
  filters,
  read,
  empty,
  paging,
  children,
}: PagedListProps<T>) {
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
        {filters}
        <ApiCallPanel read={read} />
      </Box>
      <QueryView query={query} loading={loadingLabel} failure={errorTitle}>
        {({ items }) => (items.length === 0 ? empty : children(items))}
      </QueryView>
      {paging && query.isSuccess && (
        <Pager
          limit={paging.limit}
          offset={paging.offset}
          count={query.data.items.length}
          hasNextPage={query.data.hasNextPage}
          onLimit={(size) => paging.change({ limit: String(size) })}
          onOffset={(next) => paging.change({ offset: String(next) }, { keepOffset: true })}
        />
      )}
    </>
  );
}
