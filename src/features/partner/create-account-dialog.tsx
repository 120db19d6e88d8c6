import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  emptyPartnerAccountForm,
  partnerAccountFormSchema,
  partnerFormFieldOfCode,
  toPartnerAccountCreateRequest,
} from '../../../contract/partner';
import type { PartnerAccount } from '../../../contract/partner';
import { createPartnerAccountCall, useCreatePartnerAccount } from '../../api/partner';
import { FormDialog } from '../../components/form-dialog';
import type { CreateDialogProps } from '../../components/form-dialog';
import { useApiSubmit } from '../../components/form/use-api-failure';
import { FormCheckbox } from '../../components/form/form-fields';
import {
  FormContactFields,
  FormCredentialFields,
  twoColumnGrid,
} from '../../components/form/contact-fields';
import type { ContactTextField } from '../../components/form/contact-fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { useRequestPreview } from '../../components/form/use-request-preview';

const customerContact: ContactTextField[] = [
  { name: 'first_name', label: 'First name', required: true },
  { name: 'last_name', label: 'Last name', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  {
    name: 'phone',
    label: 'Phone',
    required: true,
    hint: '+<country code>.<number>, for example +358.401234567',
  },
  { name: 'company', label: 'Company' },
  { name: 'vat_number', label: 'VAT number', hint: 'In the format of the chosen country.' },
  { name: 'address', label: 'Address', multiline: true, hint: 'One or two lines.' },
  { name: 'postal_code', label: 'Postal code' },
  { name: 'city', label: 'City' },
];

/** The create body of api-rules §4.9, with every rule checked here before anything is sent. */
export function CreateAccountDialog({ onClose, onCreated }: CreateDialogProps<PartnerAccount>) {
  const createAccount = useCreatePartnerAccount();
  const { control, handleSubmit, getValues, setError } = useZodForm(
    partnerAccountFormSchema,
    emptyPartnerAccountForm(),
  );
  const copyContact = useWatch({ control, name: 'copy_partner_contact' });
  const preview = useRequestPreview(partnerAccountFormSchema, control, (values) =>
    createPartnerAccountCall(toPartnerAccountCreateRequest(values)),
  );

  const submission = useApiSubmit({ handleSubmit, setError }, createAccount, {
    fieldOf: (error) => {
      const field = partnerFormFieldOfCode(error.code);
      const hidden = field?.startsWith('contact_details.') && getValues('copy_partner_contact');
      return hidden ? null : field;
    },
    shouldFocus: true,
    request: toPartnerAccountCreateRequest,
    onSuccess: onCreated,
  });

  return (
    <FormDialog
      title="Create a customer account"
      submitLabel="Create account"
      pendingLabel="Creating…"
      {...submission}
      failureTitle="The account could not be created"
      maxWidth="md"
      onClose={onClose}
      apiCall={preview}
    >
      <FormCredentialFields
        control={control}
        hints={{
          username: '4 to 64 lowercase letters and digits; single underscores may join them.',
          password: '8 to 256 characters with a lowercase letter, an uppercase letter and a digit.',
        }}
      />
      <FormCheckbox
        control={control}
        name="copy_partner_contact"
        label="Use my contact details"
        hint="The new account gets your name, address, phone, email and VAT number. Clear this to enter the customer's own."
      />
      {!copyContact && (
        <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
            Customer contact details
          </Typography>
          <Box sx={twoColumnGrid}>
            <FormContactFields
              control={control}
              fields={customerContact}
              prefix="contact_details."
              autoComplete="off"
            />
          </Box>
        </Stack>
      )}
    </FormDialog>
  );
}
