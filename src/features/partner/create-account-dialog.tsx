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
import { useApiSubmit } from '../../components/form/use-api-failure';
import { FormCheckbox, FormTextInput } from '../../components/form/form-fields';
import { FormCountrySelect, FormStateField } from '../../components/form/contact-pickers';
import { useZodForm } from '../../components/form/use-zod-form';

interface CreateAccountDialogProps {
  onClose: () => void;
  onCreated: (account: PartnerAccount) => void;
}

/** The create body of api-rules §4.9, with every rule checked here before anything is sent. */
export function CreateAccountDialog({ onClose, onCreated }: CreateAccountDialogProps) {
  const createAccount = useCreatePartnerAccount();
  const { control, handleSubmit, getValues, setError } = useZodForm(
    partnerAccountFormSchema,
    emptyPartnerAccountForm(),
  );
  const copyContact = useWatch({ control, name: 'copy_partner_contact' });
  const country = useWatch({ control, name: 'contact_details.country' });
  // What "Create account" sends with what is typed now, for the "API call" view.
  const parsed = partnerAccountFormSchema.safeParse(useWatch({ control }));

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
      apiCall={
        parsed.success ? createPartnerAccountCall(toPartnerAccountCreateRequest(parsed.data)) : null
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <FormTextInput
          control={control}
          name="username"
          label="Username"
          required
          autoComplete="off"
          hint="4 to 64 lowercase letters and digits; single underscores may join them."
        />
        <FormTextInput
          control={control}
          name="password"
          label="Password"
          type="password"
          required
          autoComplete="new-password"
          hint="8 to 256 characters with a lowercase letter, an uppercase letter and a digit."
        />
      </Box>
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
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
            <FormTextInput
              control={control}
              name="contact_details.first_name"
              label="First name"
              required
              autoComplete="off"
            />
            <FormTextInput
              control={control}
              name="contact_details.last_name"
              label="Last name"
              required
              autoComplete="off"
            />
            <FormTextInput
              control={control}
              name="contact_details.email"
              label="Email"
              type="email"
              required
              autoComplete="off"
            />
            <FormTextInput
              control={control}
              name="contact_details.phone"
              label="Phone"
              required
              autoComplete="off"
              hint="+<country code>.<number>, for example +358.401234567"
            />
            <FormTextInput
              control={control}
              name="contact_details.company"
              label="Company"
              autoComplete="off"
            />
            <FormTextInput
              control={control}
              name="contact_details.vat_number"
              label="VAT number"
              autoComplete="off"
              hint="In the format of the chosen country."
            />
            <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
              <FormTextInput
                control={control}
                name="contact_details.address"
                label="Address"
                multiline
                minRows={2}
                autoComplete="off"
                hint="One or two lines."
              />
            </Box>
            <FormTextInput
              control={control}
              name="contact_details.postal_code"
              label="Postal code"
              autoComplete="off"
            />
            <FormTextInput
              control={control}
              name="contact_details.city"
              label="City"
              autoComplete="off"
            />
            <FormCountrySelect
              control={control}
              name="contact_details.country"
              label="Country"
              required
            />
            <FormStateField control={control} name="contact_details.state" country={country} />
          </Box>
        </Stack>
      )}
    </FormDialog>
  );
}
