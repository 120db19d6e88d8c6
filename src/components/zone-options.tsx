import MenuItem from '@mui/material/MenuItem';
import type { Zone } from '../../contract/zone';

type ZoneName = Pick<Zone, 'id' | 'description'>;

/**
 * Zones as choices named "description (id)", the way every zone picker names them. Until the
 * zones have loaded, a zone already `selected` (read from the URL) stands as its id, so the
 * select shows it rather than an empty box and a value none of its options has.
 */
export function zoneChoices(zones: readonly ZoneName[] | undefined, selected?: string) {
  if (!zones) return selected ? [{ value: selected, label: selected }] : [];
  return zones.map((zone) => ({
    value: zone.id,
    label: `${zone.description} (${zone.id})`,
  }));
}

/** A select's options for zones (zoneChoices as menu items). */
export function zoneOptions(zones: readonly ZoneName[] | undefined) {
  return zoneChoices(zones).map((zone) => (
    <MenuItem key={zone.value} value={zone.value}>
      {zone.label}
    </MenuItem>
  ));
}
