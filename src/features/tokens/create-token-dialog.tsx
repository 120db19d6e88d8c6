import { useWatch } from 'react-hook-form';
import type { CreatedToken } from '../../../contract/tokens';
import { createTokenCall, useCreateToken } from '../../api/tokens';
import { FormDialog } from '../../components/form-dialog';
import type { CreateDialogProps } from '../../components/form-dialog';
import { useApiSubmit } from '../../components/form/use-api-failure';
import { IpRangeFields } from './ip-range-fields';
import {
  createTokenFormDefaults,
  createTokenFormSchema,
  expiryChoiceLabels,
  expiryChoiceSchema,
  fieldForErrorCode,
} from './create-token-form';
import { FormCheckbox, FormSelect, FormTextInput } from '../../components/form/form-fields';
import { useRequestPreview } from '../../components/form/use-request-preview';
import { useZodForm } from '../../components/form/use-zod-form';
import { labelledOptions } from '../../components/labelled-options';

export function CreateTokenDialog({ onClose, onCreated }: CreateDialogProps<CreatedToken>) {
  const createToken = useCreateToken();
  const { control, handleSubmit, getValues, setError } = useZodForm(
    createTokenFormSchema,
    createTokenFormDefaults,
  );
  const expiry = useWatch({ control, name: 'expiry' });
  const anyAddress = useWatch({ control, name: 'anyAddress' });

  const preview = useRequestPreview(createTokenFormSchema, control, createTokenCall);

  const submission = useApiSubmit({ handleSubmit, setError }, createToken, {
    fieldOf: (error) => fieldForErrorCode(error.code, getValues()),
    onSuccess: onCreated,
  });

  return (
    <FormDialog
      title="Create an API token"
      submitLabel="Create token"
      pendingLabel="Creating…"
      {...submission}
      failureTitle="The token could not be created"
      onClose={onClose}
      apiCall={preview}
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
