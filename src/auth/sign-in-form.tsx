import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ToggleButtonGroupProps } from '@mui/material/ToggleButtonGroup';
import { ApiErrorAlert } from '../components/api-error-alert';
import { TextInput } from '../components/form/text-input';
import type { TextInputProps } from '../components/form/text-input';
import type { useSignInForm } from './use-sign-in-form';

type SignInFormState<Values extends Record<string, string>> = ReturnType<
  typeof useSignInForm<Values, unknown>
>;

/** A sign-in form: its fields, then the API's refusal (titled `refused` for 401), then Sign in. */
export function SignInForm<Values extends Record<string, string>>({
  form,
  refused,
  children,
}: {
  form: SignInFormState<Values>;
  refused: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <Stack spacing={3}>
        {children}
        {form.failure && (
          <ApiErrorAlert
            error={form.failure}
            title={form.failure.status === 401 ? refused : 'Signing in failed'}
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={form.pending}>
          {form.pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </Stack>
    </form>
  );
}

/** A required field of a sign-in form, with its error (or `hint`) below it. */
export function SignInField<Values extends Record<string, string>>({
  form,
  name,
  hint,
  ...input
}: {
  form: SignInFormState<Values>;
  name: keyof Values & string;
  hint?: string;
} & Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error' | 'helperText' | 'required'>) {
  return (
    <TextInput
      {...input}
      name={name}
      required
      value={form.values[name]}
      onChange={(event) => form.setValue(name, event.target.value)}
      error={form.fieldErrors[name] !== undefined}
      helperText={form.fieldErrors[name] ?? hint}
    />
  );
}

export type SignInMethod = 'token' | 'password';

/** The choice between the two sign-in forms. */
export function SignInMethodToggle({
  value,
  onChange,
  size,
}: {
  value: SignInMethod;
  onChange: (method: SignInMethod) => void;
  size?: ToggleButtonGroupProps['size'];
}) {
  return (
    <ToggleButtonGroup
      value={value}
      exclusive
      onChange={(_event, next: SignInMethod | null) => {
        if (next) onChange(next);
      }}
      aria-label="Sign in with"
      fullWidth
      size={size}
      sx={{ mb: 3 }}
    >
      <ToggleButton value="password">Username and password</ToggleButton>
      <ToggleButton value="token">API token</ToggleButton>
    </ToggleButtonGroup>
  );
}
