import { queryOptions } from '@tanstack/react-query';
import { planListResponseSchema } from '../../contract/plan';
import { priceListResponseSchema } from '../../contract/price';
import type { PriceZone } from '../../contract/price';
import { request } from './http';

export async function listPrices(signal?: AbortSignal): Promise<PriceZone[]> {
  const response = await request('/1.2/price', priceListResponseSchema, { signal });
  return response.prices.zone;
}

export async function listPlans(signal?: AbortSignal) {
  const response = await request('/1.3/plan', planListResponseSchema, { signal });
  return response.plans.plan;
}

export const priceQueries = {
  all: () => ['prices'] as const,
  list: () =>
    queryOptions({
      queryKey: [...priceQueries.all(), 'list'],
      queryFn: ({ signal }) => listPrices(signal),
      // Price lists change rarely; refetching them on every focus would only add traffic.
      staleTime: 10 * 60_000,
    }),
};

export const planQueries = {
  all: () => ['plans'] as const,
  list: () =>
    queryOptions({
      queryKey: [...planQueries.all(), 'list'],
      queryFn: ({ signal }) => listPlans(signal),
      staleTime: 10 * 60_000,
    }),
};
