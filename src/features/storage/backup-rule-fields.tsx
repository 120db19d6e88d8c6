import { Controller, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { backupIntervals } from '../../../contract/storage';
import { TextInput } from '../../components/form/text-input';
import { intervalLabels } from './storage-forms';

interface BackupRuleValues {
  backupInterval: '' | (typeof backupIntervals)[number];
  backupTime: string;
  backupRetention: string;
}

/** The automatic backup schedule of a storage form. */
export function BackupRuleFields<T extends BackupRuleValues, Output>({
  control,
}: {
  control: Control<T, unknown, Output>;
}) {
  // Both storage forms carry these three fields; react-hook-form cannot narrow a generic path.
  const ruleControl = control as unknown as Control<BackupRuleValues>;
  const interval = useWatch({ control: ruleControl, name: 'backupInterval' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Automatic backups
      </Typography>
      <Controller
        control={ruleControl}
        name="backupInterval"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            label="Backup schedule"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
          >
            <MenuItem value="">No automatic backups</MenuItem>
            {backupIntervals.map((value) => (
              <MenuItem key={value} value={value}>
                {intervalLabels[value]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {interval !== '' && (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Controller
            control={ruleControl}
            name="backupTime"
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label="Time (UTC, HHMM)"
                error={fieldState.invalid}
                helperText={fieldState.error?.message ?? 'Such as 0430.'}
              />
            )}
          />
          <Controller
            control={ruleControl}
            name="backupRetention"
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label="Keep for (days)"
                inputMode="numeric"
                error={fieldState.invalid}
                helperText={fieldState.error?.message ?? '1 to 1095 days.'}
              />
            )}
          />
        </Box>
      )}
    </Box>
  );
}
