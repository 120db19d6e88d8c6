import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { billingSummarySchema } from '../../contract/billing';
import { partnerAccountListSchema, partnerAccountSchema } from '../../contract/partner';
import type { PartnerAccountCreateRequest } from '../../contract/partner';
import { accountQueries } from './account';
import { request } from './http';
import type { ApiRequest, RequestOptions } from './http';

const accountsPath = '/1.3/partner/accounts';

export const partnerAccountListCall: ApiRequest = { method: 'GET', path: accountsPath };

export function listPartnerAccounts(signal?: AbortSignal) {
  return request(partnerAccountListCall.path, partnerAccountListSchema, { signal });
}

export const createPartnerAccountCall = (body: PartnerAccountCreateRequest): ApiRequest => ({
  method: 'POST',
  path: accountsPath,
  body,
});

export function createPartnerAccount(
  body: PartnerAccountCreateRequest,
  options?: Pick<RequestOptions, 'authorization'>,
) {
  const call = createPartnerAccountCall(body);
  return request(call.path, partnerAccountSchema, { ...options, ...call });
}

/** A customer's detailed bill for `month` (YYYY-MM), read by its partner (spec §4.2, §4.9). */
export function getCustomerBillingSummary(username: string, month: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ username });
  return request(
    `/1.3/account/billing/summary/${encodeURIComponent(month)}?${query}`,
    billingSummarySchema,
    { signal },
  );
}

export const partnerQueries = {
  all: () => ['partner'] as const,
  accounts: () =>
    queryOptions({
      queryKey: [...partnerQueries.all(), 'accounts'],
      queryFn: ({ signal }) => listPartnerAccounts(signal),
    }),
  customerBilling: (username: string, month: string) =>
    queryOptions({
      queryKey: [...partnerQueries.all(), 'billing', month, username],
      queryFn: ({ signal }) => getCustomerBillingSummary(username, month, signal),
    }),
};

export function useCreatePartnerAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerAccountCreateRequest) => createPartnerAccount(body),
    onSuccess: async (created) => {
      queryClient.setQueryData(partnerQueries.accounts().queryKey, (accounts) =>
        accounts ? [...accounts, created] : accounts,
      );
      // The account record carries how many accounts the partner has created.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: partnerQueries.accounts().queryKey }),
        queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
      ]);
    },
  });
}
