import { describe, expect, it } from 'vitest';
import { createRenderCache } from './render-cache';

const page = (renderedAt: number, chars = 10) => ({
  html: 'h'.repeat(chars / 2),
  head: 's'.repeat(chars / 2),
  renderedAt,
});

function cacheAt(options: { maxEntries?: number; maxChars?: number; maxAgeMs?: number } = {}) {
  let time = 1_000;
  const cache = createRenderCache({
    maxEntries: 3,
    maxChars: 100,
    maxAgeMs: 30_000,
    ...options,
    now: () => time,
  });
  return { cache, at: (now: number) => (time = now) };
}

describe('the cache of server renders', () => {
  it('sends a page again, with its own time, while it is young enough', () => {
    const { cache, at } = cacheAt();
    cache.set('storage', page(1_000));
    at(31_000);
    expect(cache.get('storage')).toEqual(page(1_000));
    at(31_001);
    expect(cache.get('storage')).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 0, chars: 0 });
  });

  it('does not send an old page kept behind a younger one', () => {
    const { cache, at } = cacheAt();
    // Two renders side by side: the later one ended first.
    cache.set('later', page(2_000));
    cache.set('earlier', page(1_000));
    at(31_500);
    expect(cache.get('earlier')).toBeUndefined();
    expect(cache.get('later')).toEqual(page(2_000));
  });

  it('keeps at most its number of pages, the newest', () => {
    const { cache } = cacheAt();
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, page(1_000));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBeDefined();
    expect(cache.size()).toEqual({ entries: 3, chars: 30 });
  });

  it('keeps at most its characters, and no page larger than a quarter of them', () => {
    const { cache } = cacheAt({ maxEntries: 100, maxChars: 100 });
    cache.set('huge', page(1_000, 26));
    expect(cache.get('huge')).toBeUndefined();
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, page(1_000, 24));
    expect(cache.size()).toEqual({ entries: 4, chars: 96 });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('e')).toBeDefined();
  });

  it('replaces a page rendered again for the same key, counting it once', () => {
    const { cache, at } = cacheAt();
    cache.set('storage', page(1_000));
    at(2_000);
    cache.set('storage', page(2_000, 20));
    expect(cache.get('storage')).toEqual(page(2_000, 20));
    expect(cache.size()).toEqual({ entries: 1, chars: 20 });
  });
});
