import { z } from 'zod/mini';
import { endpoint } from './endpoint';
import { wrappedList, yesNoSchema, zoneIdSchema } from './common';

export const zoneSchema = z.object({
  id: zoneIdSchema,
  description: z.string(),
  public: yesNoSchema,
});
export type Zone = z.infer<typeof zoneSchema>;

export const zoneListResponseSchema = wrappedList('zones', 'zone', zoneSchema);
export type ZoneListResponse = z.infer<typeof zoneListResponseSchema>;

/** Zones (api-rules §4.1): documented under 1.2; the service answers under 1.3 too. */
export const zoneEndpoints = {
  list: endpoint('GET /zone', zoneListResponseSchema, [], { versions: ['1.2', '1.3'] }),
};
