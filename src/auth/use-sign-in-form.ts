import { useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod/mini';
import { ApiError } from '../api/http';

type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/**
 * State of a sign-in form: what was typed (kept when the API refuses it), field errors from the
 * schema and the API's failure. The sign-in page is in the first-load budget, so this small hook
 * stands in for react-hook-form there.
 */
export function useSignInForm<Values extends Record<string, string>, Parsed>(
  schema: z.ZodMiniType<Parsed, Values>,
  initialValues: Values,
  signIn: (parsed: Parsed) => Promise<void>,
) {
  const [values, setValues] = useState(initialValues);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Values>>({});
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  const setValue = (name: keyof Values, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const errors: FieldErrors<Values> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof Values;
        errors[name] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      await signIn(parsed.data);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(error);
    } finally {
      setPending(false);
    }
  };

  return { values, setValue, fieldErrors, failure, pending, submit };
}
