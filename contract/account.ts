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
  /**
   * Sandbox extension, present only for partner accounts (spec §4.9): the creation cap (null when
   * there is none) and how many accounts the partner has created. The real API does not say.
   */
  partner: z.optional(
    z.object({ account_creation_limit: z.nullable(z.int()), accounts_created: z.int() }),
  ),
});
export type Account = z.infer<typeof accountSchema>;

export const accountResponseSchema = z.object({ account: accountSchema });

const roleSchema = z.enum(['billing', 'aux_billing', 'technical']);
const labelSchema = z.object({ key: z.string(), value: z.string() });

/** `GET /1.3/account/list` (reference §10.2). */
export const accountListResponseSchema = z.object({
  accounts: z.object({
    account: z.array(
      z.object({
        type: z.enum(['main', 'sub']),
        username: z.string(),
        roles: z.object({ role: z.array(z.string()) }),
        labels: z.array(labelSchema),
      }),
    ),
  }),
});
export type AccountListResponse = z.infer<typeof accountListResponseSchema>;

const text = (max: number) => z.string().check(z.maxLength(max));

/** `POST /1.3/account/sub` body (reference §10.2; limits of spec §8). */
export const subAccountCreateRequestSchema = z.object({
  sub_account: z.object({
    username: z
      .string()
      .check(z.minLength(4), z.maxLength(64), z.regex(/^[a-z0-9]+(_[a-z0-9]+)*$/)),
    password: z
      .string()
      .check(
        z.minLength(8),
        z.maxLength(256),
        z.regex(/[a-z]/),
        z.regex(/[A-Z]/),
        z.regex(/[0-9]/),
      ),
    first_name: text(128).check(z.minLength(1)),
    last_name: text(128).check(z.minLength(1)),
    company: z.optional(text(128)),
    address: z.optional(text(256)),
    postal_code: z.optional(text(32)),
    city: z.optional(text(128)),
    email: z.string().check(z.maxLength(256), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)),
    phone: z.string().check(z.regex(/^\+\d{1,4}\.\d{4,16}$/)),
    state: z.optional(text(64)),
    country: z.string().check(z.regex(/^[A-Z]{3}$/)),
    currency: z.optional(z.enum(['EUR', 'GBP', 'USD', 'SGD'])),
    language: z.string().check(z.regex(/^[a-z]{2}$/)),
    vat_number: z.optional(text(64)),
    timezone: z.string().check(z.minLength(1), z.maxLength(64)),
    allow_api: z.optional(z.enum(['yes', 'no'])),
    allow_gui: z.optional(z.enum(['yes', 'no'])),
    roles: z.optional(z.object({ role: z.array(roleSchema) })),
    labels: z.optional(z.array(labelSchema)),
  }),
});
export type SubAccountCreateRequest = z.infer<typeof subAccountCreateRequestSchema>;

/** `GET /1.3/account/resource-usage` (reference §10.5): flat counts keyed like resource_limits. */
export const resourceUsageSchema = z.record(z.string(), z.int());

/** `POST /1.3/account/ms_lma` → 201 (reference §10.6). */
export const msLmaResponseSchema = z.object({
  signing_status: z.object({
    id: z.string(),
    state: z.enum(['initiated', 'waiting', 'completed', 'canceled']),
    initiated: z.string(),
    signed_at: z.optional(z.string()),
    signing_link: z.string(),
  }),
});
