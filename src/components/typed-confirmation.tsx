import TextField from '@mui/material/TextField';

interface TypedConfirmationProps {
  /** What the user must type, exactly (a resource's name, a count, or "delete"). */
  expected: string;
  value: string;
  onChange: (value: string) => void;
  /** Words naming what is typed, e.g. "the storage’s title". */
  what?: string;
  disabled?: boolean;
}

/** Whether the typed text confirms: the exact text, case and spaces included. */
export const isConfirmed = (expected: string, typed: string) => typed === expected;

/**
 * Asks for the resource's name before an irreversible action, so a slip of the mouse cannot
 * delete the wrong thing; the caller keeps its confirm button disabled until `isConfirmed`.
 */
export function TypedConfirmation({
  expected,
  value,
  onChange,
  what = 'the name',
  disabled,
}: TypedConfirmationProps) {
  const mismatch = value !== '' && !isConfirmed(expected, value);
  return (
    <TextField
      size="small"
      fullWidth
      autoComplete="off"
      label={`Type “${expected}” to confirm`}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      error={mismatch}
      helperText={mismatch ? `This does not match ${what}.` : `Enter ${what} exactly as shown.`}
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
    />
  );
}
