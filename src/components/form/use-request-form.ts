import type { DefaultValues, FieldValues, UseFormProps } from 'react-hook-form';
import type { $ZodErrorMap, $ZodType } from 'zod/v4/core';
import type { ApiCallRequest } from '../api-call-view';
import { useApiSubmit } from './use-api-failure';
import type { FormMutation, SubmitOptions } from './use-api-failure';
import { useRequestPreview } from './use-request-preview';
import { useZodForm } from './use-zod-form';

type FormOptions<Values extends FieldValues, Output, Request, Result> = {
  mutation: FormMutation<Request, Result>;
  errorMessage?: $ZodErrorMap;
  /** When a field is first checked: on submit unless told (`onTouched`: once it is left). */
  mode?: UseFormProps<Values>['mode'];
} & SubmitOptions<Values, Output, Request, Result>;

/**
 * A FormDialog's form: `schema` checks what is typed (its messages worded by `errorMessage`, as
 * useZodForm), and a valid submit goes through `mutation` (useApiSubmit: the other options say
 * where errors go and what follows). Spread `submission` on the FormDialog.
 */
export function useSubmitForm<Values extends FieldValues, Output, Request, Result>(
  schema: $ZodType<Output, Values>,
  defaultValues: DefaultValues<NoInfer<Values>>,
  options: FormOptions<Values, Output, Request, Result>,
) {
  const form = useZodForm(schema, defaultValues, options.errorMessage, options.mode);
  return { ...form, submission: useApiSubmit(form, options.mutation, options) };
}

/** useSubmitForm whose "API call" view shows `call` of the values as they are now. */
export function useRequestForm<Values extends FieldValues, Output, Request, Result>(
  schema: $ZodType<Output, Values>,
  defaultValues: DefaultValues<NoInfer<Values>>,
  options: FormOptions<Values, Output, Request, Result> & {
    call: (values: Output) => ApiCallRequest;
  },
) {
  const { submission, ...form } = useSubmitForm(schema, defaultValues, options);
  const apiCall = useRequestPreview(schema, form.control, options.call);
  return { ...form, submission: { ...submission, apiCall } };
}
