import { z } from 'zod/mini';
import { SignInField, SignInForm } from './sign-in-form';
import { useAuth } from './use-auth';
import { useSignInForm } from './use-sign-in-form';

const tokenFormSchema = z.object({
  token: z.string().check(z.trim(), z.minLength(1, 'Enter an API token.')),
});

export function TokenSignInForm({ signIn }: { signIn?: (token: string) => Promise<void> }) {
  const { signInWithToken } = useAuth();
  const form = useSignInForm(tokenFormSchema, { token: '' }, ({ token }) =>
    (signIn ?? signInWithToken)(token),
  );

  return (
    <SignInForm form={form} refused="The API token is not accepted">
      <SignInField
        form={form}
        name="token"
        label="API token"
        type="password"
        autoComplete="off"
        hint="A token such as ucat_…, created in the panel, with the API or with a command-line client."
        inputProps={{ spellCheck: false }}
      />
    </SignInForm>
  );
}
