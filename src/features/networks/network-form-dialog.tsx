import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Network } from '../../../contract/network';
import {
  createNetworkCall,
  modifyNetworkCall,
  useCreateNetwork,
  useModifyNetwork,
} from '../../api/networks';
import { routerQueries } from '../../api/routers';
import { zoneQueries } from '../../api/zones';
import { useApiFailure } from '../../components/form/use-api-failure';
import { FormCheckbox, FormSelect, FormTextInput } from '../../components/form/form-fields';
import { LabelFields } from '../../components/form/label-fields';
import { useZodForm } from '../../components/form/use-zod-form';
import { AddButton } from '../../components/add-button';
import { FormDialog } from '../../components/form-dialog';
import { zoneOptions } from '../../components/zone-options';
import { firstHost } from '../../lib/ip-networks';
import {
  createNetworkDefaults,
  emptyIpNetwork,
  networkFieldForError,
  networkFormSchema,
  networkFormValues,
  toCreateNetworkRequest,
  toModifyNetworkRequest,
} from './network-forms';
import type { NetworkFormValues } from './network-forms';
import { RemainingAllowance } from '../../components/remaining-allowance';
import { useAllowance } from '../../api/allowance';

interface NetworkFormDialogProps {
  /** The network to edit; without it the dialog creates a private network. */
  network?: Network;
  onClose: () => void;
  onSaved: (network: Network) => void;
}

/** Create or edit a private network: name, zone, router, IP networks with DHCP options, labels. */
export function NetworkFormDialog({ network, onClose, onSaved }: NetworkFormDialogProps) {
  const allowance = useAllowance();
  const editing = network !== undefined;
  const create = useCreateNetwork();
  const modify = useModifyNetwork(network?.uuid ?? '');
  const mutation = editing ? modify : create;
  const zones = useQuery(zoneQueries.list());
  const routers = useQuery({ ...routerQueries.list(), enabled: !editing });
  const { control, handleSubmit, setError } = useZodForm(
    networkFormSchema,
    network ? networkFormValues(network) : createNetworkDefaults,
  );

  // What the dialog will send with the values typed now, for its "API call" view.
  const parsed = networkFormSchema.safeParse(useWatch({ control }));
  const apiCall = !parsed.success
    ? null
    : network
      ? modifyNetworkCall(network.uuid, toModifyNetworkRequest(parsed.data))
      : createNetworkCall(toCreateNetworkRequest(parsed.data));

  const { failure, clear, onError } = useApiFailure(setError, (error) =>
    networkFieldForError(error.code),
  );
  const submit = handleSubmit((values) => {
    clear();
    if (network) {
      modify.mutate(toModifyNetworkRequest(values), { onSuccess: onSaved, onError });
    } else {
      create.mutate(toCreateNetworkRequest(values), { onSuccess: onSaved, onError });
    }
  });

  return (
    <FormDialog
      title={network ? `Edit “${network.name}”` : 'Create private network'}
      submitLabel={network ? 'Save changes' : 'Create network'}
      pendingLabel={network ? 'Saving…' : 'Creating…'}
      pending={mutation.isPending}
      failure={failure}
      failureTitle={network ? 'The network could not be saved' : 'The network could not be created'}
      maxWidth="md"
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      apiCall={apiCall}
    >
      {!editing && <RemainingAllowance {...allowance} resources={['networks']} />}
      <FormTextInput control={control} name="name" label="Name" required />
      {!editing && (
        <FormSelect
          control={control}
          name="zone"
          label="Zone"
          required
          hint={zones.isError ? 'Zones could not be loaded.' : 'Servers in this zone can attach.'}
        >
          {zoneOptions(zones.data)}
        </FormSelect>
      )}
      {!editing && (
        <FormSelect
          control={control}
          name="router"
          label="Router"
          hint="Optional. A router lets the network reach other networks and peerings."
        >
          <MenuItem value="">No router</MenuItem>
          {(routers.data ?? [])
            .filter((router) => router.type !== 'service')
            .map((router) => (
              <MenuItem key={router.uuid} value={router.uuid}>
                {router.name}
              </MenuItem>
            ))}
        </FormSelect>
      )}
      <IpNetworkFieldsList control={control} />
      <LabelFields control={control} />
    </FormDialog>
  );
}

function IpNetworkFieldsList({ control }: { control: Control<NetworkFormValues> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'ipNetworks' });
  const firstFamily = useWatch({ control, name: 'ipNetworks.0.family' });
  const { errors } = useFormState({ control, name: 'ipNetworks' });
  const listError = errors.ipNetworks?.root?.message ?? errors.ipNetworks?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        IP networks
      </Typography>
      {fields.map((item, index) => (
        <IpNetworkEntry
          key={item.id}
          control={control}
          index={index}
          onRemove={fields.length > 1 ? () => remove(index) : undefined}
        />
      ))}
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      {/* At most one IPv4 and one IPv6 network (contract): the second takes the other family. */}
      {fields.length < 2 && (
        <AddButton onClick={() => append(emptyIpNetwork(firstFamily === 'IPv6' ? 'IPv4' : 'IPv6'))}>
          Add IP network
        </AddButton>
      )}
    </Box>
  );
}

/** The DHCP settings an IP network with DHCP on offers, each a text field. */
const dhcpFields = [
  { field: 'dhcpDns', label: 'DNS servers', hint: 'Addresses separated by commas.' },
  {
    field: 'dhcpRoutes',
    label: 'DHCP routes',
    hint: 'Networks in CIDR notation, separated by commas.',
  },
  {
    field: 'dhcpBootfileUrl',
    label: 'Boot file URL',
    hint: 'Optional http(s) address for network boot.',
  },
] as const;

function IpNetworkEntry({
  control,
  index,
  onRemove,
}: {
  control: Control<NetworkFormValues>;
  index: number;
  onRemove?: () => void;
}) {
  const n = index + 1;
  const address = useWatch({ control, name: `ipNetworks.${index}.address` });
  const dhcp = useWatch({ control, name: `ipNetworks.${index}.dhcp` });
  const suggestion = firstHost(address);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`IP network ${n}`}
      sx={{ p: 2, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '10rem 1fr 1fr' } }}>
        <FormSelect control={control} name={`ipNetworks.${index}.family`} label={`Family ${n}`}>
          <MenuItem value="IPv4">IPv4</MenuItem>
          <MenuItem value="IPv6">IPv6</MenuItem>
        </FormSelect>
        <FormTextInput
          control={control}
          name={`ipNetworks.${index}.address`}
          label={`Network ${n} (CIDR)`}
          required
          hint="Such as 172.16.0.0/24."
        />
        <FormTextInput
          control={control}
          name={`ipNetworks.${index}.gateway`}
          label={`Gateway ${n}`}
          hint={suggestion ? `Inside the network, such as ${suggestion}.` : 'Inside the network.'}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <FormCheckbox control={control} name={`ipNetworks.${index}.dhcp`} label={`DHCP ${n}`} />
        <FormCheckbox
          control={control}
          name={`ipNetworks.${index}.dhcpDefaultRoute`}
          label={`DHCP default route ${n}`}
        />
      </Box>
      {dhcp && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          {dhcpFields.map(({ field, label, hint }) => (
            <FormTextInput
              key={field}
              control={control}
              name={`ipNetworks.${index}.${field}`}
              label={`${label} ${n}`}
              hint={hint}
            />
          ))}
        </Box>
      )}
      {onRemove && (
        <Box>
          <Button color="error" onClick={onRemove}>
            {`Remove IP network ${n}`}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
