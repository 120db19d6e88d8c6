import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountListResponseSchema,
  accountResponseSchema,
  resourceUsageSchema,
} from '../../contract/account';
import type { SubAccountCreateRequest } from '../../contract/account';
import { request } from './http';
import type { ApiRequest, RequestOptions } from './http';

export async function getAccount(options?: Pick<RequestOptions, 'authorization' | 'signal'>) {
  const response = await request('/1.3/account', accountResponseSchema, options);
  return response.account;
}

/** The main account and its subaccounts, narrowed by `key` or `key=value` label filters. */
export function accountListCall(labels: readonly string[]): ApiRequest {
  const query = new URLSearchParams();
  for (const label of labels) query.append('label', label);
  return { method: 'GET', path: `/1.3/account/list${labels.length > 0 ? `?${query}` : ''}` };
}

export async function listAccounts(labels: readonly string[], signal?: AbortSignal) {
  const { path } = accountListCall(labels);
  return (await request(path, accountListResponseSchema, { signal })).accounts.account;
}

export function getResourceUsage(signal?: AbortSignal) {
  return request('/1.3/account/resource-usage', resourceUsageSchema, { signal });
}

export const createSubAccountCall = (body: SubAccountCreateRequest): ApiRequest => ({
  method: 'POST',
  path: '/1.3/account/sub',
  body,
});

export function createSubAccount(body: SubAccountCreateRequest) {
  const call = createSubAccountCall(body);
  return request(call.path, null, call);
}

export const deleteSubAccountCall = (username: string): ApiRequest => ({
  method: 'DELETE',
  path: `/1.3/account/sub/${encodeURIComponent(username)}`,
});

export function deleteSubAccount(username: string) {
  const call = deleteSubAccountCall(username);
  return request(call.path, null, call);
}

export const accountQueries = {
  all: () => ['account'] as const,
  detail: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'detail'],
      queryFn: ({ signal }) => getAccount({ signal }),
    }),
  lists: () => [...accountQueries.all(), 'list'] as const,
  list: (labels: readonly string[]) =>
    queryOptions({
      queryKey: [...accountQueries.lists(), { labels }],
      queryFn: ({ signal }) => listAccounts(labels, signal),
    }),
  resourceUsage: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'resource-usage'],
      queryFn: ({ signal }) => getResourceUsage(signal),
    }),
};

export function useCreateSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.lists() }),
  });
}

export function useDeleteSubAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubAccount,
    onSuccess: (_data, username) => {
      for (const [key] of queryClient.getQueriesData({ queryKey: accountQueries.lists() })) {
        queryClient.setQueryData(
          key,
          (accounts: Awaited<ReturnType<typeof listAccounts>> | undefined) =>
            accounts?.filter((account) => account.username !== username),
        );
      }
      void queryClient.invalidateQueries({ queryKey: accountQueries.lists() });
    },
  });
}
