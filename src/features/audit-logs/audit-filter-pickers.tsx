import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AuditFilterOptions } from '../../../contract/audit-log';
import type { AuditLogView } from './audit-log-params';
import { pickers, pickerText, pickerWidth } from './picker-size';

interface FilterPickersProps {
  view: AuditLogView;
  options: AuditFilterOptions | undefined;
  onChange: (changes: Record<string, string[]>) => void;
}

/** The actions, resource types and origins to list: any of each (api-reference-notes §12). */
export function FilterPickers({ view, options, onChange }: FilterPickersProps) {
  const choices = {
    action: options?.actions,
    type: options?.resource_types,
    origin: options?.origins,
  };
  return pickers.map(({ label, values, param }) => (
    <MultiSelect
      key={param}
      label={label}
      value={values(view)}
      choices={choices[param]}
      onChange={(next) => onChange({ [param]: next })}
    />
  ));
}

function MultiSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: readonly string[];
  choices: string[] | undefined;
  onChange: (values: string[]) => void;
}) {
  // Values from the URL stay selectable while the choices load (or if they are not offered).
  const all = [...new Set([...(choices ?? []), ...value])];
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        const next = event.target.value as unknown as string[] | string;
        onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => pickerText(selected as string[]),
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
      sx={{ width: pickerWidth }}
    >
      {all.length === 0 && (
        <MenuItem disabled>{choices ? 'None recorded yet' : 'Loading the choices…'}</MenuItem>
      )}
      {all.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
}
