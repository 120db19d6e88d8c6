import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import { z } from 'zod/mini';
import type { AddIpAddressRequest, IpAddress } from '../../../contract/ip-address';
import {
  releaseIpAddressCall,
  useCreateIpAddress,
  useReleaseIpAddress,
} from '../../api/ip-addresses';
import { serverQueries } from '../../api/servers';
import { zoneQueries } from '../../api/zones';
import { ConfirmDialog, confirmMutation, confirmWords } from '../../components/confirm-dialog';
import { FormCheckbox, FormSelect } from '../../components/form/form-fields';
import { addWords, FormDialog } from '../../components/form-dialog';
import { useSubmitForm } from '../../components/form/use-request-form';
import { zoneOptions } from '../../components/zone-options';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import { RemainingAllowance } from '../../components/remaining-allowance';
import { useAllowance } from '../../api/allowance';

const addFormSchema = z
  .object({
    family: z.enum(['IPv4', 'IPv6']),
    floating: z.boolean(),
    access: z.enum(['public', 'utility', 'private']),
    server: z.string(),
    zone: z.string(),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.floating && values.family !== 'IPv4') {
        ctx.addIssue({
          code: 'custom',
          path: ['family'],
          message: 'Floating addresses are IPv4 only.',
        });
      }
      if (values.floating && !values.zone) {
        ctx.addIssue({
          code: 'custom',
          path: ['zone'],
          message: 'Choose the zone of the address.',
        });
      }
      if (!values.floating && !values.server) {
        ctx.addIssue({ code: 'custom', path: ['server'], message: 'Choose a server.' });
      }
    }),
  );
type AddFormValues = z.infer<typeof addFormSchema>;

function toAddRequest(values: AddFormValues): AddIpAddressRequest {
  if (values.floating) {
    return { ip_address: { family: values.family, floating: 'yes', zone: values.zone } };
  }
  return { ip_address: { family: values.family, access: values.access, server: values.server } };
}

const addErrorFields = {
  FAMILY: 'family',
  ACCESS: 'access',
  SERVER: 'server',
  ZONE: 'zone',
  FLOATING: 'floating',
} as const;

export function AddIpAddressDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (address: IpAddress) => void;
}) {
  const allowance = useAllowance();
  const add = useCreateIpAddress();
  const servers = useQuery(serverQueries.list());
  const zones = useQuery(zoneQueries.list());
  const { control, submission } = useSubmitForm(
    addFormSchema,
    { family: 'IPv4', floating: false, access: 'public', server: '', zone: '' },
    {
      mutation: add,
      fieldOf: (error) => fieldForErrorCode(error.code, addErrorFields),
      request: toAddRequest,
      onSuccess: onAdded,
    },
  );
  const floating = useWatch({ control, name: 'floating' });

  return (
    <FormDialog title="Add IP address" {...addWords('address')} {...submission} onClose={onClose}>
      <RemainingAllowance
        {...allowance}
        resources={['public_ipv4', 'public_ipv6', 'detached_floating_ips']}
      />
      <FormSelect control={control} name="family" label="Family">
        <MenuItem value="IPv4">IPv4</MenuItem>
        <MenuItem value="IPv6">IPv6</MenuItem>
      </FormSelect>
      <FormCheckbox
        control={control}
        name="floating"
        label="Floating address"
        hint="A public IPv4 address of a zone that can move between servers there."
      />
      {floating ? (
        <FormSelect control={control} name="zone" label="Zone" required>
          {zoneOptions(zones.data)}
        </FormSelect>
      ) : (
        <>
          <FormSelect
            control={control}
            name="server"
            label="Server"
            required
            hint={
              servers.isError
                ? 'Servers could not be loaded.'
                : 'Only a stopped server can get an address.'
            }
          >
            {(servers.data ?? []).map((server) => (
              // The API refuses an address for a server that is not stopped (SERVER_STATE_ILLEGAL).
              <MenuItem key={server.uuid} value={server.uuid} disabled={server.state !== 'stopped'}>
                {server.state === 'stopped'
                  ? `${server.title} (${server.zone})`
                  : `${server.title} (${server.zone}): ${server.state}, stop it first`}
              </MenuItem>
            ))}
          </FormSelect>
          <FormSelect
            control={control}
            name="access"
            label="Access"
            hint="The server's interface on that network receives the address."
          >
            <MenuItem value="public">Public</MenuItem>
            <MenuItem value="utility">Utility</MenuItem>
            <MenuItem value="private">Private</MenuItem>
          </FormSelect>
        </>
      )}
    </FormDialog>
  );
}

interface ReleaseDialogProps {
  address: IpAddress;
  /** Every address of the account, to tell whether this is the server's last on its network. */
  all: readonly IpAddress[];
  serverTitle: string | undefined;
  networkName: string | undefined;
  onClose: () => void;
  onReleased: () => void;
}

/** What releasing does to the server holding the address (api-rules §4.5), in words. */
export function describeRelease({
  address,
  all,
  serverTitle,
  networkName,
}: Omit<ReleaseDialogProps, 'onClose' | 'onReleased'>): string {
  if (!address.server) {
    return `${address.address} is not attached to a server; it goes back to the pool of zone ${address.zone}.`;
  }
  const server = `server “${serverTitle ?? address.server}”`;
  const network = networkName
    ? `“${networkName}”`
    : `the ${address.access} network of ${address.zone}`;
  const others = all.filter(
    (item) =>
      item.address !== address.address &&
      item.server === address.server &&
      item.access === address.access,
  );
  const Server = `${server[0]?.toUpperCase() ?? ''}${server.slice(1)}`;
  if (others.length > 0) {
    return `${Server} loses ${address.address} and stays attached to ${network} with its other ${address.access} ${others.length === 1 ? 'address' : 'addresses'}.`;
  }
  if (address.access === 'private') return `${Server} loses ${address.address} on ${network}.`;
  return `${address.address} is the last ${address.access} address of ${server}: releasing it detaches the server from ${network}, removing its ${address.access} network interface.`;
}

export function ReleaseIpAddressDialog(props: ReleaseDialogProps) {
  const release = useReleaseIpAddress();
  const { address, onClose, onReleased } = props;
  return (
    <ConfirmDialog
      open
      title={`Release ${address.address}?`}
      {...confirmWords('release', 'address')}
      {...confirmMutation(release, address, onReleased)}
      apiCall={releaseIpAddressCall(address.address)}
      onClose={onClose}
    >
      {`${describeRelease(props)} The address cannot be got back once released.`}
    </ConfirmDialog>
  );
}
