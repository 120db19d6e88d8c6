import { useQuery } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ipAddressQueries } from '../../api/ip-addresses';
import { serverQueries } from '../../api/servers';
import { FieldsetCard } from '../../components/form/fieldset-card';
import { FormTextInput } from '../../components/form/form-fields';
import { memberNameOf } from './load-balancer-form';
import type { MemberFormValues } from './load-balancer-form';

export interface MembersFormValues {
  members: MemberFormValues[];
}

export interface ServerAddress {
  address: string;
  server: string;
  hostname: string;
  state: string;
  label: string;
}

/** The IPv4 addresses of the account's servers (of `zone`, when given): what members point at. */
export function useServerAddresses(zone?: string) {
  const servers = useQuery(serverQueries.list());
  const addresses = useQuery(ipAddressQueries.list());
  const byUuid = new Map((servers.data ?? []).map((server) => [server.uuid, server]));
  const options: ServerAddress[] = (addresses.data ?? []).flatMap((ip) => {
    const server = ip.server ? byUuid.get(ip.server) : undefined;
    if (!server || ip.family !== 'IPv4' || (zone && server.zone !== zone)) return [];
    return [
      {
        address: ip.address,
        server: server.uuid,
        hostname: server.hostname,
        state: server.state,
        label: `${server.title} (${server.hostname}): ${ip.address}, ${ip.access}`,
      },
    ];
  });
  return options;
}

const typed = 'typed';

/** A member's typed fields, side by side under the server choice. */
const memberTextFields: readonly {
  part: keyof MemberFormValues;
  label: string;
  numeric?: boolean;
  hint?: string;
}[] = [
  { part: 'name', label: 'Name of' },
  { part: 'ip', label: 'Address of' },
  { part: 'port', label: 'Port of', numeric: true },
  { part: 'weight', label: 'Weight of', numeric: true, hint: '0–100' },
];

/**
 * One member of a backend: pick one of the servers' addresses, which fills the address and a
 * name, or type any address. Works on any form whose `members` is a MemberFormValues array.
 */
export function MemberFields<T extends MembersFormValues, Output>({
  control: formControl,
  index,
  addresses,
  onRemove,
}: {
  control: Control<T, unknown, Output>;
  index: number;
  addresses: readonly ServerAddress[];
  onRemove?: () => void;
}) {
  // react-hook-form cannot narrow a generic path: every form using this has `members`.
  const control = formControl as unknown as Control<MembersFormValues>;
  const prefix = `members.${index}` as const;
  const ip = useController({ control, name: `${prefix}.ip` });
  const name = useController({ control, name: `${prefix}.name` });
  const members = useWatch({ control, name: 'members' });
  const picked = addresses.some((option) => option.address === ip.field.value)
    ? ip.field.value
    : typed;
  const label = `member ${index + 1}`;
  return (
    <FieldsetCard
      legend={`Member ${index + 1}`}
      removeLabel={`Remove ${label}`}
      onRemove={onRemove}
    >
      <TextField
        select
        label={`Server of ${label}`}
        value={picked}
        onChange={(event) => {
          const option = addresses.find((item) => item.address === event.target.value);
          if (!option) return;
          ip.field.onChange(option.address);
          const others = members.filter((_, at) => at !== index).map((member) => member.name);
          name.field.onChange(memberNameOf(option.hostname, others));
        }}
        helperText="A server’s address, or type one below."
      >
        <MenuItem value={typed}>Typed address</MenuItem>
        {addresses.map((option) => (
          <MenuItem key={option.address} value={option.address}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '2fr 2fr 1fr 1fr' } }}>
        {memberTextFields.map(({ part, label: what, numeric, hint }) => (
          <FormTextInput
            key={part}
            control={control}
            name={`${prefix}.${part}`}
            label={`${what} ${label}`}
            inputMode={numeric ? 'numeric' : undefined}
            required
            hint={hint}
          />
        ))}
      </Box>
    </FieldsetCard>
  );
}
