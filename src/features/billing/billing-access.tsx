import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ApiError } from '../../api/http';
import { ErrorState } from '../../components/query-state';

/** 403 means the account lacks the billing role (api-reference-notes §10.3), which is not a failure to fix. */
export function BillingError({
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
