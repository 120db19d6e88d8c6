import MenuItem from '@mui/material/MenuItem';
import { storageTierSchema } from '../../../contract/storage';
import { tierLabels } from './storage-forms';

/** A select's options for the storage tiers, by their labels. */
export function tierOptions() {
  return storageTierSchema.options.map((tier) => (
    <MenuItem key={tier} value={tier}>
      {tierLabels[tier]}
    </MenuItem>
  ));
}
