import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import type { ApiCallRequest } from '../api-call-view';
import { useApiSubmit } from './use-api-failure';
import type { FormMutation } from './use-api-failure';
import { useRequestPreview } from './use-request-preview';
import { useZodForm } from './use-zod-form';

/**
 * A FormDialog's form that sends what `schema` makes of its values through `mutation` and closes
 * once it succeeds: an API error whose code names one of `fields` (fieldForErrorCode) sits on that
 * field, and "API call" shows `call` of the values as they are now. Spread `dialog` on the
 * FormDialog.
 */
export function useDialogForm<Values extends FieldValues, Output, Result>(
  schema: $ZodType<Output, Values>,
  defaultValues: DefaultValues<NoInfer<Values>>,
  {
    mutation,
    fields,
    call,
    onClose,
  }: {
    mutation: FormMutation<Output, Result>;
    fields: Readonly<Record<string, Path<Values>>>;
    call: (body: Output) => ApiCallRequest;
    onClose: () => void;
  },
) {
  const form = useZodForm(schema, defaultValues);
  const submit = useApiSubmit<Values, Output, Output, Result>(form, mutation, {
    fieldOf: (error) => fieldForErrorCode(error.code, fields),
    onSuccess: onClose,
  });
  const apiCall = useRequestPreview(schema, form.control, call);
  return { control: form.control, dialog: { ...submit, apiCall, onClose } };
}
