import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { labelSchema, uuidPattern } from '../../../contract/common';
import { parseCidr, cidrsOverlap } from '../../../contract/ip';
import type { Network } from '../../../contract/network';
import { peeringNameSchema } from '../../../contract/network-peering';
import { createNetworkPeeringCall, useCreateNetworkPeering } from '../../api/network-peerings';
import { networkQueries } from '../../api/networks';
import { useRequestForm } from '../../components/form/use-request-form';
import { ApiCallPanel } from '../../components/api-call-panel';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { FormSelect, FormTextInput } from '../../components/form/form-fields';
import { LabelFields } from '../../components/form/label-fields';
import { PageHeader } from '../../components/page-header';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import { links } from '../../lib/links';
import { RouterLink } from '../../components/router-link';

const sameNetwork = 'This is the same network; choose another network to peer with.';

// Your own network given again as the peer is marked by the peer step's checks as soon as it is
// typed, which keeps Create disabled; the sandbox refuses it too (peer_network, 400).
const peeringFormSchema = z.object({
  network: z.string().check(z.minLength(1, 'Choose your network.')),
  peerNetwork: z
    .string()
    .check(z.regex(uuidPattern, 'Give the peer network’s UUID, such as 03…-…')),
  name: peeringNameSchema.check(z.refine((name) => name.trim() !== '', 'Give the peering a name.')),
  labels: z.array(labelSchema),
});
type PeeringFormValues = z.infer<typeof peeringFormSchema>;

const toPeeringRequest = (values: PeeringFormValues) => ({
  network_peering: {
    name: values.name.trim(),
    network: { uuid: values.network },
    peer_network: { uuid: values.peerNetwork.trim() },
    labels: values.labels,
  },
});

const peeringErrorFields = {
  NAME: 'name',
  NETWORK: 'network',
  LOCAL_NETWORK_NO_ROUTER: 'network',
  NETWORK_NOT_FOUND: 'network',
  PEER_NETWORK: 'peerNetwork',
  PEER_NETWORK_NOT_FOUND: 'peerNetwork',
  PEER_NETWORK_NO_ROUTER: 'peerNetwork',
  LABEL: 'labels',
  LABELS: 'labels',
} as const;

type Check = { ok: boolean | null; text: ReactNode };

/** The peering's rules of api-rules §4.7 that can be seen for one network. */
function networkChecks(network: Network, whose: string): Check[] {
  return [
    {
      ok: network.type === 'private',
      text:
        network.type === 'private'
          ? `${whose} network is a private network.`
          : `${whose} network is a ${network.type} network; only private networks can be peered.`,
    },
    {
      ok: network.router !== undefined,
      text: network.router ? (
        `${whose} network has a router.`
      ) : (
        <>
          {`${whose} network has no router. `}
          <Link component={RouterLink} to={links.network(network.uuid)}>
            {`Attach a router to “${network.name}”`}
          </Link>
          .
        </>
      ),
    },
  ];
}

function overlapCheck(local: Network, peer: Network): Check | null {
  const overlapping = local.ip_networks.ip_network.some((a) =>
    peer.ip_networks.ip_network.some((b) => {
      const ca = parseCidr(a.address);
      const cb = parseCidr(b.address);
      return ca !== null && cb !== null && cidrsOverlap(ca, cb);
    }),
  );
  return overlapping
    ? { ok: false, text: 'The two networks’ IP ranges overlap; the peering would not work.' }
    : { ok: true, text: 'The two networks’ IP ranges do not overlap.' };
}

