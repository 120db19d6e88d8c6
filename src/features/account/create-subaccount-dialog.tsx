import { createSubAccountCall, useCreateSubAccount } from '../../api/subaccounts';
import { createOrEditWords, FormDialog } from '../../components/form-dialog';
import type { CreateDialogProps } from '../../components/form-dialog';
import { FormCredentialFields } from '../../components/form/contact-fields';
import { LabelFields } from '../../components/form/label-fields';
import { useRequestForm } from '../../components/form/use-request-form';
import {
  subAccountErrorMessage,
  subAccountFieldForError,
  subAccountFieldRules,
  subAccountFormDefaults,
  subAccountFormSchema,
} from './subaccount-form';
import { SubAccountFields } from './subaccount-fields';

export function CreateSubAccountDialog({ onClose, onCreated }: CreateDialogProps<string>) {
  const create = useCreateSubAccount();
  const { control, submission } = useRequestForm(subAccountFormSchema, subAccountFormDefaults, {
    mutation: create,
    errorMessage: subAccountErrorMessage,
    call: createSubAccountCall,
    fieldOf: (error) => subAccountFieldForError(error.code),
    shouldFocus: true,
    onSuccess: (_account, body) => onCreated(body.sub_account.username),
  });

  return (
    <FormDialog {...createOrEditWords('subaccount')} {...submission} onClose={onClose}>
      <FormCredentialFields control={control} hints={subAccountFieldRules} />
      <SubAccountFields control={control} />
      <LabelFields control={control} />
    </FormDialog>
  );
}
