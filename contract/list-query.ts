import { z } from 'zod/mini';

/** A whole number in a query (`?limit=50`): digits only, read as a number. */
export const queryWholeNumberSchema = z.pipe(
  z.string().check(z.regex(/^\d+$/)),
  z.transform(Number),
);

/** The free-text `search` of the server and storage lists (api-reference-notes §1.6). */
export const listSearchQuerySchema = z.optional(
  z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(255),
      z.regex(/^[^<>]+$/, 'Search text may not contain < or >.'),
    ),
);
