import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ApiError } from '../../api/http';
import { ErrorState, LoadingState } from '../../components/query-state';

/** 403 means the account lacks the billing role (api-reference-notes §10.3), which is not a failure to fix. */
function BillingError({
  error,
  title,
  onRetry,
}: {
  error: ApiError;
  title: string;
  onRetry: () => void;
}) {
  if (error.status === 403 && error.code === 'BILLING_FORBIDDEN') {
    return (
      <Alert severity="info">
        <AlertTitle>No billing permission</AlertTitle>
        This account may not read billing details. The main account’s owner can give it the billing
        role.
      </Alert>
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
      <BillingError error={query.error} title={failure} onRetry={() => void query.refetch()} />
    );
  }
  return children(query.data);
}