export function CreatePeeringPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const networks = useQuery(networkQueries.list());
  const create = useCreateNetworkPeering();
  const { control, submission } = useRequestForm(
    peeringFormSchema,
    { network: params.get('network') ?? '', peerNetwork: '', name: '', labels: [] },
    {
      mutation: create,
      request: toPeeringRequest,
      call: (values) => createNetworkPeeringCall(toPeeringRequest(values)),
      fieldOf: (error) => fieldForErrorCode(error.code, peeringErrorFields),
      onSuccess: (peering) => void navigate(links.networkPeering(peering.uuid)),
      // A mistyped UUID is said when the field is left, not only on submit.
      mode: 'onTouched',
    },
  );
  const networkUuid = useWatch({ control, name: 'network' });
  const peerUuid = useWatch({ control, name: 'peerNetwork' }).trim();

  const own = (networks.data ?? []).filter((network) => network.type === 'private');
  const local = own.find((network) => network.uuid === networkUuid);
  const peerIsOwn = own.find((network) => network.uuid === peerUuid);
  const peerLookup = useQuery({
    ...networkQueries.detail(peerUuid),
    enabled: uuidPattern.test(peerUuid) && !peerIsOwn,
  });
  const peer = peerIsOwn ?? peerLookup.data;

  const localChecks = local ? networkChecks(local, 'Your') : [];
  // Your own network given again is no peer: its checks and the overlap would say nothing true.
  const peerChecks: Check[] = !uuidPattern.test(peerUuid)
    ? []
    : peerUuid === networkUuid
      ? [{ ok: false, text: sameNetwork }]
      : peer
        ? [
            ...networkChecks(peer, 'The peer'),
            ...(local ? [overlapCheck(local, peer)].filter((check) => check !== null) : []),
          ]
        : peerLookup.isPending
          ? [{ ok: null, text: 'Looking up the peer network…' }]
          : [
              {
                ok: null,
                text: 'This is not one of your networks, so it cannot be checked from here. If it belongs to another account, its owner must attach a router to it and create the same peering from their side.',
              },
            ];
  const blocked =
    localChecks.some((check) => check.ok === false) ||
    peerChecks.some((check) => check.ok === false);

  return (
    <>
      <PageHeader
        title="Create network peering"
        description="A peering connects two private networks that each have a router. It becomes active once the other network's account creates the same peering from its side."
      />
      <Box
        component="form"
        noValidate
        aria-label="Create network peering"
        onSubmit={submission.onSubmit}
        sx={{ display: 'grid', gap: 3, maxWidth: 720 }}
      >
        <Step number={1} title="Your network" checks={localChecks}>
          <FormSelect
            control={control}
            name="network"
            label="Your network"
            required
            hint={
              networks.isError
                ? 'Networks could not be loaded.'
                : own.length === 0 && networks.isSuccess
                  ? 'You have no private network yet.'
                  : 'One of your private networks.'
            }
          >
            {own.map((network) => (
              <MenuItem key={network.uuid} value={network.uuid}>
                {`${network.name} (${network.zone})`}
              </MenuItem>
            ))}
          </FormSelect>
          {networks.isSuccess && own.length === 0 && (
            <Typography>
              <Link component={RouterLink} to={links.networks()}>
                Create a private network
              </Link>{' '}
              first.
            </Typography>
          )}
        </Step>
        <Step number={2} title="Peer network" checks={peerChecks}>
          <FormTextInput
            control={control}
            name="peerNetwork"
            label="Peer network UUID"
            required
            hint="Another of your networks, or one of another account: ask its owner for the UUID."
          />
        </Step>
        <Step number={3} title="Name and labels" checks={[]}>
          <FormTextInput control={control} name="name" label="Peering name" required />
          <LabelFields control={control} />
        </Step>
        {submission.failure && (
          <ApiErrorAlert error={submission.failure} title="The peering could not be created" />
        )}
        <ApiCallPanel preview={submission.apiCall} />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={submission.pending || blocked}>
            {submission.pending ? 'Creating…' : 'Create peering'}
          </Button>
          <Button component={RouterLink} to={links.networkPeerings()}>
            Cancel
          </Button>
        </Box>
        {blocked && (
          <Typography color="text.secondary">
            Fix what is marked above to create the peering.
          </Typography>
        )}
      </Box>
    </>
  );
}

function Step({
  number,
  title,
  checks,
  children,
}: {
  number: number;
  title: string;
  checks: Check[];
  children: ReactNode;
}) {
  const headingId = `peering-step-${number}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 2 }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {`${number}. ${title}`}
      </Typography>
      {children}
      {checks.length > 0 && (
        <Box
          component="ul"
          aria-label={`Checks of step ${number}`}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {checks.map((check, index) => (
            <Box component="li" key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              {check.ok === true && <CheckCircleIcon color="success" titleAccess="Met" />}
              {check.ok === false && <ErrorIcon color="error" titleAccess="Missing" />}
              {check.ok === null && <HelpIcon color="action" titleAccess="Not known" />}
              <Typography component="span">{check.text}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
