import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PriceZone } from '../../../contract/price';
import type { Zone } from '../../../contract/zone';

interface ZoneSelectProps {
  value: string;
  priceZones: PriceZone[];
  zones: Zone[];
  onChange: (zoneId: string) => void;
}

export function ZoneSelect({ value, priceZones, zones, onChange }: ZoneSelectProps) {
  const descriptions = new Map(zones.map((zone) => [zone.id, zone.description]));
  const known = priceZones.some((zone) => zone.name === value);
  return (
    <TextField
      select
      label="Zone"
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ maxWidth: 360 }}
    >
      {priceZones.map(({ name }) => {
        const description = descriptions.get(name);
        return (
          <MenuItem key={name} value={name}>
            {description ? `${description} (${name})` : name}
          </MenuItem>
        );
      })}
    </TextField>
  );
}
