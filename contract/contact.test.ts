import { describe, expect, it } from 'vitest';
import { toApiPhone } from './contact';

describe('toApiPhone', () => {
  it('turns the usual international ways of writing a number into +cc.number', () => {
    expect(toApiPhone('+358.31245434')).toBe('+358.31245434');
    expect(toApiPhone('+358 31 245 434')).toBe('+358.31245434');
    expect(toApiPhone('+358-31-245434')).toBe('+358.31245434');
    expect(toApiPhone(' 00358 31 245434 ')).toBe('+358.31245434');
    expect(toApiPhone('+1 (415) 555-0100')).toBe('+1.4155550100');
    expect(toApiPhone('+44 20 7946 0018')).toBe('+44.2079460018');
    expect(toApiPhone('+358.31 245 434')).toBe('+358.31245434');
  });

  it('reads a national number by the chosen country, without its trunk prefix', () => {
    expect(toApiPhone('(031) 245434', 'FIN')).toBe('+358.31245434');
    expect(toApiPhone('040 123 4567', 'FIN')).toBe('+358.401234567');
    expect(toApiPhone('(415) 555-0100', 'USA')).toBe('+1.4155550100');
    expect(toApiPhone('1 415 555 0100', 'USA')).toBe('+1.4155550100');
    expect(toApiPhone('06 1234 5678', 'ITA')).toBe('+39.0612345678');
    // The international form wins over the country.
    expect(toApiPhone('+46 8 123 456', 'FIN')).toBe('+46.8123456');
  });

  it('refuses what it cannot read', () => {
    expect(toApiPhone('(031) 245434')).toBeNull();
    expect(toApiPhone('0401234567')).toBeNull();
    expect(toApiPhone('call me')).toBeNull();
    expect(toApiPhone('')).toBeNull();
    expect(toApiPhone('+358')).toBeNull();
    expect(toApiPhone('+999.1234567')).toBeNull();
    expect(toApiPhone('+358 1234 5678 9012 345')).toBeNull();
  });
});
