import { z } from 'zod/mini';
import { labelSchema } from './common';
import { endpoint } from './endpoint';

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

/**
 * The summary's categories with their resource groups, each listed once: the real API's
 * categories (UpCloud's Go SDK, upcloud/account.go `BillingSummary`, `BillingCategory`). A
 * sandbox domain bills into one of them (`billing.register`); an empty category or group is left
 * out (api-reference-notes §10.3).
 */
function categories<Group extends z.ZodMiniType>(group: Group) {
  const category = <Shape extends Record<string, z.ZodMiniType>>(groups: Shape) =>
    z.optional(z.object({ total_amount: z.number(), ...groups }));
  const optional = z.optional(group);
  return {
    servers: category({ server: group }),
    storages: category({ storage: optional, backup: optional, template: optional }),
    /**
     * Public IPv4 addresses, by the hour (a plan's own address is included in the plan). The
     * sandbox names the group `ipv4`; the real API's key is `ipv4_address`.
     */
    networks: category({ ipv4: optional, ipv4_address: optional }),
    managed_databases: category({ managed_database: optional }),
    managed_object_storages: category({ managed_object_storage: optional }),
    managed_loadbalancers: category({ managed_loadbalancers: optional }),
    managed_kubernetes: category({ managed_kubernetes: optional }),
    network_gateways: category({ network_gateway: optional }),
  };
}

/** `GET /1.3/account/billing/summary/{YYYY}-{MM}`: no wrapper; empty categories are omitted. */
export const billingSummarySchema = z.object({
  currency: z.string(),
  total_amount: z.number(),
  ...categories(groupSchema),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** A category of the summary and the key of one of its resource groups. */
export type BillingGroupPath = {
  [Category in keyof BillingSummary]: NonNullable<BillingSummary[Category]> extends object
    ? [Category, Exclude<keyof NonNullable<BillingSummary[Category]>, 'total_amount'>]
    : never;
}[keyof BillingSummary];

const total = z.object({ total_amount: z.number() });

/** Deprecated `GET /1.3/account/billing_summary/{YYYY}-{MM}`: totals only. */
export const legacyBillingSummarySchema = z.object({
  billing: z.object({
    currency: z.string(),
    total_amount: z.number(),
    ...categories(total),
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
  summary: endpoint('GET /account/billing/summary/:month', billingSummarySchema, [400, 403], {
    query: billingSummaryQuerySchema,
  }),
  /** Deprecated (api-rules §9.6) in favour of `summary`. */
  legacySummary: endpoint(
    'GET /account/billing_summary/:month',
    legacyBillingSummarySchema,
    [400, 403],
  ),
  resourceSummary: endpoint(
    'GET /account/resource_billing_summary/:resource/:month',
    resourceBillingSummarySchema,
    [400, 403, 404],
  ),
};
