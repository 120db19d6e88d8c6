import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { ApiError } from './http';
import { isMaintenance, isResponseInvalid } from './http';

const maxRetries = 2;
/** A change waits this many maintenance answers (about four minutes) before giving up. */
const maxMaintenanceRetries = 48;
const maintenanceRetryMs = 5_000;

/** Waits as the service asks during maintenance, else backs off exponentially. */
function retryDelay(attempt: number, error: ApiError): number {
  if (isMaintenance(error)) return Math.min(error.retryAfterMs ?? maintenanceRetryMs, 30_000);
  return Math.min(1000 * 2 ** attempt, 30_000);
}

function isClientError(error: ApiError): boolean {
  return error.status >= 400 && error.status < 500;
}

export interface QueryClientOptions {
  /** Called for every 401 so the auth layer can end the session and ask the user to sign in. */
  onUnauthorized: () => void;
}

export function createQueryClient({ onUnauthorized }: QueryClientOptions): QueryClient {
  const handleError = (error: ApiError) => {
    if (error.status === 401) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        // A client error, or an answer the panel cannot read, comes back the same on every
        // attempt; only transient failures retry, and reads wait out maintenance while it lasts.
        retry: (failureCount, error) =>
          isMaintenance(error) ||
          (!isClientError(error) && !isResponseInvalid(error) && failureCount < maxRetries),
        retryDelay,
        // For the same reason a page that mounts on a client error shows it rather than asking
        // again (its Retry button asks): the first page's read leaves before the page mounts
        // (startFirstPage), and a refused read (403) went twice.
        retryOnMount: (query) => !(query.state.error && isClientError(query.state.error)),
        staleTime: 30_000,
      },
      // A change is repeated only when the service said it did nothing with it (maintenance);
      // after a 500 the user decides (the form keeps the input and offers to try again).
      mutations: {
        retry: (failureCount, error) =>
          isMaintenance(error) && failureCount < maxMaintenanceRetries,
        retryDelay,
      },
    },
  });
}
