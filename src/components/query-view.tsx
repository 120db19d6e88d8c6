import type { ComponentProps, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../api/http';
import { EmptyState, ErrorState, LoadingState } from './query-state';

export interface QueryViewProps<T> {
  query: UseQueryResult<T, ApiError>;
  /** Names the progress indicator while the query runs. */
  loading: string;
  /** Titles the alert (with Retry) when the query fails. */
  failure: string;
  /** Shown instead of `children` when the answer has nothing to show. */
  empty?: ComponentProps<typeof EmptyState>;
  /** When `empty` applies; by default, when the answer is an empty list. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** A query's loading, failed, empty and loaded states, in the place the loaded view goes. */
export function QueryView<T>({
  query,
  loading,
  failure,
  empty,
  isEmpty = isEmptyList,
  children,
}: QueryViewProps<T>) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError) {
    return <ErrorState error={query.error} title={failure} onRetry={() => void query.refetch()} />;
  }
  if (empty && isEmpty(query.data)) return <EmptyState {...empty} />;
  return children(query.data);
}
