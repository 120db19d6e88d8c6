import { describe, expect, it } from 'vitest';
import { convertAmount } from './currency';

const rates = [
  { code: 'EUR', rate: 0.01 },
  { code: 'USD', rate: 0.0108 },
];

describe('convertAmount', () => {
  it('converts through the value of one credit in each currency', () => {
    expect(convertAmount(100, 'EUR', 'USD', rates)).toBeCloseTo(108, 10);
    expect(convertAmount(108, 'USD', 'EUR', rates)).toBeCloseTo(100, 10);
    expect(convertAmount(5, 'EUR', 'EUR', rates)).toBe(5);
  });

  it('gives null for a currency without a rate', () => {
    expect(convertAmount(5, 'EUR', 'JPY', rates)).toBeNull();
  });
});
