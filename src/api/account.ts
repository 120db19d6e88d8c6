import { accountEndpoints } from '../../contract/account';
import { ApiError, callEndpoint, endpointCall } from './http';
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

/** A partner's account list as the probe received it (parsed by the partner console), or false. */
export type PartnerProbe = false | { answer: unknown };

/**
 * Whether the account is a partner (api-rules §4.9): the partner account list answers it, and
 * refuses any other account (403, or 404 where the service does not offer it).
 */
export function isPartnerAccount(signal?: AbortSignal): Promise<PartnerProbe> {
  return callEndpoint(accountEndpoints.partnerProbe, {}, { signal }).then(
    (answer) => ({ answer }),
    (error: unknown) => {
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return false;
      throw error;
    },
  );
}

export function getResourceUsage(signal?: AbortSignal) {
  return callEndpoint(accountEndpoints.resourceUsage, {}, { signal });
}

export const accountQueries = {
  all: () => ['account'] as const,
  detail: () => fetchQuery([...accountQueries.all(), 'detail'], (signal) => getAccount({ signal })),
  /** Asked once a session: being a partner does not change while signed in. */
  partner: () =>
    fetchQuery([...accountQueries.all(), 'partner'], isPartnerAccount, { staleTime: Infinity }),
  lists: () => [...accountQueries.all(), 'list'] as const,
  list: (labels: readonly string[]) =>
    fetchQuery([...accountQueries.lists(), { labels }], (signal) => listAccounts(labels, signal)),
  resourceUsage: () => fetchQuery([...accountQueries.all(), 'resource-usage'], getResourceUsage),
};
