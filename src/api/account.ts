import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountListResponseSchema,
  accountResponseSchema,
  resourceUsageSchema,
} from '../../contract/account';
import type { SubAccountCreateRequest } from '../../contract/account';
import { request } from './http';
import type { RequestOptions } from './http';

export async function getAccount(options?: Pick<RequestOptions, 'authorization' | 'signal'>) {
  const response = await request('/1.3/account', accountResponseSchema, options);
  return response.account;
}

/** The main account and its subaccounts, narrowed by `key` or `key=value` label filters. */
export async function listAccounts(labels: readonly string[], signal?: AbortSignal) {
  const query = new URLSearchParams();
  for (const label of labels) query.append('label', label);
  const suffix = labels.length > 0 ? `?${query}` : '';
  const response = await request(`/1.3/account/list${suffix}`, accountListResponseSchema, {
    signal,
  });
  return response.accounts.account;
}

export function getResourceUsage(signal?: AbortSignal) {
  return request('/1.3/account/resource-usage', resourceUsageSchema, { signal });
}

export function createSubAccount(body: SubAccountCreateRequest) {
  return request('/1.3/account/sub', null, { method: 'POST', body });
}

export function deleteSubAccount(username: string) {
  return request(`/1.3/account/sub/${encodeURIComponent(username)}`, null, { method: 'DELETE' });
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
