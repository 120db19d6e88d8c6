import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tokenEndpoints, tokenSchema } from '../../contract/tokens';
import type { Token, TokenCreateRequest } from '../../contract/tokens';
import type { LookAheadPage } from '../lib/look-ahead-page';
import { lookAheadLimit, lookAheadPage } from '../lib/look-ahead-page';
import { callEndpoint, endpointCall } from './http';
import type { RequestOptions } from './http';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';

/** The API lists at most 1,000 tokens a request, oldest first (api-reference-notes §11). */
const tokenLimitCap = 1000;

/** One page of the token list: its size and the first token's offset. */
export interface TokenListParams {
  limit: number;
  offset: number;
}

const tokenListQuery = ({ limit, offset }: TokenListParams) => ({
  limit: lookAheadLimit(limit, tokenLimitCap),
  offset,
});

/** The read behind one page of the token list. */
export const tokenPageCall = (params: TokenListParams) =>
  endpointCall(tokenEndpoints.list, { query: tokenListQuery(params) });

async function listTokenPage(
  params: TokenListParams,
  signal?: AbortSignal,
): Promise<LookAheadPage<Token>> {
  const tokens = await callEndpoint(
    tokenEndpoints.list,
    { query: tokenListQuery(params) },
    { signal },
  );
  return lookAheadPage(tokens, params.limit, tokenLimitCap);
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
  page: (params: TokenListParams) =>
    fetchQuery([...tokenQueries.lists(), params], (signal) => listTokenPage(params, signal)),
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

export const useDeleteToken = () =>
  useCacheMutation(
    (id: string) => deleteToken(id),
    (queryClient, _data, id) => {
      queryClient.removeQueries({ queryKey: tokenQueries.detail(id).queryKey });
      // The pages are already right without the token; the refetch only picks up other changes,
      // so the dialog need not wait for it.
      queryClient.setQueriesData<LookAheadPage<Token>>(
        { queryKey: tokenQueries.lists() },
        (page) => page && { ...page, items: page.items.filter((token) => token.id !== id) },
      );
      void queryClient.invalidateQueries({ queryKey: tokenQueries.lists() });
    },
  );
