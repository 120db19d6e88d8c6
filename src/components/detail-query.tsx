import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryKey, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { ApiError } from '../api/http';
import { PageHeader } from './page-header';
import { ErrorState, LoadingState } from './query-state';

interface DetailQueryProps<T> {
  query: UseQueryResult<T, ApiError>;
  /** What the page shows, such as "Server": the header while loading and the messages. */
  noun: string;
  children: (data: T) => ReactNode;
}

/** A detail page's loading and error states, each under the page header; then the page itself. */
function DetailQuery<T>({ query, noun, children }: DetailQueryProps<T>) {
  if (query.isPending) {
    return (
      <>
        <PageHeader title={noun} />
        <LoadingState label={`Loading ${noun.toLowerCase()}`} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={noun} />
        <ErrorState
          error={query.error}
          title={`The ${noun.toLowerCase()} could not be loaded`}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  return children(query.data);
}

/** A detail page: the resource the route's `:uuid` names, read with `detail(uuid)`. */
function RouteDetail<T, Key extends QueryKey>({
  detail,
  noun,
  children,
}: Omit<DetailQueryProps<T>, 'query'> & {
  detail: (uuid: string) => UseQueryOptions<T, ApiError, T, Key>;
}) {
  const { uuid = '' } = useParams();
  const query = useQuery(detail(uuid));
  return (
    <DetailQuery query={query} noun={noun}>
      {children}
    </DetailQuery>
  );
}

/** A detail page's component: `view` shows the resource the route names, once it has loaded. */
export const routeDetailPage =
  <T, Key extends QueryKey>(
    detail: (uuid: string) => UseQueryOptions<T, ApiError, T, Key>,
    noun: string,
    view: (data: T) => ReactNode,
  ) =>
  () => (
    <RouteDetail detail={detail} noun={noun}>
      {view}
    </RouteDetail>
  );
