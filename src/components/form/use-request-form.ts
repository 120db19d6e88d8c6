import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import type { ApiCallRequest } from '../api-call-view';
import { useApiSubmit } from './use-api-failure';
import type { FormMutation, SubmitOptions } from './use-api-failure';
import { useRequestPreview } from './use-request-preview';
import { useZodForm } from './use-zod-form';

/**
 * A FormDialog's form that sends a request: `schema` checks what is typed, a valid submit goes
 * through `mutation` (useApiSubmit: the other options say where errors go and what follows), and
 * "API call" shows `call` of the values as they are now. Spread `submission` on the FormDialog.
 */
export function useRequestForm<Values extends FieldValues, Output, Request, Result>(
  schema: $ZodType<Output, Values>,
  defaultValues: DefaultValues<NoInfer<Values>>,
  options: {
    mutation: FormMutation<Request, Result>;
    call: (values: Output) => ApiCallRequest;
  } & SubmitOptions<Values, Output, Request, Result>,
) {
  const form = useZodForm(schema, defaultValues);
  const submit = useApiSubmit(form, options.mutation, options);
  const apiCall = useRequestPreview(schema, form.control, options.call);
  return { ...form, submission: { ...submit, apiCall } };
}
