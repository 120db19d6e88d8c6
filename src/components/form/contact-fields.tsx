import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';
import Box from '@mui/material/Box';
import { FormCountrySelect, FormStateField } from './contact-pickers';
import { FormTextInput } from './form-fields';

/** Two fields a row on wider screens: a contact's details, an account's username and password. */
export const twoColumnGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { sm: '1fr 1fr' },
} as const;

/** One text field of a contact, by the name of its attribute. */
export interface ContactTextField {
  name: string;
  label: string;
  type?: 'email' | 'tel';
  required?: boolean;
  hint?: string;
  /** A two-line field across the whole row, such as an address. */
  multiline?: boolean;
}

interface Bound<Values extends FieldValues, Transformed> {
  control: Control<Values, unknown, Transformed>;
}

/**
 * A contact's text fields in the order given, then its country and, where the country has them,
 * its state: the attributes under `prefix` (such as "contact_details.") of the form's values.
 */
export function FormContactFields<Values extends FieldValues, Transformed>({
  control,
  fields,
  prefix = '',
  autoComplete,
}: Bound<Values, Transformed> & {
  fields: readonly ContactTextField[];
  prefix?: string;
  /** "off" where the contact is someone else's, so the browser does not offer the user's own. */
  autoComplete?: string;
}) {
  const name = (field: string) => `${prefix}${field}` as Path<Values>;
  const country = useWatch({ control, name: name('country') }) as string;
  return (
    <>
      {fields.map(({ name: field, multiline, ...input }) => {
        const textField: ReactNode = (
          <FormTextInput
            key={field}
            control={control}
            name={name(field)}
            {...input}
            {...(multiline ? { multiline, minRows: 2 } : {})}
            autoComplete={autoComplete}
          />
        );
        return multiline ? (
          <Box key={field} sx={{ gridColumn: { sm: '1 / -1' } }}>
            {textField}
          </Box>
        ) : (
          textField
        );
      })}
      <FormCountrySelect control={control} name={name('country')} label="Country" required />
      <FormStateField control={control} name={name('state')} country={country} />
    </>
  );
}

/** A new account's username and password, with the rules of the service that makes it. */
export function FormCredentialFields<Values extends FieldValues, Transformed>({
  control,
  hints,
}: Bound<Values, Transformed> & { hints: { username?: ReactNode; password?: ReactNode } }) {
  return (
    <Box sx={twoColumnGrid}>
      <FormTextInput
        control={control}
        name={'username' as Path<Values>}
        label="Username"
        required
        autoComplete="off"
        hint={hints.username}
      />
      <FormTextInput
        control={control}
        name={'password' as Path<Values>}
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        hint={hints.password}
      />
    </Box>
  );
}
