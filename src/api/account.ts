import { accountEndpoints } from '../../contract/account';
import { callEndpoint, endpointCall } from './http';
import type { ApiRequest, RequestOptions } from './http';
import { fetchQuery } from './fetch-query';

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
  detail: () => fetchQuery([...accountQueries.all(), 'detail'], (signal) => getAccount({ signal })),
  lists: () => [...accountQueries.all(), 'list'] as const,
  list: (labels: readonly string[]) =>
    fetchQuery([...accountQueries.lists(), { labels }], (signal) => listAccounts(labels, signal)),
  resourceUsage: () => fetchQuery([...accountQueries.all(), 'resource-usage'], getResourceUsage),
};
