import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AuditFilterOptions } from '../../../contract/audit-log';
import type { AuditLogView } from './audit-log-params';
import { pickerWidth } from './picker-size';

interface FilterPickersProps {
  view: AuditLogView;
  options: AuditFilterOptions | undefined;
  onChange: (changes: Record<string, string[]>) => void;
}

/** The actions, resource types and origins to list: any of each (api-reference-notes §12). */
export function FilterPickers({ view, options, onChange }: FilterPickersProps) {
  return (
    <>
      <MultiSelect
        label="Actions"
        value={view.actions}
        choices={options?.actions}
        onChange={(values) => onChange({ action: values })}
      />
      <MultiSelect
        label="Resource types"
        value={view.types}
        choices={options?.resource_types}
        onChange={(values) => onChange({ type: values })}
      />
      <MultiSelect
        label="Origins"
        value={view.origins}
        choices={options?.origins}
        onChange={(values) => onChange({ origin: values })}
      />
    </>
  );
}

function MultiSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string[];
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
          renderValue: (selected) => (selected as string[]).join(', ') || 'Any',
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
      sx={{ width: pickerWidth }}
    >
      {all.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
}
