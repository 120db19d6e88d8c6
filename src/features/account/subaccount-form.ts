import { z } from 'zod/mini';
import { labelSchema } from '../../../contract/common';
import {
  checkCountryRules,
  contactFieldRules,
  credentialFieldRules,
  toApiPhone,
} from '../../../contract/contact';
import type { FieldRule } from '../../../contract/contact';
import { subAccountCurrencies, subAccountShape } from '../../../contract/subaccount';
import type {
  SubAccountCreateRequest,
  SubAccountModifyRequest,
} from '../../../contract/subaccount';
import type { accountDetailsSchema } from '../../../contract/account-details';
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

/** Yes/no switches and roles as check boxes; the phone as the user writes it. */
const settingsShape = {
  company: z.union([z.literal(''), byRule(contactFieldRules.company)]),
  email: byRule(contactFieldRules.email),
  phone: z.string(),
  country: byRule(contactFieldRules.country),
  state: z.string(),
  currency: z.union([z.literal(''), z.enum(subAccountCurrencies)]),
  allow_api: z.boolean(),
  allow_gui: z.boolean(),
  roles: z.object({
    technical: z.boolean(),
    billing: z.boolean(),
    aux_billing: z.boolean(),
  }),
};

interface ContactForm {
  phone: string;
  country: string;
  state: string;
}

/**
 * The rules the create and edit forms share: the state of a U.S. address (the contract's rule; a
 * blank field is one not given), and a phone number readable as `+cc.number`.
 */
const contactFormCheck = <T extends ContactForm>() =>
  z.superRefine<T>((form, ctx) => {
    checkCountryRules(form, ctx, true);
    if (toApiPhone(form.phone, form.country) === null) {
      ctx.addIssue({ code: 'custom', path: ['phone'], input: form.phone });
    }
  });

type Settings = z.infer<z.ZodMiniObject<typeof settingsShape>>;

const settingKeys = Object.keys(settingsShape) as (keyof Settings)[];

/** A form's values apart from its settings, and the settings in the API's words. */
function splitSettings<T extends Settings>(form: T) {
  const rest = Object.fromEntries(
    Object.entries(form).filter(([key]) => !settingKeys.includes(key as keyof Settings)),
  ) as Omit<T, keyof Settings>;
  const { company, email, phone, country, state, currency, allow_api, allow_gui, roles } = form;
  const settings = {
    ...(company ? { company } : {}),
    ...(state ? { state } : {}),
    ...(currency ? { currency } : {}),
    email,
    phone: toApiPhone(phone, country)!,
    country,
    allow_api: allow_api ? ('yes' as const) : ('no' as const),
    allow_gui: allow_gui ? ('yes' as const) : ('no' as const),
    roles: { role: subAccountRoles.filter((role) => roles[role]) },
  };
  return [rest, settings] as const;
}

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
      labels: z.array(labelSchema),
      ...settingsShape,
    })
    .check(contactFormCheck()),
  z.transform((form): SubAccountCreateRequest => {
    const [fields, settings] = splitSettings(form);
    return { sub_account: { ...fields, ...settings } };
  }),
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

const ipFilterPattern = /^[0-9A-Fa-f:.]+(?:-[0-9A-Fa-f:.]+)?$/;
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const yesNo = (value: boolean) => (value ? ('yes' as const) : ('no' as const));

/**
 * The edit form: contact details, settings, roles and what the subaccount may reach (UpCloud's
 * Go SDK, `ModifySubaccountRequest`). A server or tag grant covers its storages or not, for all
 * of them at once; `*` in a list grants every resource of its kind.
 */
