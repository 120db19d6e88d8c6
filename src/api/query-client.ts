import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { ApiError } from './http';
import { isMaintenance, retryMayHelp } from './http';

const maxRetries = 2;
/** A change waits this many maintenance answers (about four minutes) before giving up. */
const maxMaintenanceRetries = 48;
const maintenanceRetryMs = 5_000;

/**
 * Waits as the service asks (`Retry-After`: maintenance, too many requests), else backs off
 * exponentially; never more than 30 s.
 */
function retryDelay(attempt: number, error: ApiError): number {
  const asked = error.retryAfterMs ?? (isMaintenance(error) ? maintenanceRetryMs : undefined);
  return Math.min(asked ?? 1000 * 2 ** attempt, 30_000);
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
        // A read retries where the Retry button is offered (`retryMayHelp`), by status alone: a
        // gateway's 502 page, which the panel cannot read as an error body, is as passing as the
        // service's own 502; a client error (but a timeout or too many requests), or a 200 the
        // panel cannot read, comes back the same. Reads wait out maintenance while it lasts.
        retry: (failureCount, error) =>
          isMaintenance(error) || (retryMayHelp(error) && failureCount < maxRetries),
        retryDelay,
        // For the same reason a page that mounts on such an error shows it rather than asking
        // again (its Retry button asks when asking may help): the first page's read leaves
        // before the page mounts (startFirstPage), and a refused read (403) went twice.
        retryOnMount: (query) => !(query.state.error && !retryMayHelp(query.state.error)),
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
