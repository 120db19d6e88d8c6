import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../../api/http';
import { ErrorState, LoadingState } from '../../components/query-state';

// Most accounts may read their bill: the alert's code comes with the first refusal.
const NoBillingPermission = lazy(async () => ({
  default: (await import('./no-billing-permission')).NoBillingPermission,
}));

/** 403 means the account lacks the billing role (api-reference-notes §10.3), which is not a failure to fix. */
function BillingError({
  error,
  title,
  loading,
  onRetry,
}: {
  error: ApiError;
  title: string;
  /** Names the progress indicator while the alert's code loads. */
  loading: string;
  onRetry: () => void;
}) {
  if (error.status === 403 && error.code === 'BILLING_FORBIDDEN') {
    return (
      <Suspense fallback={<LoadingState label={loading} />}>
        <NoBillingPermission />
      </Suspense>
    );
  }
  return <ErrorState error={error} title={title} onRetry={onRetry} />;
}

/** A billing read's loading and failed states (QueryView's, but with BillingError); then `children`. */
export function BillingQuery<T>({
  query,
  loading,
  failure,
  children,
}: {
  query: UseQueryResult<T, ApiError>;
  /** Names the progress indicator while the query runs. */
  loading: string;
  /** Titles the alert (with Retry) when the query fails for another reason than the role. */
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError) {
    return (
      <BillingError
        error={query.error}
        title={failure}
        loading={loading}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}
