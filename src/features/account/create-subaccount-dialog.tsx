import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import type { SubAccountCreateRequest } from '../../../contract/subaccount';
import { createSubAccountCall, useCreateSubAccount } from '../../api/subaccounts';
import { FormDialog } from '../../components/form-dialog';
import { useApiSubmit } from '../../components/form/use-api-failure';
import { FormTextInput } from '../../components/form/form-fields';
import { LabelFields } from '../../components/form/label-fields';
import {
  subAccountErrorMessage,
  subAccountFieldForError,
  subAccountFieldRules,
  subAccountFormDefaults,
  subAccountFormSchema,
} from './subaccount-form';
import { formGrid, SubAccountFields } from './subaccount-fields';
import type { SubAccountFormValues } from './subaccount-form';

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
      <Box sx={formGrid}>
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
      </Box>
      <SubAccountFields control={control} />
      <LabelFields control={control} />
    </FormDialog>
  );
}
