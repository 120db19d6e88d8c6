import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './redirect';

describe('safeReturnPath', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeReturnPath('/prices?zone=fi-hel1')).toBe('/prices?zone=fi-hel1');
  });

  it('refuses anything that could leave the site', () => {
    for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', 'prices']) {
      expect(safeReturnPath(next)).toBe('/');
    }
  });

  it('falls back when there is nothing to return to', () => {
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath('', '/tokens')).toBe('/tokens');
  });
});
