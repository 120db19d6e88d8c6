import { useId } from 'react';
import { Controller } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../components/form/text-input';
import type { TokenCreateRequest } from '../../../contract/tokens';
import type { CreateTokenFormValues } from './create-token-form';

interface IpRangeFieldsProps {
  control: Control<CreateTokenFormValues, unknown, TokenCreateRequest>;
  anyAddress: boolean;
}

export function IpRangeFields({ control, anyAddress }: IpRangeFieldsProps) {
  const anyAddressHelpId = useId();
  return (
    <Stack spacing={1}>
      <Controller
        name="anyAddress"
        control={control}
        render={({ field: { value, onChange, ...field } }) => (
          <FormControlLabel
            control={
              <Checkbox
                {...field}
                checked={value}
                onChange={(event) => onChange(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': anyAddressHelpId } }}
              />
            }
            label="Allow from any address"
          />
        )}
      />
      <FormHelperText id={anyAddressHelpId} sx={{ mt: 0 }}>
        Your account’s IP filters still apply when it has any.
      </FormHelperText>
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
