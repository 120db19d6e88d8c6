import { queryOptions } from '@tanstack/react-query';
import { planEndpoints } from '../../contract/plan';
import { priceEndpoints } from '../../contract/price';
import type { PriceZone } from '../../contract/price';
import { callEndpoint } from './http';

export async function listPrices(signal?: AbortSignal): Promise<PriceZone[]> {
  return (await callEndpoint(priceEndpoints.list, {}, { signal })).prices.zone;
}

export async function listPlans(signal?: AbortSignal) {
  return (await callEndpoint(planEndpoints.list, {}, { signal })).plans.plan;
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
