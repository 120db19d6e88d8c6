import { useWatch } from 'react-hook-form';
import type { CreatedToken } from '../../../contract/tokens';
import { createTokenCall, useCreateToken } from '../../api/tokens';
import { FormDialog } from '../../components/form-dialog';
import { useRequestForm } from '../../components/form/use-request-form';
import { IpRangeFields } from './ip-range-fields';
import {
  createTokenFormDefaults,
  createTokenFormSchema,
  expiryChoiceLabels,
  expiryChoiceSchema,
  fieldForErrorCode,
} from './create-token-form';
import { FormCheckbox, FormSelect, FormTextInput } from '../../components/form/form-fields';
import { labelledOptions } from '../../components/labelled-options';

interface CreateTokenDialogProps {
  onClose: () => void;
  onCreated: (token: CreatedToken) => void;
}

export function CreateTokenDialog({ onClose, onCreated }: CreateTokenDialogProps) {
  const createToken = useCreateToken();
  const { control, submission } = useRequestForm(createTokenFormSchema, createTokenFormDefaults, {
    mutation: createToken,
    call: createTokenCall,
    fieldOf: (error, values) => fieldForErrorCode(error.code, values),
    onSuccess: onCreated,
  });
  const expiry = useWatch({ control, name: 'expiry' });
  const anyAddress = useWatch({ control, name: 'anyAddress' });

  return (
    <FormDialog
      title="Create an API token"
      submitLabel="Create token"
      pendingLabel="Creating…"
      {...submission}
      failureTitle="The token could not be created"
      onClose={onClose}
    >
      <FormTextInput
        control={control}
        name="name"
        label="Name"
        required
        hint="Say what uses the token, such as a script or tool."
      />
      <FormSelect control={control} name="expiry" label="Expires after">
        {labelledOptions(expiryChoiceSchema.options, expiryChoiceLabels)}
      </FormSelect>
      {expiry === 'custom' && (
        <FormTextInput
          control={control}
          name="customDuration"
          label="Duration"
          required
          hint="Hours, minutes and seconds, such as 36h, 1h30m or 15m; at most one year."
        />
      )}
      {expiry === 'date' && (
        <FormTextInput
          control={control}
          name="expiresAt"
          type="datetime-local"
          label="Expires at"
          required
          shrinkLabel
          hint="In your local time; at most one year ahead."
        />
      )}
      <IpRangeFields control={control} anyAddress={anyAddress} />
      <FormCheckbox
        control={control}
        name="canCreateTokens"
        label="Can create tokens"
        hint="Lets whoever holds this token create further tokens."
      />
    </FormDialog>
  );
}
