import { useWatch } from 'react-hook-form';
import type { Control, FieldValues } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { z } from 'zod/mini';
import type { ApiCallRequest } from '../api-call-view';

/**
 * What a form sends with what is typed now, for the "API call" view: `call` of the values that
 * `schema` turns into a request, or null while they do not pass it.
 */
export function useRequestPreview<Values extends FieldValues, Output, Transformed>(
  schema: $ZodType<Output, Values>,
  control: Control<Values, unknown, Transformed>,
  call: (body: Output) => ApiCallRequest,
): ApiCallRequest | null {
  const parsed = z.safeParse(schema, useWatch({ control }));
  return parsed.success ? call(parsed.data) : null;
}
