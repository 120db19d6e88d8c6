/** One page of a list the API pages without a total count (api-reference-notes §1.6). */
export interface LookAheadPage<T> {
  items: T[];
  hasNextPage: boolean;
}

/**
 * How many items to ask for: one more than the page, so that the answer tells whether a next page
 * exists, unless the API's cap on `limit` leaves no room for it.
 */
export function lookAheadLimit(limit: number, cap: number): number {
  return Math.min(limit + 1, cap);
}

/**
 * The page out of an answer to `lookAheadLimit(limit, cap)`. Without room for the extra item, a
 * full page is taken to have a next one (at worst, that next page is empty).
 */
export function lookAheadPage<T>(items: T[], limit: number, cap: number): LookAheadPage<T> {
  const lookedAhead = lookAheadLimit(limit, cap) > limit;
  return {
    items: items.slice(0, limit),
    hasNextPage: lookedAhead ? items.length > limit : items.length >= limit,
  };
}
