import { zoneEndpoints } from '../../contract/zone';
import { fetchQuery } from './fetch-query';
import { callEndpoint } from './http';

export async function listZones(signal?: AbortSignal) {
  return (await callEndpoint(zoneEndpoints.list, {}, { signal })).zones.zone;
}

export const zoneQueries = {
  all: () => ['zones'] as const,
  list: () =>
    fetchQuery([...zoneQueries.all(), 'list'], listZones, {
      // Zones change only when the provider opens a site; refetching on every focus is waste.
      staleTime: 10 * 60_000,
    }),
};
