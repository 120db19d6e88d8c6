import { queryOptions } from '@tanstack/react-query';
import { billingEndpoints } from '../../contract/billing';
import { usageEndpoints } from '../../contract/usage';
import { callEndpoint } from './http';

/** `YYYY-MM`, the month form of the billing paths (api-reference-notes §10.3). */
export type BillingMonth = string;

export function getBillingSummary(month: BillingMonth, signal?: AbortSignal) {
  return callEndpoint(billingEndpoints.summary, { params: { month } }, { signal });
}

export async function getResourceBillingSummary(
  resourceId: string,
  month: BillingMonth,
  signal?: AbortSignal,
) {
  const response = await callEndpoint(
    billingEndpoints.resourceSummary,
    { params: { resource: resourceId, month } },
    { signal },
  );
  return response.billing;
}

export async function listCurrencies(signal?: AbortSignal) {
  const response = await callEndpoint(usageEndpoints.currency, {}, { signal });
  return response.currencies.currency;
}

/** Billing changes only as hours pass, so a minute-old summary is still right to show. */
const billingStaleMs = 60_000;

export const billingQueries = {
  all: () => ['billing'] as const,
  summary: (month: BillingMonth) =>
    queryOptions({
      queryKey: [...billingQueries.all(), 'summary', month],
      queryFn: ({ signal }) => getBillingSummary(month, signal),
      staleTime: billingStaleMs,
    }),
  resource: (resourceId: string, month: BillingMonth) =>
    queryOptions({
      queryKey: [...billingQueries.all(), 'resource', resourceId, month],
      queryFn: ({ signal }) => getResourceBillingSummary(resourceId, month, signal),
      staleTime: billingStaleMs,
    }),
  currencies: () =>
    queryOptions({
      queryKey: ['currency'],
      queryFn: ({ signal }) => listCurrencies(signal),
      staleTime: 60 * 60_000,
    }),
};
