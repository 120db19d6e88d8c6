import { queryOptions } from '@tanstack/react-query';
import { accountEndpoints } from '../../contract/account';
import { callEndpoint, endpointCall } from './http';
import type { ApiRequest, RequestOptions } from './http';

export async function getAccount(options?: Pick<RequestOptions, 'authorization' | 'signal'>) {
  const response = await callEndpoint(accountEndpoints.get, {}, options);
  return response.account;
}

/** The main account and its subaccounts, narrowed by `key` or `key=value` label filters. */
export function accountListCall(labels: readonly string[]): ApiRequest {
  return endpointCall(accountEndpoints.list, { query: { label: labels } });
}

export async function listAccounts(labels: readonly string[], signal?: AbortSignal) {
  const response = await callEndpoint(
    accountEndpoints.list,
    { query: { label: labels } },
    { signal },
  );
  return response.accounts.account;
}

export function getResourceUsage(signal?: AbortSignal) {
  return callEndpoint(accountEndpoints.resourceUsage, {}, { signal });
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
