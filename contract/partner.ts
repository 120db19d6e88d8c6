import { z } from 'zod/mini';
import isEmail from 'validator/lib/isEmail';
import * as vatModule from 'validator/lib/isVAT';
import { alpha2ByAlpha3, isCountryCode, usStates } from './countries';

/**
 * Partner accounts (spec §2.9, §4.9; reference §15). Every field rule is a pure function that
 * returns the message to show, or null when the value is fine: the sandbox's request schema and
 * the panel's form schema are both built from these, so the two cannot drift apart.
 */
export type FieldRule = (value: string) => string | null;

type IsVat = (value: string, countryCode: string) => boolean;
// The isVAT module also exports its matchers, so under Node's ESM interop its default export is
// the CommonJS exports object rather than the function (bundlers unwrap it).
const isVAT: IsVat =
  typeof vatModule.default === 'function'
    ? (vatModule.default as IsVat)
    : (vatModule.default as unknown as { default: IsVat }).default;

const lengthRule =
  (min: number, max: number): FieldRule =>
  (value) => {
    if (min === 1 && value.length === 0) return 'Must not be empty.';
    if (value.length < min || value.length > max) {
      return min === 1 ? `Use at most ${max} characters.` : `Use ${min} to ${max} characters.`;
    }
    return null;
  };

export const usernamePattern = /^[a-z0-9]+(_[a-z0-9]+)*$/;

const usernameRule: FieldRule = (value) =>
  lengthRule(4, 64)(value) ??
  (usernamePattern.test(value)
    ? null
    : 'Use lowercase letters and digits; single underscores may join them (for example acme_ltd).');

const passwordRule: FieldRule = (value) => {
  if (value.length < 8 || value.length > 256) return 'Use 8 to 256 characters.';
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value)) {
    return 'Include at least one lowercase letter (a-z), one uppercase letter (A-Z) and one digit.';
  }
  return null;
};

/** One or two lines, each 1 to 100 characters (spec §4.9). */
const addressRule: FieldRule = (value) => {
  const lines = value.split(/\r?\n/);
  if (lines.length > 2) return 'Use at most two lines.';
  if (lines.some((line) => line.length < 1 || line.length > 100)) {
    return 'Each line needs 1 to 100 characters.';
  }
  return null;
};

const countryRule: FieldRule = (value) =>
  isCountryCode(value) ? null : 'Choose a country (ISO 3166-1 alpha-3 code such as FIN or USA).';

/** `+<countrycode>.<nationalpart>`: an E.164 number with a period after the country code. */
export const phonePattern = /^\+[1-9]\d{0,2}\.\d{4,14}$/;

const phoneRule: FieldRule = (value) =>
  phonePattern.test(value) && value.replace(/\D/g, '').length <= 15
    ? null
    : 'Write it as +<country code>.<number>, for example +358.401234567.';

const emailRule: FieldRule = (value) =>
  value.length <= 254 && isEmail(value) ? null : 'Enter a valid e-mail address.';

const stateRule = (country: string | undefined): FieldRule =>
  country === 'USA'
    ? (value) => (value in usStates ? null : 'Choose a U.S. state (two-letter code such as CA).')
    : lengthRule(1, 100);

// validator keys Greece's VAT numbers by the EU's "EL", not ISO's "GR".
const vatCountry = (alpha2: string) => (alpha2 === 'GR' ? 'EL' : alpha2);
const genericVat = /^[A-Z0-9][A-Z0-9 .-]{2,18}[A-Z0-9]$/;

/**
 * A VAT number valid for the country: the country's own format where validator knows it
 * (the EU and some 40 others), otherwise 4 to 20 letters, digits, spaces, dots or hyphens.
 */
export function isVatNumber(value: string, country: string | undefined): boolean {
  const alpha2 = country === undefined ? undefined : alpha2ByAlpha3.get(country);
  if (alpha2 === undefined) return genericVat.test(value);
  try {
    return isVAT(value, vatCountry(alpha2));
  } catch {
    return genericVat.test(value);
  }
}

