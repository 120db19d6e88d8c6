import { queryOptions } from '@tanstack/react-query';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ApiError } from './http';

/** A factory's queryOptions: `fetch` gets the query's abort signal; `options` add staleTime and the like. */
export function fetchQuery<Data, Key extends QueryKey>(
  queryKey: Key,
  fetch: (signal: AbortSignal) => Promise<Data>,
  options: Omit<UseQueryOptions<Data, ApiError, Data, Key>, 'queryKey' | 'queryFn'> = {},
) {
  return queryOptions({ ...options, queryKey, queryFn: ({ signal }) => fetch(signal) });
}
