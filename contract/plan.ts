import { z } from 'zod/mini';
import { wrappedList } from './common';
import { endpoint } from './endpoint';
import { serverSizeListResponseSchema, timezoneListResponseSchema } from './server';

/** Server plan (api-reference-notes §2.6): numbers are real JSON numbers here, unlike server records. */
export const planSchema = z.object({
  name: z.string(),
  core_number: z.int(),
  memory_amount: z.int(),
  public_traffic_out: z.int(),
  storage_size: z.int(),
  storage_tier: z.nullable(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

export const planListResponseSchema = wrappedList('plans', 'plan', planSchema);

/** Server plans (api-reference-notes §2.6). */
export const planEndpoints = {
  list: endpoint('GET /plan', planListResponseSchema),
};

/** What a server can be given besides a plan: timezones (api-reference-notes §14) and custom sizes (§2.1). */
export const serverOptionEndpoints = {
  timezones: endpoint('GET /timezone', timezoneListResponseSchema),
  serverSizes: endpoint('GET /server_size', serverSizeListResponseSchema),
};
