import { z } from 'zod/mini';
import { checkWith, wrappedList } from './common';
import { endpoint } from './endpoint';

/** One price entry: `price` credits per hour for `amount` units (api-rules §2.5, api-reference-notes §14). */
export const priceEntrySchema = z.object({
  amount: z.number(),
  price: z.number(),
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;

/** Keys every zone's price list carries (api-rules §2.5); `server_plan_<name>` keys come on top. */
export const basePriceKeys = [
  'firewall',
  'io_request_backup',
  'io_request_hdd',
  'io_request_maxiops',
  'ipv4_address',
  'ipv6_address',
  'network_private_vlan',
  'public_ipv4_bandwidth_in',
  'public_ipv4_bandwidth_out',
  'public_ipv6_bandwidth_in',
  'public_ipv6_bandwidth_out',
  'server_core',
  'server_memory',
  'storage_backup',
  'storage_hdd',
  'storage_maxiops',
  'storage_template',
] as const;
export type BasePriceKey = (typeof basePriceKeys)[number];

export const serverPlanPricePrefix = 'server_plan_';

/**
 * Simple backup plans: each is priced per server plan (`simple_backup_<plan>_<server plan>`) and,
 * for custom servers, per GiB (`simple_backup_extra_<plan>`), as the real price list has them.
 */
export const simpleBackupPlans = ['dailies', 'weeklies', 'monthlies'] as const;

export const priceZoneSchema = z.catchall(z.object({ name: z.string() }), priceEntrySchema).check(
  checkWith((zone, report) => {
    for (const key of basePriceKeys) {
      if (!(key in zone)) report(`missing ${key}`, key);
    }
  }),
);
export type PriceZone = { name: string } & Record<string, PriceEntry | string>;

export const priceListResponseSchema = wrappedList('prices', 'zone', priceZoneSchema);
export type PriceListResponse = z.infer<typeof priceListResponseSchema>;

/** Prices of every zone (api-rules §4.1): documented under 1.2; the service answers under 1.3 too. */
export const priceEndpoints = {
  list: endpoint('GET /price', priceListResponseSchema, [], { versions: ['1.2', '1.3'] }),
};
