import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, UseFormProps } from 'react-hook-form';
import type { $ZodErrorMap, $ZodType } from 'zod/v4/core';

/**
 * A react-hook-form form checked by `schema`: fields hold its input, a submit gets its output.
 * `errorMessage`, when given, words the messages of the issues it knows (zod's error map); `mode`,
 * when a field is first checked (on submit unless told).
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
  defaultValues: DefaultValues<NoInfer<Input>>,
  errorMessage?: $ZodErrorMap,
  mode?: UseFormProps<Input>['mode'],
) {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema, errorMessage && { error: errorMessage }),
    defaultValues,
    mode,
  });
}
