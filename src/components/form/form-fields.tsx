import { useId } from 'react';
import type { ReactNode } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { Controller, useController } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { TextInput } from './text-input';
import type { TextInputProps } from './text-input';

interface Bound<Values extends FieldValues, Transformed> {
  /** A form whose resolver turns `Values` into `Transformed` (a contract request) is fine too. */
  control: Control<Values, unknown, Transformed>;
  name: Path<Values>;
  /** Shown below the field until a validation or server error takes its place. */
  hint?: ReactNode;
}

type Controlled = 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'ref';

/** A react-hook-form field as a TextInput, with its error (or hint) below it. */
export function FormTextInput<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  hint,
  ...input
}: Bound<Values, Transformed> & Omit<TextInputProps, Controlled>) {
  const { field, shown } = useBound({ control, name, hint });
  return <TextInput {...field} {...input} {...shown} />;
}

/** A bound field's props, and its error (or else its hint) as a text field shows them. */
function useBound<Values extends FieldValues, Transformed>({
  control,
  name,
  hint,
}: Bound<Values, Transformed>) {
  const { field, fieldState } = useController({ control, name });
  const shown = { error: fieldState.invalid, helperText: fieldState.error?.message ?? hint };
  return { field, shown };
}

/**
 * A react-hook-form field as a select; its options are the MenuItem children. `onChosen` runs
 * after the form has taken a choice the user made (to reset fields that depend on it).
 */
export function FormSelect<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  hint,
  onChosen,
  children,
  ...select
}: Bound<Values, Transformed> &
  Omit<TextFieldProps, Controlled | 'select'> & { onChosen?: (value: string) => void }) {
  const { field, shown } = useBound({ control, name, hint });
  return (
    <TextField
      {...field}
      {...select}
      onChange={(event) => {
        field.onChange(event);
        onChosen?.(event.target.value);
      }}
      select
      {...shown}
    >
      {children}
    </TextField>
  );
}

/** A react-hook-form boolean as a labelled checkbox; the hint, if any, describes it. */
export function FormCheckbox<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  hint,
  label,
}: Bound<Values, Transformed> & { label: ReactNode }) {
  const hintId = useId();
  const checkbox = (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, ...field } }) => (
        <FormControlLabel
          control={
            <Checkbox
              {...field}
              checked={Boolean(value)}
              onChange={(event) => onChange(event.target.checked)}
              slotProps={{ input: hint ? { 'aria-describedby': hintId } : {} }}
            />
          }
          label={label}
        />
      )}
    />
  );
  if (!hint) return checkbox;
  return (
    <Stack spacing={1}>
      {checkbox}
      <FormHelperText id={hintId} sx={{ mt: 0 }}>
        {hint}
      </FormHelperText>
    </Stack>
  );
}
