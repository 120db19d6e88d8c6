import { z } from 'zod/mini';
import isEmail from 'validator/lib/isEmail.js';
import * as vatModule from 'validator/lib/isVAT.js';
import { hasUnsafeCharacter, problemCheck, unsafeTextMessage } from './common';
import {
  alpha2ByAlpha3,
  callingCodeByCountry,
  callingCodes,
  isCountryCode,
  usStates,
} from './countries';

/**
 * The rules of a new account's credentials and contact details (api-rules §4.9; api-reference-notes §10.2): one
 * set for subaccount and partner account creation. Every field rule is a pure function that
 * returns the message to show, or null when the value is fine: request schemas and the panel's
 * form schemas are built from these, so they cannot drift apart.
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
    return hasUnsafeCharacter(value) ? unsafeTextMessage : null;
  };

export const usernamePattern = /^[a-z0-9]+(_[a-z0-9]+)*$/;

const usernameRule: FieldRule = (value) =>
  lengthRule(4, 64)(value) ??
  (usernamePattern.test(value)
    ? null
    : 'Use lowercase letters and digits; single underscores may join them (for example acme_ltd).');

const passwordRule: FieldRule = (value) => {
  if (value.length < 8 || value.length > 256) return 'Use 8 to 256 characters.';
  // A trailing NUL or a bidirectional override would make a password other than the one typed.
  if (hasUnsafeCharacter(value)) return unsafeTextMessage;
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/[0-9]/.test(value)) {
    return 'Include at least one lowercase letter (a-z), one uppercase letter (A-Z) and one digit.';
  }
  return null;
};

/** One or two lines, each 1 to 100 characters (api-rules §4.9). */
const addressRule: FieldRule = (value) => {
  const lines = value.split(/\r?\n/);
  if (lines.length > 2) return 'Use at most two lines.';
  if (lines.some((line) => line.length < 1 || line.length > 100)) {
    return 'Each line needs 1 to 100 characters.';
  }
  return lines.some(hasUnsafeCharacter) ? unsafeTextMessage : null;
};

const countryRule: FieldRule = (value) =>
  isCountryCode(value) ? null : 'Choose a country (ISO 3166-1 alpha-3 code such as FIN or USA).';

/** `+<countrycode>.<nationalpart>` (`+358.31245434`): E.164 with a period after the country code. */
export const phonePattern = /^\+[1-9]\d{0,2}\.\d{4,14}$/;

const phoneRule: FieldRule = (value) =>
  phonePattern.test(value) && value.replace(/\D/g, '').length <= 15
    ? null
    : 'Write it as +<country code>.<number>, for example +358.401234567.';

// Italy and the countries dialling its code keep the leading 0 of a national number.
const keepsTrunkZero = new Set(['ITA', 'SMR', 'VAT']);

/** The calling code a run of digits starts with, and the digits after it. */
function splitCallingCode(digits: string): [string, string] | null {
  for (const length of [1, 2, 3]) {
    const code = digits.slice(0, length);
    if (callingCodes.has(code)) return [code, digits.slice(length)];
  }
  return null;
}

/** A national number as dialled in the country (`(031) 245434`), without its trunk prefix. */
function nationalNumber(digits: string, callingCode: string, country: string): string {
  if (callingCode === '1' && digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  if (digits.startsWith('0') && !keepsTrunkZero.has(country)) return digits.slice(1);
  return digits;
}

/**
 * A phone number as people write it (`+358 31 245 434`, `+358-31-245434`, `00358 31245434`, or
 * `(031) 245434` with the contact's country, alpha-3) in the API's `+<calling code>.<number>`
 * form (api-rules §4.9); null when it is not a phone number or its calling code cannot be told.
 */
export function toApiPhone(input: string, country?: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s().\-/]+$/.test(text)) return null;
  let parts: [string, string] | null;
  const dot = /^\+(\d{1,3})\.(.*)$/.exec(text);
  if (dot) {
    parts = callingCodes.has(dot[1]!) ? [dot[1]!, dot[2]!.replace(/\D/g, '')] : null;
  } else {
    const digits = text.replace(/\D/g, '');
    if (text.startsWith('+')) parts = splitCallingCode(digits);
    else if (digits.startsWith('00')) parts = splitCallingCode(digits.slice(2));
    else {
      const code = country === undefined ? undefined : callingCodeByCountry.get(country);
      parts = code === undefined ? null : [code, nationalNumber(digits, code, country!)];
    }
  }
  if (parts === null) return null;
  const phone = `+${parts[0]}.${parts[1]}`;
  return phoneRule(phone) === null ? phone : null;
}

const emailRule: FieldRule = (value) =>
  value.length <= 254 && isEmail(value) ? null : 'Enter a valid email address.';

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

/** A new account's sign-in credentials (api-rules §4.9, §8). */
export const credentialFieldRules = {
  username: usernameRule,
  password: passwordRule,
} satisfies Record<string, FieldRule>;

/** The contact attributes whose rule does not depend on another attribute (api-rules §4.9). */
export const contactFieldRules = {
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

/** A string checked by a field rule, failing with the rule's message. */
export const ruled = (rule: FieldRule) => z.string().check(problemCheck(rule));

export interface ContactLike {
  country?: string;
  state?: string;
  vat_number?: string;
}

interface IssueSink {
  addIssue(issue: { code: 'custom'; message: string; path: string[]; input: unknown }): void;
}

/**
 * The rules that depend on the country: the state of a U.S. contact, and the VAT number.
 * `blankIsUnset`: a form's empty text field means the attribute is not given.
 */
export function checkCountryRules(contact: ContactLike, ctx: IssueSink, blankIsUnset: boolean) {
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

/**
 * The country-dependent rules as a check of an object schema that holds the contact fields;
 * `blankIsUnset` where clients send "" for an attribute they leave out.
 */
export const countryRulesCheck = <T extends ContactLike>(blankIsUnset = false) =>
  z.superRefine<T>((contact, ctx) => checkCountryRules(contact, ctx, blankIsUnset));

/** The contact attributes of a create body; `state` and `vat_number` depend on the country. */
export const contactShape = {
  first_name: ruled(contactFieldRules.first_name),
  last_name: ruled(contactFieldRules.last_name),
  company: z.optional(ruled(contactFieldRules.company)),
  address: z.optional(ruled(contactFieldRules.address)),
  postal_code: z.optional(ruled(contactFieldRules.postal_code)),
  city: z.optional(ruled(contactFieldRules.city)),
  state: z.optional(z.string()),
  country: ruled(contactFieldRules.country),
  phone: ruled(contactFieldRules.phone),
  email: ruled(contactFieldRules.email),
  vat_number: z.optional(z.string()),
};

/** The contact attributes, in the order the records list them. */
export const contactFields = Object.keys(contactShape) as readonly (keyof typeof contactShape)[];
export type ContactField = (typeof contactFields)[number];
/** The contact attributes as a record (or the panel's form) holds them: text, "" where unset. */
export const contactTextShape = Object.fromEntries(
  contactFields.map((field) => [field, z.string()]),
) as Record<ContactField, z.ZodMiniString<string>>;

/** Contact details as a create body gives them (partner `contact_details`, api-rules §4.9). */
export const contactSchema = z.strictObject(contactShape).check(countryRulesCheck());
export type Contact = z.infer<typeof contactSchema>;
