import { z } from 'zod/mini';
import { wrappedList } from './common';
import { endpoint } from './endpoint';

export const networkServices = [
  'load_balancer_private',
  'load_balancer_private_vlan',
  'load_balancer_public',
  'network_gateway_private',
  'network_gateway_private_vlan',
  'network_gateway_public',
  'object_storage_v2_private',
  'object_storage_v2_public',
  'server_private',
  'server_private_vlan',
  'server_public',
] as const;
export const networkServiceSchema = z.enum(networkServices);

/** Query of the network usage operations (api-reference-notes §10.4). */
export const networkUsageQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  service: z.optional(networkServiceSchema),
  zone: z.optional(z.string()),
  resource_id: z.optional(z.string()),
  accumulate: z.optional(z.enum(['hour', 'day'])),
});

export const resourceNetworkStatSchema = z.object({
  resource_id: z.string(),
  service: z.string(),
  zone: z.string(),
  start_time: z.string(),
  sent_bytes: z.nullable(z.int()),
});
export const resourceNetworkUsageResponseSchema = wrappedList(
  'stats',
  'stat',
  resourceNetworkStatSchema,
);

export const networkUsageResponseSchema = z.object({
  stats: z.object({
    stat: z.array(
      z.object({
        start_time: z.string(),
        sent_bytes: z.int(),
        total_sent_bytes: z.int(),
        accumulated_quota_bytes: z.int(),
        projected_monthly_quota_bytes: z.int(),
        quota_increase_bytes: z.int(),
      }),
    ),
  }),
});

export const currentNetworkUsageResponseSchema = z.object({
  stats: z.object({
    current_network_usage: z.object({
      updated: z.string(),
      accumulated_quota_bytes: z.int(),
      total_sent_bytes: z.int(),
      hourly_quota_increase_bytes: z.int(),
      projected_monthly_quota_bytes: z.int(),
    }),
  }),
});

/** `GET /1.3/currency` (api-reference-notes §13): `rate` is the value of one credit in that currency. */
export const currencyResponseSchema = z.object({
  currencies: z.object({
    currency: z.array(z.object({ code: z.string(), rate: z.number(), updated: z.string() })),
  }),
});

/** `GET /1.3/device/availability`: keyed by zone, then device type, then plan. */
export const deviceAvailabilitySchema = z.record(
  z.string(),
  z.record(z.string(), z.record(z.string(), z.object({ amount: z.int() }))),
);

/** `GET /1.3/device/availability` query: one zone, one device type (`gpu_plans`). */
export const deviceAvailabilityQuerySchema = z.object({
  zone: z.optional(z.string()),
  type: z.optional(z.string()),
});

/** Columns of the network usage CSV answers, in order (api-reference-notes §10.4). */
export const resourceNetworkUsageCsvColumns = [
  'start_time',
  'resource_id',
  'service',
  'zone',
  'sent_bytes',
] as const;
export const networkUsageCsvColumns = [
  'start_time',
  'sent_bytes',
  'total_sent_bytes',
  'accumulated_quota_bytes',
  'projected_monthly_quota_bytes',
  'quota_increase_bytes',
] as const;

/**
 * Network usage (api-reference-notes §10.4; api-rules §4.2, §8): JSON up to 31 days, CSV (`Accept: text/csv`)
 * for any window. Currency and device availability (api-reference-notes §13).
 */
export const usageEndpoints = {
  resourceNetworkUsage: endpoint(
    'GET /account/resource_network_usage',
    resourceNetworkUsageResponseSchema,
    [400, 403],
    { query: networkUsageQuerySchema, formats: ['csv'] },
  ),
  networkTopUsage: endpoint(
    'GET /account/network_top_usage',
    resourceNetworkUsageResponseSchema,
    [400, 403],
    { query: networkUsageQuerySchema, formats: ['csv'] },
  ),
  networkUsage: endpoint('GET /account/network_usage', networkUsageResponseSchema, [400, 403], {
    query: networkUsageQuerySchema,
    formats: ['csv'],
  }),
  currentNetworkUsage: endpoint(
    'GET /account/current_network_usage',
    currentNetworkUsageResponseSchema,
    [403],
  ),
  currency: endpoint('GET /currency', currencyResponseSchema),
  deviceAvailability: endpoint('GET /device/availability', deviceAvailabilitySchema, [400], {
    query: deviceAvailabilityQuerySchema,
  }),
};
