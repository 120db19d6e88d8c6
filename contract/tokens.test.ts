import { describe, expect, it } from 'vitest';
import { isIpRange, parseDurationSeconds, tokenCreateRequestSchema } from './tokens';

describe('isIpRange', () => {
  it.each([
    '1.2.3.4',
    '10.0.0.0/8',
    '0.0.0.0/0',
    '::/0',
    '2001:db8::1',
    '2001:db8::/32',
    '1.2.3.4-1.2.3.9',
    '1.2.3.4-1.2.3.4',
    '2001:db8::1-2001:db8::ff',
    '::ffff:1.2.3.4-::ffff:1.2.3.9',
    '::ffff:127.0.0.0/104',
    '::ffff:7f00:0/104',
    '::ffff:0.0.0.0/96',
  ])('accepts %s', (range) => expect(isIpRange(range)).toBe(true));

  it.each([
    '',
    '300.1.1.1',
    '10.0.0.0/33',
    '1.2.3.9-1.2.3.4',
    '2001:db8::ff-2001:db8::1',
    '1.2.3.4-::1',
    '1.2.3.4-1.2.3.5-1.2.3.6',
    'example.com',
    '::ffff:0.0.0.0/95',
    '::ffff:127.0.0.0/80',
  ])('rejects %s', (range) => expect(isIpRange(range)).toBe(false));
});

describe('parseDurationSeconds', () => {
  it.each([
    ['24h', 86_400],
    ['1h30m', 5_400],
    ['15m', 900],
    ['90s', 90],
    ['1h1m1s', 3_661],
  ])('%s is %d seconds', (text, seconds) => expect(parseDurationSeconds(text)).toBe(seconds));

  it.each(['', '1d', 'h', '1.5h', '-1h', '1m1h'])('%s is not a duration', (text) =>
    expect(parseDurationSeconds(text)).toBeNull(),
  );
});

describe('tokenCreateRequestSchema', () => {
  it('takes exactly one of expires_in and expires_at', () => {
    expect(tokenCreateRequestSchema.safeParse({ name: 'a', expires_in: '1h' }).success).toBe(true);
    expect(tokenCreateRequestSchema.safeParse({ name: 'a' }).success).toBe(false);
    expect(
      tokenCreateRequestSchema.safeParse({
        name: 'a',
        expires_in: '1h',
        expires_at: '2030-01-01T00:00:00Z',
      }).success,
    ).toBe(false);
  });

  it('refuses a duration over a year and repeated ranges', () => {
    expect(tokenCreateRequestSchema.safeParse({ name: 'a', expires_in: '9000h' }).success).toBe(
      false,
    );
    expect(
      tokenCreateRequestSchema.safeParse({
        name: 'a',
        expires_in: '1h',
        allowed_ip_ranges: ['::1', '::1'],
      }).success,
    ).toBe(false);
  });
});
