import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { SubAccountCreateRequest } from '../../../contract/subaccount';
import { createSubAccountCall, useCreateSubAccount } from '../../api/subaccounts';
import { FormDialog } from '../../components/form-dialog';
import { useApiSubmit } from '../../components/form/use-api-failure';
import { FormCheckbox, FormSelect, FormTextInput } from '../../components/form/form-fields';
import { LabelFields } from '../../components/form/label-fields';
import {
  roleLabels,
  subAccountErrorMessage,
  subAccountFieldForError,
  subAccountFieldRules,
  subAccountFormDefaults,
  subAccountFormSchema,
  subAccountRoles,
} from './subaccount-form';
import type { SubAccountFormValues } from './subaccount-form';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } } as const;

interface CreateSubAccountDialogProps {
  onClose: () => void;
  onCreated: (username: string) => void;
}

export function CreateSubAccountDialog({ onClose, onCreated }: CreateSubAccountDialogProps) {
  const create = useCreateSubAccount();
  const { control, handleSubmit, setError } = useForm<
    SubAccountFormValues,
    unknown,
    SubAccountCreateRequest
  >({
    resolver: zodResolver(subAccountFormSchema, { error: subAccountErrorMessage }),
    defaultValues: subAccountFormDefaults,
  });
  // What "Create subaccount" sends with what is typed now, for the "API call" view.
  const parsed = subAccountFormSchema.safeParse(useWatch({ control }));

  const submission = useApiSubmit({ handleSubmit, setError }, create, {
    fieldOf: (error) => subAccountFieldForError(error.code),
    shouldFocus: true,
    onSuccess: (_account, body) => onCreated(body.sub_account.username),
  });

  const hint = (field: keyof typeof subAccountFieldRules) => subAccountFieldRules[field];
  return (
    <FormDialog
      title="Create a subaccount"
      submitLabel="Create subaccount"
      pendingLabel="Creating…"
      {...submission}
      failureTitle="The subaccount could not be created"
      onClose={onClose}
      apiCall={parsed.success ? createSubAccountCall(parsed.data) : null}
    >
      <Box sx={grid}>
        <FormTextInput
          control={control}
          name="username"
          label="Username"
          required
          autoComplete="off"
          hint={hint('username')}
        />
        <FormTextInput
          control={control}
          name="password"
          label="Password"
          type="password"
          required
          autoComplete="new-password"
          hint={hint('password')}
        />
        <FormTextInput control={control} name="first_name" label="First name" required />
        <FormTextInput control={control} name="last_name" label="Last name" required />
        <FormTextInput
          control={control}
          name="email"
          label="Email"
          type="email"
          required
          hint={hint('email')}
        />
        <FormTextInput
          control={control}
          name="phone"
          label="Phone"
          type="tel"
          required
          hint={hint('phone')}
        />
        <FormTextInput control={control} name="company" label="Company" />
        <FormTextInput
          control={control}
          name="country"
          label="Country"
          required
          hint={hint('country')}
        />
        <FormTextInput control={control} name="state" label="State" hint={hint('state')} />
        <FormTextInput
          control={control}
          name="language"
          label="Language"
          required
          hint={hint('language')}
        />
        <FormTextInput
          control={control}
          name="timezone"
          label="Time zone"
          required
          hint={hint('timezone')}
        />
        <FormSelect control={control} name="currency" label="Currency">
          <MenuItem value="">Same as the main account</MenuItem>
          {['EUR', 'GBP', 'USD', 'SGD'].map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </FormSelect>
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Access
        </Typography>
        <FormCheckbox
          control={control}
          name="allow_api"
          label="May use the API"
          hint="Needed to sign in to this panel with a password or to use API tokens."
        />
        <FormCheckbox control={control} name="allow_gui" label="May use the web control panel" />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Roles
        </Typography>
        {subAccountRoles.map((role) => (
          <FormCheckbox
            key={role}
            control={control}
            name={`roles.${role}`}
            label={roleLabels[role]}
          />
        ))}
      </Box>
      <LabelFields control={control} />
    </FormDialog>
  );
}
