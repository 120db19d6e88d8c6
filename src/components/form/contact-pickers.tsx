import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import type { FieldValues } from 'react-hook-form';
import { usStates } from '../../../contract/countries';
import { FormSelect, FormTextInput } from './form-fields';
import { countryOptions, languageOptions, timeZoneOptions } from './contact-options';
import type { ChoiceOption } from './contact-options';

/** A native select: long lists open fast and are searchable by typing, on phones too. */
export const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

type PickerProps<Values extends FieldValues, Transformed> = Omit<
  Parameters<typeof FormSelect<Values, Transformed>>[0],
  'children'
> & { placeholder?: string };

function OptionSelect<Values extends FieldValues, Transformed>({
  options,
  placeholder,
  ...select
}: PickerProps<Values, Transformed> & { options: ChoiceOption[] }) {
  // Hundreds of options: made once, not again on every keystroke elsewhere in the form.
  const items = useMemo(
    () =>
      options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.label}
        </option>
      )),
    [options],
  );
  return (
    <FormSelect {...select} fullWidth slotProps={nativeSelect}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {items}
    </FormSelect>
  );
}

/** An ISO 3166-1 alpha-3 country, chosen by name. */
export function FormCountrySelect<Values extends FieldValues, Transformed = Values>(
  props: PickerProps<Values, Transformed>,
) {
  return <OptionSelect placeholder="Choose a country" {...props} options={countryOptions()} />;
}

const usStateOptions = Object.entries(usStates).map(([code, name]) => ({
  code,
  label: `${name} (${code})`,
}));

/** The state of an address: a U.S. state by name for the USA, free text elsewhere. */
export function FormStateField<Values extends FieldValues, Transformed = Values>({
  country,
  ...props
}: Pick<PickerProps<Values, Transformed>, 'control' | 'name'> & { country: string }) {
  return country === 'USA' ? (
    <OptionSelect
      {...props}
      label="State"
      required
      placeholder="Choose a state"
      options={usStateOptions}
    />
  ) : (
    <FormTextInput {...props} label="State or region" autoComplete="off" />
  );
}

/** A two-letter language, chosen by name; `current` stays choosable when not a common one. */
export function FormLanguageSelect<Values extends FieldValues, Transformed = Values>({
  current,
  ...props
}: PickerProps<Values, Transformed> & { current?: string }) {
  const options = useMemo(() => languageOptions(current), [current]);
  return <OptionSelect {...props} options={options} />;
}

/**
 * An IANA time zone from the browser's list, found by typing (some 400 of them); `current` stays
 * choosable when the list lacks it.
 */
export function FormTimeZoneSelect<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  label,
  required,
  current,
}: Pick<PickerProps<Values, Transformed>, 'control' | 'name' | 'label' | 'required'> & {
  current?: string;
}) {
  const zones = useMemo(() => timeZoneOptions(current), [current]);
  const { field, fieldState } = useController({ control, name });
  return (
    <Autocomplete
      options={zones}
      value={(field.value as string) || null}
      onChange={(_event, zone) => field.onChange(zone ?? '')}
      onBlur={field.onBlur}
      getOptionLabel={(zone) => zone.replaceAll('_', ' ')}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={label}
          required={required}
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
