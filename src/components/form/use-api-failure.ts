import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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
