import { z } from 'zod/mini';

/** Server plan (reference §2.6): numbers are real JSON numbers here, unlike server records. */
export const planSchema = z.object({
  name: z.string(),
  core_number: z.int(),
  memory_amount: z.int(),
  public_traffic_out: z.int(),
  storage_size: z.int(),
  storage_tier: z.nullable(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

export const planListResponseSchema = z.object({
  plans: z.object({ plan: z.array(planSchema) }),
});
