import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import type { Control } from 'react-hook-form';
import type { CreateServerRequest } from '../../../contract/server';
import { serverGroupQueries } from '../../api/server-groups';
import { FormSelect } from '../../components/form/form-fields';
import type { CreateServerFormValues } from './create-server-form';

/** The create form's optional server group: the new server joins it (api-reference-notes §16.1). */
export function ServerGroupSelect({
  control,
}: {
  control: Control<CreateServerFormValues, unknown, CreateServerRequest>;
}) {
  const groups = useQuery(serverGroupQueries.list());
  return (
    <FormSelect
      control={control}
      name="serverGroup"
      label="Server group"
      hint="Optional. Its anti-affinity policy decides the host the server starts on."
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">None</MenuItem>
      {(groups.data ?? []).map((group) => (
        <MenuItem key={group.uuid} value={group.uuid}>
          {group.title}
        </MenuItem>
      ))}
    </FormSelect>
  );
}
