import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatCredits,
  formatGibibytes,
  formatMebibytes,
  formatMoney,
  formatRelativeTime,
  humanizeKey,
} from './format';

describe('countOf', () => {
  it.each([
    [0, 'node group', '0 node groups'],
    [1, 'node group', '1 node group'],
    [2, 'node', '2 nodes'],
  ])('counts %i of %s as %s', (count, noun, text) => {
    expect(countOf(count, noun)).toBe(text);
  });
});

describe('formatCredits', () => {
  it('shows hundredths of the currency as the currency', () => {
    expect(formatCredits(9972.2324, 'EUR', 'en-US')).toBe('€99.72');
    expect(formatCredits(1_000_000, 'USD', 'en-US')).toBe('$10,000.00');
  });

  it('uses euros when the account names no currency', () => {
    expect(formatCredits(150, undefined, 'en-US')).toBe('€1.50');
  });
});

describe('formatMoney', () => {
  it('keeps three significant digits of fractions of a cent', () => {
    expect(formatMoney(0.0112, 'EUR', 'en-US')).toBe('€0.0112');
    expect(formatMoney(0.000078, 'EUR', 'en-US')).toBe('€0.000078');
    expect(formatMoney(0.05694, 'EUR', 'en-US')).toBe('€0.0569');
  });

  it('rounds amounts of a unit or more to cents', () => {
    expect(formatMoney(8.176, 'EUR', 'en-US')).toBe('€8.18');
    expect(formatMoney(0, 'EUR', 'en-US')).toBe('€0.00');
  });
});

describe('sizes', () => {
  it('picks the largest binary unit that keeps the number at least one', () => {
    expect(formatMebibytes(512, 'en-US')).toBe('512 MiB');
    expect(formatMebibytes(4096, 'en-US')).toBe('4 GiB');
    expect(formatMebibytes(1_048_576, 'en-US')).toBe('1 TiB');
    expect(formatMebibytes(1536, 'en-US')).toBe('1.5 GiB');
    expect(formatGibibytes(40_960, 'en-US')).toBe('40 TiB');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('uses the largest unit the distance fills', () => {
    expect(formatRelativeTime('2025-06-01T20:00:00Z', now, 'en-US')).toBe('in 8 hours');
    expect(formatRelativeTime('2025-05-29T12:00:00Z', now, 'en-US')).toBe('3 days ago');
    expect(formatRelativeTime('2025-06-01T12:00:30Z', now, 'en-US')).toBe('in 30 seconds');
    expect(formatRelativeTime('2026-06-01T12:00:00Z', now, 'en-US')).toBe('next year');
  });
});

describe('humanizeKey', () => {
  it('turns a snake_case key into words', () => {
    expect(humanizeKey('managed_object_storages')).toBe('Managed object storages');
    expect(humanizeKey('gpu_plans')).toBe('GPU plans');
    expect(humanizeKey('maxiops')).toBe('MaxIOPS');
    expect(humanizeKey('public_ipv4')).toBe('Public IPv4');
  });
});
