import { z } from 'zod/mini';
import { accountRoles } from './account';
import { labelSchema, timezoneSchema, yesNoSchema } from './common';
import { contactShape, countryRulesCheck, credentialFieldRules, ruled } from './contact';
import { defineEndpoint } from './endpoint';

export const subAccountCurrencies = ['EUR', 'GBP', 'USD', 'SGD'] as const;

/**
 * The attributes of a new subaccount (api-reference-notes §10.2): credentials and contact details by the
 * rules partner accounts use too (contract/contact.ts), then the subaccount's own settings.
 */
export const subAccountShape = {
  username: ruled(credentialFieldRules.username),
  password: ruled(credentialFieldRules.password),
  ...contactShape,
  currency: z.optional(z.enum(subAccountCurrencies)),
  language: z.string().check(z.regex(/^[a-z]{2}$/)),
  timezone: timezoneSchema,
  allow_api: z.optional(yesNoSchema),
  allow_gui: z.optional(yesNoSchema),
  roles: z.optional(z.object({ role: z.array(z.enum(accountRoles)) })),
  labels: z.optional(z.array(labelSchema)),
};

/**
 * `POST /1.3/account/sub` body (api-reference-notes §10.2). The official Go SDK sends `"state": ""` for an
 * address outside the U.S., so a blank state or VAT number is an attribute left out.
 */
export const subAccountCreateRequestSchema = z.object({
  sub_account: z.object(subAccountShape).check(countryRulesCheck(true)),
});
export type SubAccountCreateRequest = z.infer<typeof subAccountCreateRequestSchema>;

/** Subaccounts of the main account (api-reference-notes §10.2). */
export const subAccountEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/account/sub',
    body: subAccountCreateRequestSchema,
    response: null,
    errors: [400, 403, 409],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/account/sub/:username',
    response: null,
    errors: [403, 404],
  }),
};
