import { usageEndpoints } from '../../contract/usage';
import { fetchQuery } from './fetch-query';
import { callEndpoint } from './http';

// Apart from the bills, so the dashboard's spend does not load the usage endpoints.
export async function listCurrencies(signal?: AbortSignal) {
  const response = await callEndpoint(usageEndpoints.currency, {}, { signal });
  return response.currencies.currency;
}

export const currencyQueries = {
  list: () =>
    fetchQuery(['currency'], listCurrencies, {
      staleTime: 60 * 60_000,
    }),
};