export const subAccountEditSchema = z.pipe(
  z
    .object({
      first_name: byRule(contactFieldRules.first_name),
      last_name: byRule(contactFieldRules.last_name),
      language: subAccountShape.language,
      timezone: subAccountShape.timezone,
      ...settingsShape,
      servers: z.array(z.string()),
      server_storages: z.boolean(),
      storages: z.array(z.string()),
      networks: z.array(z.string()),
      tags: z.array(z.string()),
      tag_storages: z.boolean(),
      ip_filters: z
        .string()
        .check(z.refine((text) => lines(text).every((line) => ipFilterPattern.test(line)))),
    })
    .check(contactFormCheck()),
  z.transform((form): SubAccountModifyRequest => {
    const [fields, settings] = splitSettings(form);
    const { servers, server_storages, storages, networks, tags, tag_storages, ip_filters } = fields;
    return {
      account: {
        first_name: fields.first_name,
        last_name: fields.last_name,
        language: fields.language,
        timezone: fields.timezone,
        ...settings,
        server_access: {
          server: servers.map((uuid) => ({ uuid, storage: yesNo(server_storages) })),
        },
        storage_access: { storage: storages },
        network_access: { network: networks },
        tag_access: { tag: tags.map((name) => ({ name, storage: yesNo(tag_storages) })) },
        ip_filters: { ip_filter: lines(ip_filters) },
      },
    };
  }),
);
export type SubAccountEditValues = z.input<typeof subAccountEditSchema>;
export type AccountDetails = z.infer<typeof accountDetailsSchema>;

/** The edit form filled with the subaccount's details as the API gives them. */
export function subAccountEditValues(account: AccountDetails): SubAccountEditValues {
  const servers = account.server_access.server;
  const tags = account.tag_access.tag;
  const has = (role: SubAccountRole) => account.roles.role.includes(role);
  return {
    first_name: account.first_name,
    last_name: account.last_name,
    company: account.company,
    email: account.email,
    phone: account.phone,
    country: account.country,
    state: account.state,
    language: account.language,
    timezone: account.timezone,
    currency: (subAccountCurrencies as readonly string[]).includes(account.currency)
      ? (account.currency as SubAccountEditValues['currency'])
      : '',
    allow_api: account.allow_api === 'yes',
    allow_gui: account.allow_gui === 'yes',
    roles: {
      technical: has('technical'),
      billing: has('billing'),
      aux_billing: has('aux_billing'),
    },
    servers: servers.map((server) => server.uuid),
    server_storages: servers.some((server) => server.storage === 'yes'),
    storages: account.storage_access.storage,
    networks: account.network_access.network,
    tags: tags.map((tag) => tag.name),
    tag_storages: tags.some((tag) => tag.storage === 'yes'),
    ip_filters: account.ip_filters.ip_filter.join('\n'),
  };
}

type TextField =
  Exclude<keyof SubAccountFormValues, 'allow_api' | 'allow_gui' | 'roles'> | 'ip_filters';

/** What each field needs, shown when the contract's rule for it fails. */
export const subAccountFieldRules: Partial<Record<TextField, string>> = {
  username: '4 to 64 lowercase letters and digits; single underscores may join words.',
  password: 'At least 8 characters with a lowercase letter, an uppercase letter and a digit.',
  first_name: 'Give a first name (at most 50 characters).',
  last_name: 'Give a last name (at most 50 characters).',
  company: 'At most 100 characters.',
  email: 'Give an email address such as name@example.com.',
  phone:
    'With its country code (+358 31 245 434), or as dialled in the chosen country; sent as +358.31245434.',
  country: 'Choose a country.',
  state: 'For a U.S. address, the two-letter state code such as CA.',
  language: 'Choose a language.',
  timezone: 'Choose a time zone.',
  labels: 'Label keys are 1 to 32 characters, values at most 255.',
  currency: 'One of EUR, GBP, USD or SGD.',
  ip_filters: 'One address or range (first-last) a line, such as 192.0.2.1 or 192.0.2.1-192.0.2.9.',
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
  IP_FILTERS: 'ip_filters',
};

/** The form field an API error code is about (api-reference-notes §17.1), if any. */
export const subAccountFieldForError = (code: string) => fieldForErrorCode(code, fieldsByCode);

const editFields: ReadonlySet<string> = new Set<keyof SubAccountEditValues>([
  'first_name',
  'last_name',
  'company',
  'email',
  'phone',
  'country',
  'state',
  'language',
  'timezone',
  'currency',
  'ip_filters',
]);

/** The edit form's field an API error code is about, if the form has it. */
export function subAccountEditFieldForError(code: string) {
  const field = subAccountFieldForError(code);
  return field !== null && editFields.has(field) ? (field as keyof SubAccountEditValues) : null;
}
