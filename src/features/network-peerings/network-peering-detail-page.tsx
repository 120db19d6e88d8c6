import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import type { NetworkPeering } from '../../../contract/network-peering';
import {
  deleteNetworkPeeringCall,
  isPeeringSettling,
  modifyNetworkPeeringCall,
  networkPeeringQueries,
  useDeleteNetworkPeering,
  useModifyNetworkPeering,
} from '../../api/network-peerings';
import { networkQueries } from '../../api/networks';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { ConfirmDialog, confirmMutation, confirmWords } from '../../components/confirm-dialog';
import { routeDetailPage } from '../../components/detail-query';
import { PageHeader } from '../../components/page-header';
import { ResourceTabs, useOverviewPanel } from '../../components/resource-tabs';
import { StateChip } from '../../components/state-chip';
import { formatDateTime } from '../../lib/format';
import { links } from '../../lib/links';
import { describeSides } from './peering-status';
import { DescriptionList, Field } from '../../components/description-list';
import { PageSection } from '../../components/page-section';
import { labelsLine } from '../../components/value-cells';
import { RouterLink } from '../../components/router-link';

const disablePeering = { network_peering: { configured_status: 'disabled' } } as const;

function PeeringDetails({ peering }: { peering: NetworkPeering }) {
  const overviewPanel = useOverviewPanel();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<'disable' | 'delete' | null>(null);
  const modify = useModifyNetworkPeering(peering.uuid);
  const remove = useDeleteNetworkPeering(peering.uuid);
  const networks = useQuery(networkQueries.list());
  const sides = describeSides(peering);
  const disabled = peering.configured_status === 'disabled';
  // The API deletes a peering only in state `disabled` (api-rules §4.7).
  const deletable = peering.state === 'disabled';
  const networkName = (uuid: string) => networks.data?.find((n) => n.uuid === uuid)?.name;
  const close = () => setConfirming(null);

  const actions = (
    <>
      {disabled ? (
        <Button
          variant="outlined"
          disabled={modify.isPending}
          onClick={() => modify.mutate({ network_peering: { configured_status: 'active' } })}
        >
          {modify.isPending ? 'Enabling…' : 'Enable'}
        </Button>
      ) : (
        <Button variant="outlined" onClick={() => setConfirming('disable')}>
          Disable
        </Button>
      )}
      <Button
        variant="outlined"
        color="error"
        disabled={!deletable}
        onClick={() => setConfirming('delete')}
      >
        Delete
      </Button>
    </>
  );

  const localName = networkName(peering.network.uuid);
  const peerName = networkName(peering.peer_network.uuid);

  return (
    <>
      <PageHeader title={peering.name} crumb={peering.name} actions={actions} />
      <ResourceTabs resourceId={peering.uuid} />
      <Box sx={{ display: 'grid', gap: 3 }} {...overviewPanel}>
        {!deletable && (
          <Typography color="text.secondary">Disable the peering before deleting it.</Typography>
        )}
        {modify.error && confirming === null && (
          <ApiErrorAlert error={modify.error} title="The peering could not be changed" />
        )}
        <PageSection title="Both sides">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
            <Side title="Your side" status={sides.local} />
            <Side title="The other side" status={sides.peer} />
          </Box>
          {isPeeringSettling(peering) && (
            <Typography role="status" color="text.secondary" sx={{ mt: 1 }}>
              This page updates by itself until the peering is active.
            </Typography>
          )}
        </PageSection>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <DescriptionList>
            <Field term="State">
              <StateChip state={peering.state} />
            </Field>
            <Field term="Configured">{peering.configured_status}</Field>
            <Field term="Your network">
              <Link component={RouterLink} to={links.network(peering.network.uuid)}>
                {localName ?? peering.network.uuid}
              </Link>
              {ranges(peering.network)}
            </Field>
            <Field term="Peer network">
              {peerName ? (
                <Link component={RouterLink} to={links.network(peering.peer_network.uuid)}>
                  {peerName}
                </Link>
              ) : (
                <code>{peering.peer_network.uuid}</code>
              )}
              {ranges(peering.peer_network)}
            </Field>
            <Field term="UUID">
              <code>{peering.uuid}</code>
            </Field>
            <Field term="Created">{formatDateTime(peering.created_at)}</Field>
            <Field term="Labels">{labelsLine(peering.labels)}</Field>
          </DescriptionList>
        </Paper>
      </Box>
      {confirming === 'disable' && (
        <ConfirmDialog
          open
          title={`Disable “${peering.name}”?`}
          {...confirmWords('disable', 'peering')}
          {...confirmMutation(modify, disablePeering, close)}
          apiCall={modifyNetworkPeeringCall(peering.uuid, disablePeering)}
          onClose={close}
        >
          Traffic between the two networks stops; the other account sees the peering as disabled by
          you. You can enable it again, or delete it once disabled.
        </ConfirmDialog>
      )}
      {confirming === 'delete' && (
        <ConfirmDialog
          open
          title={`Delete “${peering.name}”?`}
          {...confirmWords('delete', 'peering')}
          {...confirmMutation(remove, undefined, () => void navigate(links.networkPeerings()))}
          apiCall={deleteNetworkPeeringCall(peering.uuid)}
          onClose={close}
        >
          Your side of the peering is deleted for good; the other account keeps its own side until
          it deletes it.
        </ConfirmDialog>
      )}
    </>
  );
}

function ranges(side: NetworkPeering['network']) {
  const list = side.ip_networks?.ip_network.map((entry) => entry.address).join(', ');
  return list ? ` (${list})` : null;
}

function Side({ title, status }: { title: string; status: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography>{status}</Typography>
    </Paper>
  );
}

export const NetworkPeeringDetailPage = routeDetailPage(
  networkPeeringQueries.detail,
  'Network peering',
  (peering) => <PeeringDetails peering={peering} />,
);
