import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

export interface AccessOption {
  /** A UUID or tag name, or `*` for every resource of the kind. */
  value: string;
  label: string;
}

interface AccessPickerProps<Values extends FieldValues, Transformed> {
  control: Control<Values, unknown, Transformed>;
  name: Path<Values>;
  label: string;
  /** The resources to choose from, by name; `*` is offered first as `allLabel`. */
  options: AccessOption[];
  allLabel: string;
  loading: boolean;
}

/**
 * A list of resources a subaccount may reach, chosen by name. A value the list does not name
 * (a resource of another zone, one deleted since) stays, shown as it is.
 */
export function AccessPicker<Values extends FieldValues, Transformed>({
  control,
  name,
  label,
  options,
  allLabel,
  loading,
}: AccessPickerProps<Values, Transformed>) {
  const choices = ['*', ...options.map((option) => option.value)];
  const labels = new Map([['*', allLabel], ...options.map((o) => [o.value, o.label] as const)]);
  const labelOf = (value: string) => labels.get(value) ?? value;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Autocomplete
          multiple
          options={choices}
          value={field.value as string[]}
          onChange={(_event, values) => field.onChange(values)}
          onBlur={field.onBlur}
          getOptionLabel={labelOf}
          loading={loading}
          renderValue={(values, getItemProps) =>
            values.map((value, index) => {
              const { key, ...item } = getItemProps({ index });
              return <Chip key={key} size="small" label={labelOf(value)} title={value} {...item} />;
            })
          }
          renderInput={(params) => <TextField {...params} inputRef={field.ref} label={label} />}
        />
      )}
    />
  );
}
