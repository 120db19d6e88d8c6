import { queryOptions } from '@tanstack/react-query';
import { zoneListResponseSchema } from '../../contract/zone';
import { request } from './http';

export async function listZones(signal?: AbortSignal) {
  const response = await request('/1.2/zone', zoneListResponseSchema, { signal });
  return response.zones.zone;
}

export const zoneQueries = {
  all: () => ['zones'] as const,
  list: () =>
    queryOptions({
      queryKey: [...zoneQueries.all(), 'list'],
      queryFn: ({ signal }) => listZones(signal),
      // Zones change only when the provider opens a site; refetching on every focus is waste.
      staleTime: 10 * 60_000,
    }),
};
