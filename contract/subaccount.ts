import { z } from 'zod/mini';
import { accountRoles } from './account';
import { labelSchema, timezoneSchema, uuidSchema, yesNoSchema } from './common';
import {
  contactFieldRules,
  contactShape,
  countryRulesCheck,
  credentialFieldRules,
  ruled,
} from './contact';
import { endpoint } from './endpoint';
import { labelListSchema } from './labels';

export const subAccountCurrencies = ['EUR', 'GBP', 'USD', 'SGD'] as const;

/** `*` stands for every resource of its kind, present and future. */
const resourceOrAll = z.union([uuidSchema, z.literal('*')]);

/**
 * What a subaccount may reach besides its roles (UpCloud's Go SDK, upcloud/account.go): servers
 * (with or without their storages), storages, networks, servers by tag, and the addresses it may
 * sign in from. Each is a wrapped list; an empty list reaches nothing.
 */
export const subAccountPermissionsShape = {
  server_access: z.optional(
    z.object({
      server: z.array(z.object({ uuid: resourceOrAll, storage: z.optional(yesNoSchema) })),
    }),
  ),
  storage_access: z.optional(z.object({ storage: z.array(resourceOrAll) })),
  network_access: z.optional(z.object({ network: z.array(resourceOrAll) })),
  tag_access: z.optional(
    z.object({
      tag: z.array(z.object({ name: z.string(), storage: z.optional(yesNoSchema) })),
    }),
  ),
  ip_filters: z.optional(
    z.object({
      ip_filter: z.array(z.string().check(z.regex(/^[0-9A-Fa-f:.]+(?:-[0-9A-Fa-f:.]+)?$/))),
    }),
  ),
};

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
  labels: z.optional(labelListSchema(labelSchema)),
  ...subAccountPermissionsShape,
};

/**
 * `POST /1.3/account/sub` body (api-reference-notes §10.2). The official Go SDK sends `"state": ""` for an
 * address outside the U.S., so a blank state or VAT number is an attribute left out.
 */
export const subAccountCreateRequestSchema = z.object({
  sub_account: z.object(subAccountShape).check(countryRulesCheck(true)),
});
export type SubAccountCreateRequest = z.infer<typeof subAccountCreateRequestSchema>;

/** An attribute a modify sends as "" (the Go SDK always sends `state` and `vat_number`): unchanged. */
const blankOr = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(z.union([z.literal(''), schema]));

/**
 * `PUT /1.3/account/sub/{username}` body (UpCloud's Go SDK, `ModifySubaccountRequest`): any of the
 * contact details, settings, roles and permissions; what is left out stays as it is.
 */
export const subAccountModifyRequestSchema = z.strictObject({
  account: z.strictObject({
    first_name: blankOr(ruled(contactFieldRules.first_name)),
    last_name: blankOr(ruled(contactFieldRules.last_name)),
    company: blankOr(ruled(contactFieldRules.company)),
    address: blankOr(ruled(contactFieldRules.address)),
    postal_code: blankOr(ruled(contactFieldRules.postal_code)),
    city: blankOr(ruled(contactFieldRules.city)),
    state: z.optional(z.string()),
    country: blankOr(ruled(contactFieldRules.country)),
    phone: blankOr(ruled(contactFieldRules.phone)),
    email: blankOr(ruled(contactFieldRules.email)),
    vat_number: z.optional(z.string()),
    currency: blankOr(z.enum(subAccountCurrencies)),
    language: blankOr(z.string().check(z.regex(/^[a-z]{2}$/))),
    timezone: blankOr(z.string().check(z.minLength(1), z.maxLength(64))),
    allow_api: blankOr(yesNoSchema),
    allow_gui: blankOr(yesNoSchema),
    roles: z.optional(z.object({ role: z.array(z.enum(accountRoles)) })),
    ...subAccountPermissionsShape,
  }),
});
export type SubAccountModifyRequest = z.infer<typeof subAccountModifyRequestSchema>;

/** Subaccounts of the main account (api-reference-notes §10.2). */
export const subAccountEndpoints = {
  create: endpoint('POST /account/sub', null, [400, 403, 409], {
    body: subAccountCreateRequestSchema,
  }),
  modify: endpoint('PUT /account/sub/:username', null, [400, 403, 404], {
    body: subAccountModifyRequestSchema,
  }),
  delete: endpoint('DELETE /account/sub/:username', null, [403, 404]),
};
