import { z } from 'zod/mini';
import { problemCheck } from './common';
import {
  checkCountryRules,
  contactFieldRules,
  contactFields,
  contactSchema,
  contactTextShape,
  credentialFieldRules,
  ruled,
} from './contact';
import type { Contact, ContactField, FieldRule } from './contact';
import { endpoint } from './endpoint';

export { contactFields, isVatNumber } from './contact';
export type { FieldRule } from './contact';

/**
 * Partner accounts (api-rules §2.9, §4.9; api-reference-notes §15). The field rules are contract/contact.ts's,
 * shared with subaccount creation: the sandbox's request schema and the panel's form schema are
 * both built from them.
 */

/** The rules of the create body (api-rules §4.9), by attribute. */
export const partnerFieldRules = {
  ...credentialFieldRules,
  ...contactFieldRules,
} satisfies Record<string, FieldRule>;

/** `contact_details` of the create body; omitted optional attributes are stored as "". */
export const partnerContactSchema = contactSchema;
export type PartnerContact = Contact;

/** `POST /1.3/partner/accounts` (api-rules §4.9). */
export const partnerAccountCreateRequestSchema = z.strictObject({
  username: ruled(partnerFieldRules.username),
  password: ruled(partnerFieldRules.password),
  contact_details: z.optional(partnerContactSchema),
});
export type PartnerAccountCreateRequest = z.infer<typeof partnerAccountCreateRequestSchema>;

/** The partner account record (api-rules §2.9): unset optional fields are empty strings. */
export const partnerAccountSchema = z.object({ username: z.string(), ...contactTextShape });
export type PartnerAccount = z.infer<typeof partnerAccountSchema>;

export const partnerAccountListSchema = z.array(partnerAccountSchema);

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
  email: 'Enter an email address.',
};

/** A form field: blank means unset for optional attributes and "enter it" for required ones. */
const formField = (name: keyof typeof requiredMessages, rule: FieldRule | null) =>
  z
    .string()
    .check(
      problemCheck((value: string) => (value === '' ? requiredMessages[name] : rule?.(value))),
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
    contact_details: z.object(contactTextShape),
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

/** Which form field a create error code belongs to (api-rules §7.4), so it can be shown there. */
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

/** Partner accounts (api-rules §4.9; api-reference-notes §15): a partner lists and creates its customers. */
export const partnerEndpoints = {
  listAccounts: endpoint('GET /partner/accounts', partnerAccountListSchema, [403]),
  createAccount: endpoint('POST /partner/accounts', partnerAccountSchema, [400, 403, 409], {
    body: partnerAccountCreateRequestSchema,
    status: 201,
  }),
};
