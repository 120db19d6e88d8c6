import { z } from 'zod/mini';
import { labelSchema } from './common';

/** Storage label keys may not start with an underscore (api-rules §2.8.4). */
export const storageLabelSchema = z.object({
  key: labelSchema.shape.key.check(
    z.refine((key) => !key.startsWith('_'), { message: 'Label keys may not start with “_”.' }),
  ),
  value: labelSchema.shape.value,
});

/** At most this many labels on one resource in a request: the sandbox's bound (api-rules §2.8.5). */
export const maxLabels = 100;

/** A request's labels for one resource: at most `maxLabels` of them. */
export const labelListSchema = <Label extends z.ZodMiniType>(label: Label) =>
  z.array(label).check(z.maxLength(maxLabels, `At most ${maxLabels} labels.`));

/** At most this many values per repeated query parameter: more answer 400 (api-rules §2.8). */
const maxRepeatedValues = 32;

/** A query parameter's text, or its texts where the key repeats: at most 32 of them. */
export const repeatedQueryValueSchema = z.union([z.string(), z.array(z.string())]).check(
  z.refine((value) => typeof value === 'string' || value.length <= maxRepeatedValues, {
    message: `Give at most ${maxRepeatedValues} values.`,
  }),
);

/** The repeatable `label` filter of list queries (api-rules §2.8.2). */
export const labelQuerySchema = z.optional(repeatedQueryValueSchema);

/** One `label` query value: `key` or `key=value` (api-rules §2.8.2; the `=` arrives URL-decoded). */
export interface LabelFilter {
  key: string;
  value?: string;
}

export function parseLabelFilter(text: string): LabelFilter | null {
  const equals = text.indexOf('=');
  const key = equals === -1 ? text : text.slice(0, equals);
  if (key.length < 1 || key.length > 32 || key.startsWith('_')) return null;
  return equals === -1 ? { key } : { key, value: text.slice(equals + 1) };
}

/** Items match when they carry every filter: keys compare case-insensitively (api-rules §2.8.3). */
export function matchesLabelFilters(
  labels: readonly { key: string; value: string }[],
  filters: readonly LabelFilter[],
): boolean {
  return filters.every((filter) =>
    labels.some(
      (label) =>
        label.key.toLowerCase() === filter.key.toLowerCase() &&
        (filter.value === undefined || label.value === filter.value),
    ),
  );
}
