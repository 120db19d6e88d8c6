import type { z } from 'zod/mini';

/** The fields marked by `mayOmit`, read by contract/answer.ts. */
export const omittableFields = new WeakSet<z.ZodMiniType>();

/**
 * A field of an answer that the real API leaves out in some records (a stopped server's `host`,
 * a storage's `labels`…; api-reference-notes §1.7). The sandbox always sends it, and its own
 * answer check still requires it; the panel's answer form (`answerSchema`) takes it as optional,
 * so its type is optional and every page that reads it handles its absence.
 */
export function mayOmit<T extends z.ZodMiniType>(schema: T): z.ZodMiniOptional<T> {
  const marked = schema.clone();
  omittableFields.add(marked);
  return marked as unknown as z.ZodMiniOptional<T>;
}
