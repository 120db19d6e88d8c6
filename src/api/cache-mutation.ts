import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';

/**
 * A mutation hook that owns its cache effects: `effects` runs on success with the query client,
 * the answer and the variables, and the mutation stays pending until what it returns settles,
 * so a dialog closes on data that is already fresh.
 */
export function useCacheMutation<Data, Variables = void>(
  mutationFn: (variables: Variables) => Promise<Data>,
  effects: (queryClient: QueryClient, data: Data, variables: Variables) => unknown,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, variables) => effects(queryClient, data, variables),
  });
}
