import { z } from 'zod/mini';

export const resourceLimitsSchema = z.record(z.string(), z.nullable(z.int()));
export type ResourceLimits = z.infer<typeof resourceLimitsSchema>;

/** `GET /1.3/account` (reference §10.1). `credits` are hundredths of the account currency. */
export const accountSchema = z.object({
  username: z.string(),
  credits: z.number(),
  currency: z.optional(z.string()),
  resource_limits: resourceLimitsSchema,
  trial_mode: z.optional(z.int()),
});
export type Account = z.infer<typeof accountSchema>;

export const accountResponseSchema = z.object({ account: accountSchema });
