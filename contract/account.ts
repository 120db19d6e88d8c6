import { z } from 'zod/mini';
import { mayOmit } from './answer-fields';
import { labelSchema } from './common';
import { endpoint } from './endpoint';
import { labelQuerySchema } from './labels';

export const resourceLimitsSchema = z.record(z.string(), z.nullable(z.int()));
export type ResourceLimits = z.infer<typeof resourceLimitsSchema>;

/**
 * `GET /1.3/account` (api-reference-notes §10.1). `credits` are hundredths of the account currency;
 * the sandbox leaves them out for a subaccount without the billing role.
 */
export const accountSchema = z.object({
  username: z.string(),
  credits: z.optional(z.number()),
  currency: z.optional(z.string()),
  resource_limits: resourceLimitsSchema,
  trial_mode: z.optional(z.int()),
  /**
   * Sandbox extension, present only for partner accounts (api-rules §4.9): the creation cap (null when
   * there is none) and how many accounts the partner has created. The real API does not say.
   */
  partner: z.optional(
    z.object({ account_creation_limit: z.nullable(z.int()), accounts_created: z.int() }),
  ),
});
export type Account = z.infer<typeof accountSchema>;

export const accountResponseSchema = z.object({ account: accountSchema });

/** The roles of a subaccount (api-reference-notes §10.2). */
export const accountRoles = ['billing', 'aux_billing', 'technical'] as const;

/** `GET /1.3/account/list` (api-reference-notes §10.2). */
export const accountListResponseSchema = z.object({
  accounts: z.object({
    account: z.array(
      z.object({
        type: z.enum(['main', 'sub']),
        username: z.string(),
        roles: z.object({ role: z.array(z.string()) }),
        labels: mayOmit(z.array(labelSchema)),
      }),
    ),
  }),
});
export type AccountListResponse = z.infer<typeof accountListResponseSchema>;

/** `label=key` or `label=key=value`, repeated: accounts carrying every label (api-rules §2.8). */
export const accountListQuerySchema = z.object({
  label: labelQuerySchema,
});

/** `GET /1.3/account/resource-usage` (api-reference-notes §10.5): flat counts keyed like resource_limits. */
export const resourceUsageSchema = z.record(z.string(), z.int());

/** `POST /1.3/account/ms_lma` → 201 (api-reference-notes §10.6). */
export const msLmaResponseSchema = z.object({
  signing_status: z.object({
    id: z.string(),
    state: z.enum(['initiated', 'waiting', 'completed', 'canceled']),
    initiated: z.string(),
    signed_at: z.optional(z.string()),
    signing_link: z.string(),
  }),
});

/**
 * The account itself (api-reference-notes §10.1, §10.2, §10.5, §10.6). Subaccount create and delete are
 * contract/subaccount.ts's: their contact rules stay out of the panel's first-load chunk.
 */
export const accountEndpoints = {
  get: endpoint('GET /account', accountResponseSchema),
  list: endpoint('GET /account/list', accountListResponseSchema, [400, 403], {
    query: accountListQuerySchema,
  }),
  resourceUsage: endpoint('GET /account/resource-usage', resourceUsageSchema),
  /**
   * The partner account list (contract/partner.ts's `listAccounts`) asked for its status alone: it
   * answers a partner and refuses any other account (api-rules §4.9). Whether the account is a
   * partner is decided by it; its answer is kept unread (the list's schema stays out of the panel's
   * first load) for the partner console to parse, so the console does not ask again.
   */
  partnerProbe: endpoint('GET /partner/accounts', z.unknown(), [403]),
  msLma: endpoint('POST /account/ms_lma', msLmaResponseSchema, [], { status: 201 }),
};
