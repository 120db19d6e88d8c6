import { lazy, Suspense } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { retryMayHelp } from '../api/http';
import type { ApiError } from '../api/http';

// Most pages never fail to load; the alert's code comes with the first failure.
const ApiErrorAlert = lazy(async () => ({
  default: (await import('./api-error-alert')).ApiErrorAlert,
}));

/**
 * A spinner named `label`; or, given `children` (the loaded view's shape, such as lines of
 * placeholder bars), those under that name, so that the answer takes their place without moving
 * what is below.
 */
export function LoadingState({ label, children }: { label: string; children?: ReactNode }) {
  if (children) {
    return (
      <Box role="progressbar" aria-label={label}>
        {children}
      </Box>
    );
  }
  return (
    <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}

interface ErrorStateProps {
  error: ApiError;
  title: string;
  onRetry: () => void;
}

/**
 * A failed read, with Retry only where asking again may answer otherwise: a resource that does
 * not exist or is another account's (404, 403) or a refused request (400) stays refused, and the
 * page's breadcrumbs lead back to its list.
 */
export function ErrorState({ error, title, onRetry }: ErrorStateProps) {
  return (
    <Suspense fallback={<LoadingState label={title} />}>
      <ApiErrorAlert
        error={error}
        title={title}
        action={
          retryMayHelp(error) && (
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          )
        }
      />
    </Suspense>
  );
}

export interface QueryStatesProps<T> {
  query: UseQueryResult<T, ApiError>;
  /** Names the progress indicator while the query runs. */
  loading: string;
  /** Shown, named by `loading`, instead of the spinner while the query runs (see `LoadingState`). */
  placeholder?: ReactNode;
  /** Titles the alert (with Retry where it may help) when the query fails. */
  failure: string;
  /** Shown instead of `children` when the answer has nothing to show. */
  empty?: ComponentProps<typeof EmptyState>;
  /** When `empty` applies; by default, when the answer is an empty list. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * A query's loading, failed, empty and loaded states, in the place the loaded view goes. Without
 * `QueryView`'s "API call" toggle, so that a view that has none (the dashboard's widgets) does not
 * load its code.
 */
export function QueryStates<T>({
  query,
  loading,
  placeholder,
  failure,
  empty,
  isEmpty = isEmptyList,
  children,
}: QueryStatesProps<T>) {
  if (query.isPending) return <LoadingState label={loading}>{placeholder}</LoadingState>;
  if (query.isError) {
    return <ErrorState error={query.error} title={failure} onRetry={() => void query.refetch()} />;
  }
  if (empty && isEmpty(query.data)) return <EmptyState {...empty} />;
  return children(query.data);
}
