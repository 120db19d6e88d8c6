import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/** A react-hook-form form checked by `schema`: fields hold its input, a submit gets its output. */
export function useZodForm<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
  defaultValues: DefaultValues<NoInfer<Input>>,
) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
}
