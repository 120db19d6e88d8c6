import { describe, expect, it } from 'vitest';
import { lookAheadLimit, lookAheadPage } from './look-ahead-page';

describe('look-ahead pages', () => {
  it('asks for one item more than the page and shows only the page', () => {
    expect(lookAheadLimit(25, 100)).toBe(26);
    expect(lookAheadPage([1, 2, 3], 2, 100)).toEqual({ items: [1, 2], hasNextPage: true });
    expect(lookAheadPage([1, 2], 2, 100)).toEqual({ items: [1, 2], hasNextPage: false });
  });

  it('at the API’s cap, takes a full page to have a next one', () => {
    expect(lookAheadLimit(100, 100)).toBe(100);
    expect(lookAheadPage([1, 2], 2, 2)).toEqual({ items: [1, 2], hasNextPage: true });
    expect(lookAheadPage([1], 2, 2)).toEqual({ items: [1], hasNextPage: false });
  });
});
