import MenuItem from '@mui/material/MenuItem';

/**
 * A select's options: one for each of `values`, in their order, named by `labels`. `disabled`
 * turns off the choices a rule forbids now.
 */
export function labelledOptions<Value extends string>(
  values: readonly Value[],
  labels: Readonly<Record<Value, string>>,
  disabled?: (value: Value) => boolean,
) {
  return values.map((value) => (
    <MenuItem key={value} value={value} disabled={disabled?.(value)}>
      {labels[value]}
    </MenuItem>
  ));
}
