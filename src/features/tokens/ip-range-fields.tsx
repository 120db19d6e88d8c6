import type { Control } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import type { TokenCreateRequest } from '../../../contract/tokens';
import type { CreateTokenFormValues } from './create-token-form';
import { FormCheckbox, FormTextInput } from '../../components/form/form-fields';

interface IpRangeFieldsProps {
  control: Control<CreateTokenFormValues, unknown, TokenCreateRequest>;
  anyAddress: boolean;
}

export function IpRangeFields({ control, anyAddress }: IpRangeFieldsProps) {
  return (
    <Stack spacing={1}>
      <FormCheckbox
        control={control}
        name="anyAddress"
        label="Allow from any address"
        hint="Your account’s IP filters still apply when it has any."
      />
      {!anyAddress && (
        <FormTextInput
          control={control}
          name="ipRanges"
          label="Allowed IP ranges"
          multiline
          minRows={3}
          hint="One per line: an address (192.0.2.10), a CIDR block (2001:db8::/32) or a range (192.0.2.1-192.0.2.50). Leave it empty to block the token from every address."
          inputProps={{ spellCheck: false }}
          sx={{ fontFamily: 'monospace' }}
        />
      )}
    </Stack>
  );
}
