import { planEndpoints, serverOptionEndpoints } from '../../../contract/plan';
import type { z } from 'zod/mini';
import { priceEndpoints } from '../../../contract/price';
import type { priceZoneSchema } from '../../../contract/price';
import { zoneEndpoints } from '../../../contract/zone';
import type { RouteModule } from '../domain';
import { plans, serverSizes, timezones, zones } from '../catalog';
import { handle } from '../http/endpoint-route';

/**
 * Zones and prices (api-rules §4.1, under 1.2 and, as the real service does, 1.3); server plans,
 * timezones and sizes (api-reference-notes §2.1, §14). Each endpoint names the versions that serve it.
 */
export const catalogRoutes: RouteModule = (scope, context) => {
  /**
   * A zone's prices as the schema's type has them. TypeScript cannot say "entries, and a string
   * `name`": the schema's type claims `name` is an entry too, so the sandbox's table is cast once.
   */
  const priceZones = context.prices as z.input<typeof priceZoneSchema>[];
  handle(scope, zoneEndpoints.list, async () => ({ zones: { zone: zones } }));
  handle(scope, priceEndpoints.list, async () => ({ prices: { zone: priceZones } }));
  handle(scope, planEndpoints.list, async () => ({ plans: { plan: plans } }));
  handle(scope, serverOptionEndpoints.timezones, async () => ({
    timezones: { timezone: timezones },
  }));
  handle(scope, serverOptionEndpoints.serverSizes, async () => ({
    server_sizes: { server_size: serverSizes },
  }));
};