const vatRule =
  (country: string | undefined): FieldRule =>
  (value) =>
    isVatNumber(value, country) ? null : 'Enter a VAT number valid for the chosen country.';

/** The rules of the create body (spec §4.9), by attribute. */
export const partnerFieldRules = {
  username: usernameRule,
  password: passwordRule,
  first_name: lengthRule(1, 50),
  last_name: lengthRule(1, 50),
  company: lengthRule(1, 100),
  address: addressRule,
  postal_code: lengthRule(1, 20),
  city: lengthRule(1, 100),
  country: countryRule,
  phone: phoneRule,
  email: emailRule,
} satisfies Record<string, FieldRule>;

const ruled = (rule: FieldRule) =>
  z.string().check(
    z.superRefine((value, ctx) => {
      const message = rule(value);
      if (message !== null) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  );

export interface ContactLike {
  country?: string;
  state?: string;
  vat_number?: string;
}

interface IssueSink {
  addIssue(issue: { code: 'custom'; message: string; path: string[]; input: unknown }): void;
}

/** The rules that depend on the country: the state of a U.S. contact, and the VAT number. */
function checkCountryRules(contact: ContactLike, ctx: IssueSink, blankIsUnset: boolean) {
  const given = (value: string | undefined) =>
    value !== undefined && !(blankIsUnset && value === '');
  if (!given(contact.state)) {
    if (contact.country === 'USA') {
      ctx.addIssue({
        code: 'custom',
        message: 'Choose the state: it is required for a U.S. address.',
        path: ['state'],
        input: contact.state,
      });
    }
  } else {
    const message = stateRule(contact.country)(contact.state!);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['state'], input: contact.state });
  }
  if (given(contact.vat_number)) {
    const message = vatRule(contact.country)(contact.vat_number!);
    if (message) {
      ctx.addIssue({ code: 'custom', message, path: ['vat_number'], input: contact.vat_number });
    }
  }
}

/** `contact_details` of the create body; omitted optional attributes are stored as "". */
export const partnerContactSchema = z
  .strictObject({
    first_name: ruled(partnerFieldRules.first_name),
    last_name: ruled(partnerFieldRules.last_name),
    company: z.optional(ruled(partnerFieldRules.company)),
    address: z.optional(ruled(partnerFieldRules.address)),
    postal_code: z.optional(ruled(partnerFieldRules.postal_code)),
    city: z.optional(ruled(partnerFieldRules.city)),
    state: z.optional(z.string()),
    country: ruled(partnerFieldRules.country),
    phone: ruled(partnerFieldRules.phone),
    email: ruled(partnerFieldRules.email),
    vat_number: z.optional(z.string()),
  })
  .check(z.superRefine((contact, ctx) => checkCountryRules(contact, ctx, false)));
export type PartnerContact = z.infer<typeof partnerContactSchema>;

/** `POST /1.3/partner/accounts` (spec §4.9). */
export const partnerAccountCreateRequestSchema = z.strictObject({
  username: ruled(partnerFieldRules.username),
  password: ruled(partnerFieldRules.password),
  contact_details: z.optional(partnerContactSchema),
});
export type PartnerAccountCreateRequest = z.infer<typeof partnerAccountCreateRequestSchema>;

/** The partner account record (spec §2.9): unset optional fields are empty strings. */
export const partnerAccountSchema = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  vat_number: z.string(),
});
export type PartnerAccount = z.infer<typeof partnerAccountSchema>;

export const partnerAccountListSchema = z.array(partnerAccountSchema);

export const contactFields = [
  'first_name',
  'last_name',
  'company',
  'address',
  'postal_code',
  'city',
  'state',
  'country',
  'phone',
  'email',
  'vat_number',
] as const satisfies readonly (keyof PartnerAccount)[];
export type ContactField = (typeof contactFields)[number];

