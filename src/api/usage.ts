import { usageEndpoints } from '../../contract/usage';
import { parseCsv } from '../lib/csv';
import { callEndpoint, endpointCall, requestText } from './http';
import { fetchQuery } from './fetch-query';

const dayMs = 86_400_000;
/** A JSON answer of the network usage operations covers at most 31 days (api-rules §4.2). */
export const maxJsonWindowDays = 31;

/** Whole UTC days, `from` and `to` inclusive, as `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

export interface NetworkStat {
  resource_id: string;
  service: string;
  zone: string;
  start_time: string;
  sent_bytes: number;
}

export function rangeDays({ from, to }: DayRange): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / dayMs) + 1;
}

/** Beyond 31 days only CSV is answered, so the panel reads such ranges as CSV by itself. */
export const needsCsv = (range: DayRange) => rangeDays(range) > maxJsonWindowDays;

function rangeQuery(range: DayRange, accumulate: 'hour' | 'day') {
  const end = new Date(Date.parse(range.to) + dayMs).toISOString().replace('.000', '');
  return { from: `${range.from}T00:00:00Z`, to: end, accumulate };
}

function statsFromCsv(text: string): NetworkStat[] {
  return parseCsv(text).map((row) => ({
    resource_id: row.resource_id ?? '',
    service: row.service ?? '',
    zone: row.zone ?? '',
    start_time: row.start_time ?? '',
    sent_bytes: Number(row.sent_bytes) || 0,
  }));
}

async function readStats(
  operation: 'resourceNetworkUsage' | 'networkTopUsage',
  range: DayRange,
  signal?: AbortSignal,
): Promise<NetworkStat[]> {
  const endpoint = usageEndpoints[operation];
  const query = rangeQuery(range, 'day');
  if (needsCsv(range)) {
    const { path } = endpointCall(endpoint, { query });
    return statsFromCsv(await requestText(path, 'text/csv', { signal }));
  }
  const response = await callEndpoint(endpoint, { query }, { signal });
  return response.stats.stat.map((stat) => ({ ...stat, sent_bytes: stat.sent_bytes ?? 0 }));
}

/** Daily traffic per resource and service; JSON up to 31 days, CSV beyond. */
export const getResourceNetworkUsage = (range: DayRange, signal?: AbortSignal) =>
  readStats('resourceNetworkUsage', range, signal);

export const getNetworkTopUsage = (range: DayRange, signal?: AbortSignal) =>
  readStats('networkTopUsage', range, signal);

/** The CSV file of daily traffic per resource and service, for any range (api-rules §4.2). */
export function downloadResourceNetworkUsageCsv(range: DayRange) {
  const { path } = endpointCall(usageEndpoints.resourceNetworkUsage, {
    query: rangeQuery(range, 'day'),
  });
  return requestText(path, 'text/csv');
}

export async function getCurrentNetworkUsage(signal?: AbortSignal) {
  const response = await callEndpoint(usageEndpoints.currentNetworkUsage, {}, { signal });
  return response.stats.current_network_usage;
}

export interface DeviceAvailabilityParams {
  zone?: string;
  type?: string;
}

export function getDeviceAvailability(params: DeviceAvailabilityParams, signal?: AbortSignal) {
  // Unset and blank filters are left out of the query.
  const query = { zone: params.zone || undefined, type: params.type || undefined };
  return callEndpoint(usageEndpoints.deviceAvailability, { query }, { signal });
}

export const usageQueries = {
  all: () => ['usage'] as const,
  resourceNetwork: (range: DayRange) =>
    fetchQuery([...usageQueries.all(), 'resource-network', range], (signal) =>
      getResourceNetworkUsage(range, signal),
    ),
  topNetwork: (range: DayRange) =>
    fetchQuery([...usageQueries.all(), 'top-network', range], (signal) =>
      getNetworkTopUsage(range, signal),
    ),
  currentNetwork: () =>
    fetchQuery([...usageQueries.all(), 'current-network'], getCurrentNetworkUsage),
  devices: (params: DeviceAvailabilityParams) =>
    fetchQuery(['device-availability', params], (signal) => getDeviceAvailability(params, signal)),
};
