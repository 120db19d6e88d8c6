import { z } from 'zod/mini';
import Alert from '@mui/material/Alert';
import { SignInField, SignInForm } from './sign-in-form';
import { useAuth } from './use-auth';
import { useSignInForm } from './use-sign-in-form';

const passwordFormSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Enter your username.')),
  password: z.string().check(z.minLength(1, 'Enter your password.')),
});

interface PasswordSignInFormProps {
  /** Signing in again in a dialog: the account's username and what to do with the password. */
  username?: string;
  /** A sandbox demo account's, chosen on the sign-in page. */
  password?: string;
  signIn?: (username: string, password: string) => Promise<void>;
}

export function PasswordSignInForm({
  username = '',
  password = '',
  signIn,
}: PasswordSignInFormProps) {
  const { signInWithPassword } = useAuth();
  const form = useSignInForm(passwordFormSchema, { username, password }, (values) =>
    (signIn ?? signInWithPassword)(values.username, values.password),
  );

  return (
    <SignInForm form={form} refused="The username or password is not accepted">
      <SignInField form={form} name="username" label="Username" autoComplete="username" />
      <SignInField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <Alert severity="info" role="note">
        Password sign-in uses HTTP Basic authentication, which the API will deprecate and later
        disable. The panel uses your password once to create an 8-hour session token and does not
        keep the password. API access must be enabled for the account; an API subaccount is
        recommended.
      </Alert>
    </SignInForm>
  );
}
