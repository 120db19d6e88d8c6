/**
 * Pages the server rendered lately (src/app/render-page.tsx), to send again while everything they
 * were rendered from is unchanged: a reload, or a link back to a list whose data did not change,
 * skips the render (about nine tenths of the time before the page's first byte, bench/panel.ts)
 * but not the reads, which say whether the data changed.
 *
 * A render is a function of its key (the page's address, the session, the screen, the locale
 * and time zone, and every read's key and data) and of its time, from which relative times
 * ("5 minutes ago") are drawn: a page sent again keeps its time, and the panel taking it over
 * draws from that time until its clock ticks, so what it shows matches the markup. A page is sent
 * again for `maxAgeMs` at most, so those times are never far behind.
 *
 * Bounded in entries and in characters, whatever the pages' size (the limits of a sandbox that
 * runs on people's machines): the oldest go first.
 */
export interface CachedRender {
  html: string;
  head: string;
  renderedAt: number;
}

export interface RenderCacheOptions {
  maxEntries: number;
  /** The characters of markup and styles the cache holds at most, all pages together. */
  maxChars: number;
  maxAgeMs: number;
  now?: () => number;
}

export function createRenderCache({
  maxEntries,
  maxChars,
  maxAgeMs,
  now = Date.now,
}: RenderCacheOptions) {
  // In the order they were rendered: the first is the oldest.
  const entries = new Map<string, CachedRender>();
  let chars = 0;
  const sizeOf = (page: CachedRender) => page.html.length + page.head.length;
  const remove = (key: string, page: CachedRender) => {
    entries.delete(key);
    chars -= sizeOf(page);
  };
  const dropExpired = () => {
    for (const [key, page] of entries) {
      if (now() - page.renderedAt <= maxAgeMs) break;
      remove(key, page);
    }
  };
  return {
    /** The page rendered for `key`, if it is recent enough to send again. */
    get(key: string): CachedRender | undefined {
      dropExpired();
      const page = entries.get(key);
      // Renders that ran side by side may end out of order: this one may be older than the first.
      if (page && now() - page.renderedAt > maxAgeMs) {
        remove(key, page);
        return undefined;
      }
      return page;
    },
    set(key: string, page: CachedRender): void {
      const size = sizeOf(page);
      // A page larger than a quarter of the whole would push out most of the others.
      if (size > maxChars / 4) return;
      const old = entries.get(key);
      if (old) remove(key, old);
      dropExpired();
      for (const [oldest, cached] of entries) {
        if (entries.size < maxEntries && chars + size <= maxChars) break;
        remove(oldest, cached);
      }
      entries.set(key, page);
      chars += size;
    },
    /** How much it holds: entries and characters. */
    size: () => ({ entries: entries.size, chars }),
  };
}
