import { useId } from 'react';
import type { ReactNode, Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { OutlinedInputProps } from '@mui/material/OutlinedInput';

export type TextInputProps = Omit<OutlinedInputProps, 'label' | 'inputRef' | 'ref'> & {
  label: string;
  helperText?: ReactNode;
  /** For inputs that always show a value or a format hint, such as date and time. */
  shrinkLabel?: boolean;
  /** Lands on the <input> so react-hook-form can focus the first invalid field. */
  ref?: Ref<HTMLInputElement>;
};

/**
 * An outlined text field for forms. MUI's TextField also bundles Select, Menu, Popover, Modal and
 * the filled and standard inputs (about 15 KB gzip), which the sign-in page's budget cannot carry.
 */
export function TextInput({
  label,
  helperText,
  shrinkLabel,
  error,
  required,
  fullWidth = true,
  id,
  ref,
  ...input
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl error={error} required={required} fullWidth={fullWidth} variant="outlined">
      <InputLabel htmlFor={inputId} shrink={shrinkLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={label}
        notched={shrinkLabel}
        inputRef={ref}
        aria-describedby={helperText ? helperId : undefined}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
