import { planEndpoints } from '../../contract/plan';
import { priceEndpoints } from '../../contract/price';
import type { PriceZone } from '../../contract/price';
import { callEndpoint } from './http';
import { fetchQuery } from './fetch-query';

export async function listPrices(signal?: AbortSignal): Promise<PriceZone[]> {
  return (await callEndpoint(priceEndpoints.list, {}, { signal })).prices.zone;
}

export async function listPlans(signal?: AbortSignal) {
  return (await callEndpoint(planEndpoints.list, {}, { signal })).plans.plan;
}

export const priceQueries = {
  all: () => ['prices'] as const,
  list: () =>
    fetchQuery([...priceQueries.all(), 'list'], listPrices, {
      // Price lists change rarely; refetching them on every focus would only add traffic.
      staleTime: 10 * 60_000,
    }),
};

export const planQueries = {
  all: () => ['plans'] as const,
  list: () =>
    fetchQuery([...planQueries.all(), 'list'], listPlans, {
      staleTime: 10 * 60_000,
    }),
};
