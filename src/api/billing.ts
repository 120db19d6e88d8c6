import { queryOptions } from '@tanstack/react-query';
import { billingSummarySchema, resourceBillingSummarySchema } from '../../contract/billing';
import { currencyResponseSchema } from '../../contract/usage';
import { request } from './http';

/** `YYYY-MM`, the month form of the billing paths (reference §10.3). */
export type BillingMonth = string;

export function getBillingSummary(month: BillingMonth, signal?: AbortSignal) {
  return request(
    `/1.3/account/billing/summary/${encodeURIComponent(month)}`,
    billingSummarySchema,
    { signal },
  );
}

export async function getResourceBillingSummary(
  resourceId: string,
  month: BillingMonth,
  signal?: AbortSignal,
) {
  const response = await request(
    `/1.3/account/resource_billing_summary/${encodeURIComponent(resourceId)}/${encodeURIComponent(month)}`,
    resourceBillingSummarySchema,
    { signal },
  );
  return response.billing;
}

export async function listCurrencies(signal?: AbortSignal) {
  const response = await request('/1.3/currency', currencyResponseSchema, { signal });
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
