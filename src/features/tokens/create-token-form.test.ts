import { describe, expect, it } from 'vitest';
import {
  createTokenFormDefaults,
  createTokenFormSchema,
  fieldForErrorCode,
} from './create-token-form';
import type { CreateTokenFormValues } from './create-token-form';

const values = (overrides: Partial<CreateTokenFormValues>): CreateTokenFormValues => ({
  ...createTokenFormDefaults,
  name: 'CI deploy',
  ...overrides,
});

function errorsOf(input: CreateTokenFormValues) {
  const result = createTokenFormSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe('createTokenFormSchema', () => {
  it('sends a preset as expires_in and omits the ranges when any address may use the token', () => {
    expect(createTokenFormSchema.parse(values({ expiry: '168h', canCreateTokens: true }))).toEqual({
      name: 'CI deploy',
      expires_in: '168h',
      can_create_tokens: true,
    });
  });

  it('sends a custom duration, trimmed', () => {
    const body = createTokenFormSchema.parse(
      values({ expiry: 'custom', customDuration: ' 1h30m ' }),
    );
    expect(body.expires_in).toBe('1h30m');
  });

  it('sends a chosen date as expires_at in UTC', () => {
    const inAWeek = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    const local = new Date(inAWeek.getTime() - inAWeek.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 16);
    const body = createTokenFormSchema.parse(values({ expiry: 'date', expiresAt: local }));
    expect(body.expires_in).toBeUndefined();
    expect(body.expires_at).toBe(new Date(local).toISOString());
  });

  it('sends one range per non-blank line, and an empty list when none is given', () => {
    const ranges = '192.0.2.0/24\n\n  2001:db8::1  \n10.0.0.1-10.0.0.9';
    expect(
      createTokenFormSchema.parse(values({ anyAddress: false, ipRanges: ranges })),
    ).toMatchObject({
      allowed_ip_ranges: ['192.0.2.0/24', '2001:db8::1', '10.0.0.1-10.0.0.9'],
    });
    expect(createTokenFormSchema.parse(values({ anyAddress: false })).allowed_ip_ranges).toEqual(
      [],
    );
  });

  it('names the line of an invalid range', () => {
    expect(errorsOf(values({ anyAddress: false, ipRanges: '10.0.0.1\nnot-an-ip' })).ipRanges).toBe(
      'Line 2 (“not-an-ip”): Not an IPv4 or IPv6 address, CIDR block or range.',
    );
  });

  it('refuses duplicate ranges, bad durations, past dates and blank names', () => {
    expect(errorsOf(values({ anyAddress: false, ipRanges: '10.0.0.1\n10.0.0.1' })).ipRanges).toBe(
      'Each range may be given once.',
    );
    expect(errorsOf(values({ expiry: 'custom', customDuration: '2 days' })).customDuration).toMatch(
      /at most one year/,
    );
    expect(errorsOf(values({ expiry: 'date', expiresAt: '2000-01-01T00:00' })).expiresAt).toBe(
      'Choose a moment in the future.',
    );
    expect(errorsOf(values({ name: '   ' })).name).toBe('Give the token a name.');
  });
});

describe('fieldForErrorCode', () => {
  it('maps attribute errors of the API to the field that holds the attribute', () => {
    expect(fieldForErrorCode('NAME_INVALID', values({}))).toBe('name');
    expect(fieldForErrorCode('EXPIRES_IN_INVALID', values({ expiry: 'custom' }))).toBe(
      'customDuration',
    );
    expect(fieldForErrorCode('EXPIRES_IN_INVALID', values({}))).toBe('expiry');
    expect(fieldForErrorCode('ALLOWED_IP_RANGES_INVALID', values({ anyAddress: false }))).toBe(
      'ipRanges',
    );
    expect(fieldForErrorCode('ACTION_FORBIDDEN', values({}))).toBeNull();
  });
});
