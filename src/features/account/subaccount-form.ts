import { z } from 'zod/mini';
import { labelSchema } from '../../../contract/common';
import {
  checkCountryRules,
  contactFieldRules,
  credentialFieldRules,
} from '../../../contract/contact';
import type { FieldRule } from '../../../contract/contact';
import { subAccountCurrencies, subAccountShape } from '../../../contract/subaccount';
import type { SubAccountCreateRequest } from '../../../contract/subaccount';
import { fieldForErrorCode } from '../../lib/api-error-fields';

/**
 * A text field by the contract's rule; its message is the form's own (subAccountFieldRules, by
 * the error map), which says what the field needs rather than what is wrong.
 */
const byRule = (rule: FieldRule) => z.string().check(z.refine((value) => rule(value) === null));

export const subAccountRoles = ['technical', 'billing', 'aux_billing'] as const;
export type SubAccountRole = (typeof subAccountRoles)[number];
export const roleLabels: Record<SubAccountRole, string> = {
  technical: 'Technical (manage resources)',
  billing: 'Billing (read and pay invoices)',
  aux_billing: 'Auxiliary billing (receive invoices)',
};

/**
 * The create form: the contract's fields as typed, with check boxes for the yes/no switches and
 * roles; its rules are the contract's, so the panel accepts exactly what the API accepts.
 */
export const subAccountFormSchema = z.pipe(
  z
    .object({
      ...subAccountShape,
      username: byRule(credentialFieldRules.username),
      password: byRule(credentialFieldRules.password),
      first_name: byRule(contactFieldRules.first_name),
      last_name: byRule(contactFieldRules.last_name),
      company: z.union([z.literal(''), byRule(contactFieldRules.company)]),
      email: byRule(contactFieldRules.email),
      phone: byRule(contactFieldRules.phone),
      country: byRule(contactFieldRules.country),
      state: z.string(),
      labels: z.array(labelSchema),
      currency: z.union([z.literal(''), z.enum(subAccountCurrencies)]),
      allow_api: z.boolean(),
      allow_gui: z.boolean(),
      roles: z.object({
        technical: z.boolean(),
        billing: z.boolean(),
        aux_billing: z.boolean(),
      }),
    })
    // The state of a U.S. address, the contract's rule; a blank field is one not given.
    .check(z.superRefine((form, ctx) => checkCountryRules(form, ctx, true))),
  z.transform(
    ({
      company,
      state,
      currency,
      allow_api,
      allow_gui,
      roles,
      ...fields
    }): SubAccountCreateRequest => ({
      sub_account: {
        ...fields,
        ...(company ? { company } : {}),
        ...(state ? { state } : {}),
        ...(currency ? { currency } : {}),
        allow_api: allow_api ? 'yes' : 'no',
        allow_gui: allow_gui ? 'yes' : 'no',
        roles: { role: subAccountRoles.filter((role) => roles[role]) },
      },
    }),
  ),
);
export type SubAccountFormValues = z.input<typeof subAccountFormSchema>;

export const subAccountFormDefaults: SubAccountFormValues = {
  username: '',
  password: '',
  first_name: '',
  last_name: '',
  company: '',
  email: '',
  phone: '',
  country: '',
  state: '',
  language: 'en',
  timezone: 'UTC',
  currency: '',
  allow_api: true,
  allow_gui: true,
  roles: { technical: true, billing: false, aux_billing: false },
  labels: [],
};

type TextField = Exclude<keyof SubAccountFormValues, 'allow_api' | 'allow_gui' | 'roles'>;

/** What each field needs, shown when the contract's rule for it fails. */
export const subAccountFieldRules: Partial<Record<TextField, string>> = {
  username: '4 to 64 lowercase letters and digits; single underscores may join words.',
  password: 'At least 8 characters with a lowercase letter, an uppercase letter and a digit.',
  first_name: 'Give a first name (at most 50 characters).',
  last_name: 'Give a last name (at most 50 characters).',
  company: 'At most 100 characters.',
  email: 'Give an email address such as name@example.com.',
  phone: 'International form +<country code>.<number>, such as +358.31245434.',
  country: 'Three-letter ISO 3166-1 country code in capitals, such as FIN or USA.',
  state: 'For a U.S. address, the two-letter state code such as CA.',
  language: 'Two-letter ISO 639 language code, such as en.',
  timezone: 'A time zone name, such as UTC or Europe/Helsinki.',
  labels: 'Label keys are 1 to 32 characters, values at most 255.',
  currency: 'One of EUR, GBP, USD or SGD.',
};

/** The per-parse error map: a field's rule in words instead of zod's generic message. */
export const subAccountErrorMessage = (issue: { path?: PropertyKey[] }) => {
  const field = issue.path?.[0];
  return typeof field === 'string' ? subAccountFieldRules[field as TextField] : undefined;
};

const fieldsByCode: Record<string, TextField> = {
  ACCOUNT_EXISTS: 'username',
  USERNAME: 'username',
  PASSWORD: 'password',
  FIRST_NAME: 'first_name',
  LAST_NAME: 'last_name',
  COMPANY: 'company',
  EMAIL: 'email',
  PHONE: 'phone',
  COUNTRY: 'country',
  STATE: 'state',
  LANGUAGE: 'language',
  TIMEZONE: 'timezone',
  CURRENCY: 'currency',
};

/** The form field an API error code is about (api-reference-notes §17.1), if any. */
export const subAccountFieldForError = (code: string) => fieldForErrorCode(code, fieldsByCode);
