import { z } from 'zod/mini';
import { yesNoSchema, zoneIdSchema } from './common';

export const zoneSchema = z.object({
  id: zoneIdSchema,
  description: z.string(),
  public: yesNoSchema,
});
export type Zone = z.infer<typeof zoneSchema>;

export const zoneListResponseSchema = z.object({
  zones: z.object({ zone: z.array(zoneSchema) }),
});
export type ZoneListResponse = z.infer<typeof zoneListResponseSchema>;
