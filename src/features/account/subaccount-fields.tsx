import type { Control, FieldValues, Path } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { subAccountCurrencies } from '../../../contract/subaccount';
import { FormLanguageSelect, FormTimeZoneSelect } from '../../components/form/contact-pickers';
import { FormContactFields, twoColumnGrid } from '../../components/form/contact-fields';
import type { ContactTextField } from '../../components/form/contact-fields';
import { FieldGroup } from '../../components/form/field-group';
import { FormCheckbox, FormSelect } from '../../components/form/form-fields';
import { roleLabels, subAccountFieldRules, subAccountRoles } from './subaccount-form';
import type { SubAccountFormValues, SubAccountRole } from './subaccount-form';

const subAccountContact: ContactTextField[] = [
  { name: 'first_name', label: 'First name', required: true },
  { name: 'last_name', label: 'Last name', required: true },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    required: true,
    hint: subAccountFieldRules.email,
  },
  { name: 'phone', label: 'Phone', type: 'tel', required: true, hint: subAccountFieldRules.phone },
  { name: 'company', label: 'Company' },
];

type Shared = Pick<
  SubAccountFormValues,
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'company'
  | 'country'
  | 'state'
  | 'language'
  | 'timezone'
  | 'currency'
  | 'allow_api'
  | 'allow_gui'
>;
type SharedName = keyof Shared | `roles.${SubAccountRole}`;

interface SubAccountFieldsProps<Values extends FieldValues, Transformed> {
  control: Control<Values, unknown, Transformed>;
  /** The account's language and time zone, kept choosable when the lists lack them. */
  current?: { language: string; timezone: string };
}

/**
 * The contact details, settings, access switches and roles of a subaccount: the fields the
 * create and edit dialogs share, with pickers where the API wants a code.
 */
export function SubAccountFields<Values extends Shared & FieldValues, Transformed>({
  control,
  current,
}: SubAccountFieldsProps<Values, Transformed>) {
  const name = (field: SharedName) => field as Path<Values>;
  return (
    <>
      <Box sx={twoColumnGrid}>
        <FormContactFields control={control} fields={subAccountContact} />
        <FormLanguageSelect
          control={control}
          name={name('language')}
          label="Language"
          required
          current={current?.language}
        />
        <FormTimeZoneSelect
          control={control}
          name={name('timezone')}
          label="Time zone"
          required
          current={current?.timezone}
        />
        <FormSelect control={control} name={name('currency')} label="Currency">
          <MenuItem value="">Same as the main account</MenuItem>
          {subAccountCurrencies.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </FormSelect>
      </Box>
      <FieldGroup legend="Access">
        <FormCheckbox
          control={control}
          name={name('allow_api')}
          label="May use the API"
          hint="Needed to sign in to this panel with a password or to use API tokens."
        />
        <FormCheckbox
          control={control}
          name={name('allow_gui')}
          label="May use the web control panel"
        />
      </FieldGroup>
      <FieldGroup legend="Roles">
        {subAccountRoles.map((role) => (
          <FormCheckbox
            key={role}
            control={control}
            name={name(`roles.${role}`)}
            label={roleLabels[role]}
          />
        ))}
      </FieldGroup>
    </>
  );
}
