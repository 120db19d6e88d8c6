import { billingEndpoints } from '../../contract/billing';
import { callEndpoint } from './http';
import { fetchQuery } from './fetch-query';

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

/** Billing changes only as hours pass, so a minute-old summary is still right to show. */
const billingStaleMs = 60_000;

export const billingQueries = {
  all: () => ['billing'] as const,
  summary: (month: BillingMonth) =>
    fetchQuery(
      [...billingQueries.all(), 'summary', month],
      (signal) => getBillingSummary(month, signal),
      {
        staleTime: billingStaleMs,
      },
    ),
  resource: (resourceId: string, month: BillingMonth) =>
    fetchQuery(
      [...billingQueries.all(), 'resource', resourceId, month],
      (signal) => getResourceBillingSummary(resourceId, month, signal),
      {
        staleTime: billingStaleMs,
      },
    ),
};
