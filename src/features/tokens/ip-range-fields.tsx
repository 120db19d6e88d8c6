import { Controller } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../components/form/text-input';
import type { TokenCreateRequest } from '../../../contract/tokens';
import type { CreateTokenFormValues } from './create-token-form';
import { FormCheckbox } from '../../components/form/form-fields';

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
        <Controller
          name="ipRanges"
          control={control}
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label="Allowed IP ranges"
              multiline
              minRows={3}
              error={fieldState.invalid}
              helperText={
                fieldState.error?.message ??
                'One per line: an address (192.0.2.10), a CIDR block (2001:db8::/32) or a range (192.0.2.1-192.0.2.50). Leave it empty to block the token from every address.'
              }
              inputProps={{ spellCheck: false }}
              sx={{ fontFamily: 'monospace' }}
            />
          )}
        />
      )}
    </Stack>
  );
}
