import { z } from 'zod/mini';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ApiErrorAlert } from '../components/api-error-alert';
import { TextInput } from '../components/form/text-input';
import { useAuth } from './use-auth';
import { useSignInForm } from './use-sign-in-form';

const passwordFormSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Enter your username.')),
  password: z.string().check(z.minLength(1, 'Enter your password.')),
});

interface PasswordSignInFormProps {
  /** Signing in again in a dialog: the account's username and what to do with the password. */
  username?: string;
  signIn?: (username: string, password: string) => Promise<void>;
}

export function PasswordSignInForm({ username = '', signIn }: PasswordSignInFormProps) {
  const { signInWithPassword } = useAuth();
  const form = useSignInForm(passwordFormSchema, { username, password: '' }, (values) =>
    (signIn ?? signInWithPassword)(values.username, values.password),
  );

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <Stack spacing={3}>
        <Alert severity="warning" role="note">
          <AlertTitle>Discouraged</AlertTitle>
          Password sign-in uses HTTP Basic authentication, which the API will deprecate and later
          disable. The panel uses your password once to create an 8-hour session token and does not
          keep the password. API access must be enabled for the account; an API subaccount is
          recommended.
        </Alert>
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={form.values.username}
          onChange={(event) => form.setValue('username', event.target.value)}
          error={form.fieldErrors.username !== undefined}
          helperText={form.fieldErrors.username}
        />
        <TextInput
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.target.value)}
          error={form.fieldErrors.password !== undefined}
          helperText={form.fieldErrors.password}
        />
        {form.failure && (
          <ApiErrorAlert
            error={form.failure}
            title={
              form.failure.status === 401
                ? 'The username or password is not accepted'
                : 'Signing in failed'
            }
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={form.pending}>
          {form.pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </Stack>
    </form>
  );
}
