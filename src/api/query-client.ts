import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { ApiError } from './http';

const maxRetries = 2;

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
        // A client error answers the same way on every attempt; only transient failures retry.
        retry: (failureCount, error) => !isClientError(error) && failureCount < maxRetries,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
