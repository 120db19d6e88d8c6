import { z } from 'zod';

/** Server plan (reference §2.6): numbers are real JSON numbers here, unlike server records. */
export const planSchema = z.object({
  name: z.string(),
  core_number: z.number().int(),
  memory_amount: z.number().int(),
  public_traffic_out: z.number().int(),
  storage_size: z.number().int(),
  storage_tier: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const planListResponseSchema = z.object({
  plans: z.object({ plan: z.array(planSchema) }),
});
