import { useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { backupIntervals } from '../../../contract/storage';
import { FieldGroup } from '../../components/form/field-group';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';
import { labelledOptions } from '../../components/labelled-options';
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
    <FieldGroup legend="Automatic backups" gap={2}>
      <FormSelect control={ruleControl} name="backupInterval" label="Backup schedule">
        <MenuItem value="">No automatic backups</MenuItem>
        {labelledOptions(backupIntervals, intervalLabels)}
      </FormSelect>
      {interval !== '' && (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <FormTextInput
            control={ruleControl}
            name="backupTime"
            label="Time (UTC, HHMM)"
            hint="Such as 0430."
          />
          <FormTextInput
            control={ruleControl}
            name="backupRetention"
            label="Keep for (days)"
            inputMode="numeric"
            hint="1 to 1095 days."
          />
        </Box>
      )}
    </FieldGroup>
  );
}
