import type { QueryClient } from '@tanstack/react-query';
import { billingEndpoints } from '../../contract/billing';
import { partnerEndpoints } from '../../contract/partner';
import type { PartnerAccountCreateRequest } from '../../contract/partner';
import { accountQueries } from './account';
import { callEndpoint, endpointCall } from './http';
import type { RequestOptions } from './http';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';

export const partnerAccountListCall = endpointCall(partnerEndpoints.listAccounts, {});

export function listPartnerAccounts(signal?: AbortSignal) {
  return callEndpoint(partnerEndpoints.listAccounts, {}, { signal });
}

export const createPartnerAccountCall = (body: PartnerAccountCreateRequest) =>
  endpointCall(partnerEndpoints.createAccount, { body });

export function createPartnerAccount(
  body: PartnerAccountCreateRequest,
  options?: Pick<RequestOptions, 'authorization'>,
) {
  return callEndpoint(partnerEndpoints.createAccount, { body }, options);
}

/** A customer's detailed bill for `month` (YYYY-MM), read by its partner (api-rules §4.2, §4.9). */
export function getCustomerBillingSummary(username: string, month: string, signal?: AbortSignal) {
  return callEndpoint(
    billingEndpoints.summary,
    { params: { month }, query: { username } },
    { signal },
  );
}

/**
 * The probe's answer (`accountQueries.partner`, sent once a session) is the same list: it is the
 * list's first data, as old as the probe, so the console asks again only once it is stale.
 */
function fromProbe(client: QueryClient) {
  const probe = client.getQueryState(accountQueries.partner().queryKey);
  const parsed = probe?.data
    ? partnerEndpoints.listAccounts.response.safeParse(probe.data.answer)
    : null;
  return parsed?.success
    ? { initialData: parsed.data, initialDataUpdatedAt: probe?.dataUpdatedAt }
    : {};
}

export const partnerQueries = {
  all: () => ['partner'] as const,
  /** With `client`, the list starts from the partner probe's answer (one request for one URL). */
  accounts: (client?: QueryClient) =>
    fetchQuery(
      [...partnerQueries.all(), 'accounts'],
      listPartnerAccounts,
      client ? fromProbe(client) : {},
    ),
  customerBilling: (username: string, month: string) =>
    fetchQuery([...partnerQueries.all(), 'billing', month, username], (signal) =>
      getCustomerBillingSummary(username, month, signal),
    ),
};

export const useCreatePartnerAccount = () =>
  useCacheMutation(
    (body: PartnerAccountCreateRequest) => createPartnerAccount(body),
    async (queryClient, created) => {
      queryClient.setQueryData(partnerQueries.accounts().queryKey, (accounts) =>
        accounts ? [...accounts, created] : accounts,
      );
      // The account record carries how many accounts the partner has created.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: partnerQueries.accounts().queryKey }),
        queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
      ]);
    },
  );