const requiredContactFields = new Set<ContactField>([
  'first_name',
  'last_name',
  'country',
  'phone',
  'email',
]);

const requiredMessages: Partial<Record<ContactField | 'username' | 'password', string>> = {
  username: 'Enter a username.',
  password: 'Enter a password.',
  first_name: 'Enter a first name.',
  last_name: 'Enter a last name.',
  country: 'Choose a country.',
  phone: 'Enter a phone number.',
  email: 'Enter an e-mail address.',
};

/** A form field: blank means unset for optional attributes and "enter it" for required ones. */
const formField = (name: keyof typeof requiredMessages, rule: FieldRule | null) =>
  z.string().check(
    z.superRefine((value, ctx) => {
      const required = requiredMessages[name];
      const message = value === '' ? (required ?? null) : (rule?.(value) ?? null);
      if (message !== null) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  );

const contactFormSchema = z
  .object({
    first_name: formField('first_name', partnerFieldRules.first_name),
    last_name: formField('last_name', partnerFieldRules.last_name),
    company: formField('company', partnerFieldRules.company),
    address: formField('address', partnerFieldRules.address),
    postal_code: formField('postal_code', partnerFieldRules.postal_code),
    city: formField('city', partnerFieldRules.city),
    state: z.string(),
    country: formField('country', partnerFieldRules.country),
    phone: formField('phone', partnerFieldRules.phone),
    email: formField('email', partnerFieldRules.email),
    vat_number: z.string(),
  })
  .check(z.superRefine((contact, ctx) => checkCountryRules(contact, ctx, true)));

/**
 * The panel's create form: the same rules over text inputs, where a blank optional field means
 * "not set" and the contact details are checked only when the partner's own are not copied.
 */
export const partnerAccountFormSchema = z
  .object({
    username: formField('username', partnerFieldRules.username),
    password: formField('password', partnerFieldRules.password),
    copy_partner_contact: z.boolean(),
    contact_details: z.object({
      first_name: z.string(),
      last_name: z.string(),
      company: z.string(),
      address: z.string(),
      postal_code: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      phone: z.string(),
      email: z.string(),
      vat_number: z.string(),
    }),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.copy_partner_contact) return;
      const result = contactFormSchema.safeParse(form.contact_details);
      if (result.success) return;
      for (const issue of result.error.issues) {
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: ['contact_details', ...issue.path.map(String)],
          input: form.contact_details,
        });
      }
    }),
  );
export type PartnerAccountForm = z.infer<typeof partnerAccountFormSchema>;

export const emptyPartnerAccountForm = (): PartnerAccountForm => ({
  username: '',
  password: '',
  copy_partner_contact: true,
  contact_details: Object.fromEntries(contactFields.map((field) => [field, ''])) as Record<
    ContactField,
    string
  >,
});

/** The create body for a valid form: blank optional fields are left out, not sent as "". */
export function toPartnerAccountCreateRequest(
  form: PartnerAccountForm,
): PartnerAccountCreateRequest {
  const { username, password } = form;
  if (form.copy_partner_contact) return { username, password };
  const contact: Record<string, string> = {};
  for (const field of contactFields) {
    const value = form.contact_details[field];
    if (value !== '' || requiredContactFields.has(field)) contact[field] = value;
  }
  return { username, password, contact_details: contact as PartnerContact };
}

/** Which form field a create error code belongs to (spec §7.4), so it can be shown there. */
export function partnerFormFieldOfCode(
  code: string,
): 'username' | 'password' | `contact_details.${ContactField}` | undefined {
  if (code === 'ACCOUNT_EXISTS') return 'username';
  const match = /^([A-Z_]+)_(?:INVALID|MISSING)$/.exec(code);
  const attribute = match?.[1]?.toLowerCase();
  if (attribute === 'username' || attribute === 'password') return attribute;
  if (attribute && (contactFields as readonly string[]).includes(attribute)) {
    return `contact_details.${attribute as ContactField}`;
  }
  return undefined;
}
