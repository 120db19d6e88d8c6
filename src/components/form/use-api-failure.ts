import { useState } from 'react';
import type { FormEvent } from 'react';
import type { FieldValues, Path, UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../api/http';

/**
 * Where a form's API errors go (docs/architecture.md, Forms): one whose code belongs to a field
 * is set on that field; any other is the form's `failure` until `clear` (on sending again).
 */
export function useApiFailure<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  fieldOf: (error: ApiError) => Path<Values> | null | undefined,
  { shouldFocus = false }: { shouldFocus?: boolean } = {},
) {
  const [failure, setFailure] = useState<ApiError | null>(null);
  const onError = (error: ApiError) => {
    const field = fieldOf(error);
    if (field) setError(field, { message: `${error.message} (${error.code})` }, { shouldFocus });
    else setFailure(error);
  };
  return { failure, clear: () => setFailure(null), onError };
}

/** What a form sends through: a TanStack Query mutation, or one that picks between two. */
export interface FormMutation<Request, Result> {
  isPending: boolean;
  mutate: (
    request: Request,
    callbacks: { onSuccess: (result: Result) => void; onError: (error: ApiError) => void },
  ) => void;
}

export type SubmitOptions<Values extends FieldValues, Output, Request, Result> = {
  /** The field an API error belongs to (useApiFailure); none puts every error on the form. */
  fieldOf?: (error: ApiError) => Path<Values> | null | undefined;
  shouldFocus?: boolean;
  onSuccess?: (result: Result, values: Output) => void;
} & ([Output] extends [Request]
  ? { request?: (values: Output) => Request }
  : { request: (values: Output) => Request });

/**
 * A form that sends its valid values through `mutation`: FormDialog's `pending`, `failure` and
 * `onSubmit`. Sending again clears the last failure; API errors land as useApiFailure places them.
 */
export function useApiSubmit<Values extends FieldValues, Output, Request, Result>(
  form: { handleSubmit: UseFormHandleSubmit<Values, Output>; setError: UseFormSetError<Values> },
  mutation: FormMutation<Request, Result>,
  {
    fieldOf = () => null,
    shouldFocus,
    onSuccess,
    request,
  }: SubmitOptions<Values, Output, Request, Result>,
) {
  const { failure, clear, onError } = useApiFailure(form.setError, fieldOf, { shouldFocus });
  const submit = form.handleSubmit((values) => {
    clear();
    mutation.mutate(request ? request(values) : (values as unknown as Request), {
      onSuccess: (result) => onSuccess?.(result, values),
      onError,
    });
  });
  return {
    pending: mutation.isPending,
    failure,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}
