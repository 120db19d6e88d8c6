import type { ComponentProps, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import type { ApiError } from '../api/http';
import { ApiCallPanel } from './api-call-panel';
import type { ApiCallRequest } from './api-call-view';
import { EmptyState, ErrorState, LoadingState } from './query-state';

export interface QueryViewProps<T> {
  query: UseQueryResult<T, ApiError>;
  /** Names the progress indicator while the query runs. */
  loading: string;
  /** Shown, named by `loading`, instead of the spinner while the query runs (see `LoadingState`). */
  placeholder?: ReactNode;
  /** Titles the alert (with Retry) when the query fails. */
  failure: string;
  /** Shown instead of `children` when the answer has nothing to show. */
  empty?: ComponentProps<typeof EmptyState>;
  /** When `empty` applies; by default, when the answer is an empty list. */
  isEmpty?: (data: T) => boolean;
  /** The list's read: shown above, in every state, as an "API call" toggle. */
  read?: ApiCallRequest;
  children: (data: T) => ReactNode;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** A query's loading, failed, empty and loaded states, in the place the loaded view goes. */
export function QueryView<T>({ read, ...props }: QueryViewProps<T>) {
  if (!read) return <QueryStates {...props} />;
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <ApiCallPanel read={read} />
      </Box>
      <QueryStates {...props} />
    </>
  );
}

function QueryStates<T>({
  query,
  loading,
  placeholder,
  failure,
  empty,
  isEmpty = isEmptyList,
  children,
}: Omit<QueryViewProps<T>, 'read'>) {
  if (query.isPending) return <LoadingState label={loading}>{placeholder}</LoadingState>;
  if (query.isError) {
    return <ErrorState error={query.error} title={failure} onRetry={() => void query.refetch()} />;
  }
  if (empty && isEmpty(query.data)) return <EmptyState {...empty} />;
  return children(query.data);
}
