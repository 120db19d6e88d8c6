import MenuItem from '@mui/material/MenuItem';
import type { Zone } from '../../contract/zone';

/** A select's options for zones, each as "description (id)", the way every zone picker names them. */
export function zoneOptions(zones: readonly Pick<Zone, 'id' | 'description'>[] | undefined) {
  return (zones ?? []).map((zone) => (
    <MenuItem key={zone.id} value={zone.id}>
      {`${zone.description} (${zone.id})`}
    </MenuItem>
  ));
}
