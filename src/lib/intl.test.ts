import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl';

describe('Intl formatters', () => {
  it('makes one formatter per locale and options, and formats as Intl does', () => {
    const one = numberFormat('en-GB', { maximumFractionDigits: 1 });
    expect(numberFormat('en-GB', { maximumFractionDigits: 1 })).toBe(one);
    expect(numberFormat('en-GB', { maximumFractionDigits: 2 })).not.toBe(one);
    expect(numberFormat('de-DE', { maximumFractionDigits: 1 })).not.toBe(one);
    expect(one.format(1234.56)).toBe('1,234.6');
    expect(numberFormat('de-DE', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1.234,6');
  });

  it('keeps working past its bound, with each key still its own formatter', () => {
    for (let digits = 0; digits <= 20; digits += 1)
      for (const locale of ['en-GB', 'de-DE', 'fi-FI', 'fr-FR', 'sv-SE', 'nl-NL'])
        numberFormat(locale, { minimumFractionDigits: digits });
    const month = dateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    expect(month.format(new Date(Date.UTC(2026, 10, 1)))).toBe('Nov 2026');
    expect(numberFormat('fi-FI', { minimumFractionDigits: 3 }).format(1)).toBe('1,000');
  });
});
