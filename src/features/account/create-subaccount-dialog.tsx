import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { SubAccountCreateRequest } from '../../../contract/subaccount';
import { createSubAccountCall, useCreateSubAccount } from '../../api/subaccounts';
import { FormDialog } from '../../components/form-dialog';
import { useApiSubmit } from '../../components/form/use-api-failure';
import { FormCredentialFields } from '../../components/form/contact-fields';
import { LabelFields } from '../../components/form/label-fields';
import { useRequestPreview } from '../../components/form/use-request-preview';
import {
  subAccountErrorMessage,
  subAccountFieldForError,
  subAccountFieldRules,
  subAccountFormDefaults,
  subAccountFormSchema,
} from './subaccount-form';
import { SubAccountFields } from './subaccount-fields';
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
  const preview = useRequestPreview(subAccountFormSchema, control, createSubAccountCall);

  const submission = useApiSubmit({ handleSubmit, setError }, create, {
    fieldOf: (error) => subAccountFieldForError(error.code),
    shouldFocus: true,
    onSuccess: (_account, body) => onCreated(body.sub_account.username),
  });

  return (
    <FormDialog
      title="Create a subaccount"
      submitLabel="Create subaccount"
      pendingLabel="Creating…"
      {...submission}
      failureTitle="The subaccount could not be created"
      onClose={onClose}
      apiCall={preview}
    >
      <FormCredentialFields control={control} hints={subAccountFieldRules} />
      <SubAccountFields control={control} />
      <LabelFields control={control} />
    </FormDialog>
  );
}
