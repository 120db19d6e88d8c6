import { useId } from 'react';
import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { backupDeletionPolicies, backupDeletionPolicySchema } from '../../contract/storage';
import type { BackupDeletionPolicy } from '../../contract/storage';

const policyLabels: Record<BackupDeletionPolicy, string> = {
  keep: 'Keep all backups',
  keep_latest: 'Keep the latest only',
  delete: 'Delete all backups',
};

/** What deleting storages does with their backups (api-reference-notes §3.3), as radio buttons. */
export function BackupPolicyField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: BackupDeletionPolicy;
  onChange: (policy: BackupDeletionPolicy) => void;
  /** Shown below the choices, such as what the chosen policy means. */
  children?: ReactNode;
}) {
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(backupDeletionPolicySchema.parse(event.target.value))}
      >
        {backupDeletionPolicies.map((policy) => (
          <FormControlLabel
            key={policy}
            value={policy}
            control={<Radio />}
            label={policyLabels[policy]}
          />
        ))}
      </RadioGroup>
      {children}
    </FormControl>
  );
}
