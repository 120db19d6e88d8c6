import { z } from 'zod/mini';
import { labelSchema } from './common';
import { defineEndpoint } from './endpoint';

/** One billing-relevant stretch of a resource within the month (api-reference-notes §10.3). */
export const billingDetailSchema = z.object({
  amount: z.number(),
  hours: z.int(),
  zone: z.string(),
  plan: z.optional(z.string()),
  labels: z.array(labelSchema),
  firewall: z.optional(z.number()),
  licenses: z.optional(z.number()),
  simple_backup: z.optional(z.number()),
  cores: z.optional(z.int()),
  memory: z.optional(z.int()),
  size: z.optional(z.int()),
  tier: z.optional(z.string()),
});

export const billedResourceSchema = z.object({
  resource_id: z.string(),
  amount: z.number(),
  hours: z.int(),
  details: z.array(billingDetailSchema),
});

const groupSchema = z.object({
  total_amount: z.number(),
  resources: z.array(billedResourceSchema),
});

/** `GET /1.3/account/billing/summary/{YYYY}-{MM}`: no wrapper; empty categories are omitted. */
export const billingSummarySchema = z.object({
  currency: z.string(),
  total_amount: z.number(),
  servers: z.optional(z.object({ total_amount: z.number(), server: groupSchema })),
  storages: z.optional(
    z.object({
      total_amount: z.number(),
      storage: z.optional(groupSchema),
      backup: z.optional(groupSchema),
      template: z.optional(groupSchema),
    }),
  ),
  /** Public IPv4 addresses, by the hour (a plan's own address is included in the plan). */
  networks: z.optional(z.object({ total_amount: z.number(), ipv4: z.optional(groupSchema) })),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

const total = z.object({ total_amount: z.number() });

/** Deprecated `GET /1.3/account/billing_summary/{YYYY}-{MM}`: totals only. */
export const legacyBillingSummarySchema = z.object({
  billing: z.object({
    currency: z.string(),
    total_amount: z.number(),
    servers: z.optional(z.object({ total_amount: z.number(), server: total })),
    storages: z.optional(
      z.object({
        total_amount: z.number(),
        storage: z.optional(total),
        backup: z.optional(total),
        template: z.optional(total),
      }),
    ),
    networks: z.optional(z.object({ total_amount: z.number(), ipv4: z.optional(total) })),
  }),
});

export type LegacyBillingSummary = z.infer<typeof legacyBillingSummarySchema>;

/** `GET /1.3/account/resource_billing_summary/{resource_id}/{YYYY}-{MM}`. */
export const resourceBillingSummarySchema = z.object({
  billing: z.object({
    currency: z.string(),
    total_amount: z.number(),
    daily_sums: z.record(z.string(), z.number()),
    details: z.object({
      hours: z.int(),
      plan: z.optional(z.string()),
      resource_id: z.string(),
      title: z.string(),
      type: z.string(),
      zone: z.string(),
    }),
  }),
});

/** `username`: a partner reads an associated account's bill (api-rules §4.9). */
export const billingSummaryQuerySchema = z.object({
  username: z.optional(z.string()),
  resource_id: z.optional(z.string()),
});

/** Billing (api-rules §4.2; api-reference-notes §10.3); `:month` is `YYYY-MM`. */
export const billingEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/account/billing/summary/:month',
    query: billingSummaryQuerySchema,
    response: billingSummarySchema,
    errors: [400, 403],
  }),
  /** Deprecated (api-rules §9.6) in favour of `summary`. */
  legacySummary: defineEndpoint({
    method: 'GET',
    path: '/account/billing_summary/:month',
    response: legacyBillingSummarySchema,
    errors: [400, 403],
  }),
  resourceSummary: defineEndpoint({
    method: 'GET',
    path: '/account/resource_billing_summary/:resource/:month',
    response: resourceBillingSummarySchema,
    errors: [400, 403, 404],
  }),
};
