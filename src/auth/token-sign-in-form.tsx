import { z } from 'zod/mini';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ApiErrorAlert } from '../components/api-error-alert';
import { TextInput } from '../components/form/text-input';
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
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <Stack spacing={3}>
        <TextInput
          label="API token"
          name="token"
          type="password"
          autoComplete="off"
          required
          value={form.values.token}
          onChange={(event) => form.setValue('token', event.target.value)}
          error={form.fieldErrors.token !== undefined}
          helperText={
            form.fieldErrors.token ??
            'A token such as ucat_…, created in the panel, with the API or with a command-line client.'
          }
          inputProps={{ spellCheck: false }}
        />
        {form.failure && (
          <ApiErrorAlert
            error={form.failure}
            title={
              form.failure.status === 401 ? 'The API token is not accepted' : 'Signing in failed'
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
