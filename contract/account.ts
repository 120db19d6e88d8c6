import { z } from 'zod';

export const resourceLimitsSchema = z.record(z.string(), z.number().int().nullable());
export type ResourceLimits = z.infer<typeof resourceLimitsSchema>;

/** `GET /1.3/account` (reference §10.1). `credits` are hundredths of the account currency. */
export const accountSchema = z.object({
  username: z.string(),
  credits: z.number(),
  currency: z.string().optional(),
  resource_limits: resourceLimitsSchema,
  trial_mode: z.number().int().optional(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountResponseSchema = z.object({ account: accountSchema });
