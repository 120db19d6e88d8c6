import { describe, expect, it } from 'vitest';
import {
  emptyPartnerAccountForm,
  isVatNumber,
  partnerAccountCreateRequestSchema,
  partnerFormFieldOfCode,
  toPartnerAccountCreateRequest,
} from './partner';

describe('partner account contract', () => {
  it('sends a form with copied contact details as username and password only', () => {
    const form = { ...emptyPartnerAccountForm(), username: 'acme', password: 'Secret123' };
    form.contact_details.first_name = 'ignored';
    expect(toPartnerAccountCreateRequest(form)).toEqual({
      username: 'acme',
      password: 'Secret123',
    });
  });

  it('leaves blank optional contact fields out of the body, which the API then accepts', () => {
    const form = emptyPartnerAccountForm();
    Object.assign(form, {
      username: 'acme_ltd',
      password: 'Secret123',
      copy_partner_contact: false,
    });
    const filled = {
      first_name: 'Ann',
      last_name: 'Acme',
      country: 'DEU',
      phone: '+49.301234567',
      email: 'ann@acme.example',
      vat_number: 'DE123456789',
    };
    Object.assign(form.contact_details, filled);
    const body = toPartnerAccountCreateRequest(form);
    // Only the filled fields: the blank ones (company, address…) are left out.
    expect(body.contact_details).toEqual(filled);
    expect(partnerAccountCreateRequestSchema.safeParse(body).success).toBe(true);
  });

  it('checks VAT numbers against the country’s format', () => {
    expect(isVatNumber('FI12345678', 'FIN')).toBe(true);
    expect(isVatNumber('FI1234567', 'FIN')).toBe(false);
    expect(isVatNumber('EL123456789', 'GRC')).toBe(true);
    expect(isVatNumber('DE123456789', 'FIN')).toBe(false);
  });

  it('maps every §7.4 attribute code to its form field', () => {
    expect(partnerFormFieldOfCode('ACCOUNT_EXISTS')).toBe('username');
    expect(partnerFormFieldOfCode('USERNAME_INVALID')).toBe('username');
    expect(partnerFormFieldOfCode('PASSWORD_MISSING')).toBe('password');
    expect(partnerFormFieldOfCode('POSTAL_CODE_INVALID')).toBe('contact_details.postal_code');
    expect(partnerFormFieldOfCode('VAT_NUMBER_INVALID')).toBe('contact_details.vat_number');
    expect(partnerFormFieldOfCode('STATE_MISSING')).toBe('contact_details.state');
    expect(partnerFormFieldOfCode('ACCOUNT_CREATION_LIMIT_REACHED')).toBeUndefined();
  });
});
