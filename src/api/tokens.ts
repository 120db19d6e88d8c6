import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tokenEndpoints, tokenSchema } from '../../contract/tokens';
import type { Token, TokenCreateRequest } from '../../contract/tokens';
import { callEndpoint, endpointCall } from './http';
import type { RequestOptions } from './http';
import { fetchQuery } from './fetch-query';

export function listTokens(signal?: AbortSignal) {
  return callEndpoint(tokenEndpoints.list, {}, { signal });
}

export function getToken(id: string, signal?: AbortSignal) {
  return callEndpoint(tokenEndpoints.get, { params: { id } }, { signal });
}

export const createTokenCall = (body: TokenCreateRequest) =>
  endpointCall(tokenEndpoints.create, { body });

export function createToken(
  body: TokenCreateRequest,
  options?: Pick<RequestOptions, 'authorization' | 'headers'>,
) {
  return callEndpoint(tokenEndpoints.create, { body }, options);
}

export const deleteTokenCall = (id: string) =>
  endpointCall(tokenEndpoints.delete, { params: { id } });

export function deleteToken(id: string, options?: Pick<RequestOptions, 'authorization'>) {
  return callEndpoint(tokenEndpoints.delete, { params: { id } }, options);
}

export const tokenQueries = {
  all: () => ['tokens'] as const,
  lists: () => [...tokenQueries.all(), 'list'] as const,
  list: () => fetchQuery(tokenQueries.lists(), listTokens),
  detail: (id: string) =>
    fetchQuery([...tokenQueries.all(), 'detail', id], (signal) => getToken(id, signal)),
};

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenCreateRequest) => createToken(body),
    // The secret is shown once; dropping the finished mutation at once keeps it out of memory.
    gcTime: 0,
    onSuccess: async (created) => {
      // Parsing with the record schema strips the secret, so the query cache never holds it.
      const record: Token = tokenSchema.parse(created);
      queryClient.setQueryData(tokenQueries.detail(record.id).queryKey, record);
      await queryClient.invalidateQueries({ queryKey: tokenQueries.lists() });
    },
  });
}

export function useDeleteToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteToken(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: tokenQueries.detail(id).queryKey });
      // The list is already right without the token; the refetch only picks up other changes,
      // so the dialog need not wait for it.
      queryClient.setQueryData(tokenQueries.list().queryKey, (tokens) =>
        tokens?.filter((token) => token.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: tokenQueries.lists() });
    },
  });
}
