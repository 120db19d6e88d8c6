import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import type { IpNetwork, Network } from '../../../contract/network';
import { networkPeeringQueries } from '../../api/network-peerings';
import { networkQueries } from '../../api/networks';
import { routerQueries } from '../../api/routers';
import { DataTable } from '../../components/data-table';
import { routeDetailPage } from '../../components/detail-query';
import { PageHeader } from '../../components/page-header';
import { ResourceTabs, useOverviewPanel } from '../../components/resource-tabs';
import { StateChip } from '../../components/state-chip';
import { useSuccessNotice } from '../../components/success-notice';
import { links } from '../../lib/links';
import {
  AttachRouterDialog,
  DeleteNetworkDialog,
  DetachRouterDialog,
  ServerLinkList,
} from './network-dialogs';
import { NetworkFormDialog } from './network-form-dialog';
import { describeLabels } from './network-forms';
import { DescriptionList, Field } from '../../components/description-list';
import { PageSection } from '../../components/page-section';
import { RouterLink } from '../../components/router-link';

type Action = 'edit' | 'attach-router' | 'detach-router' | 'delete';

export const NetworkDetailPage = routeDetailPage(networkQueries.detail, 'Network', (network) => (
  <NetworkDetails network={network} />
));

const ipColumn = createColumnHelper<IpNetwork>();
const list = (items: readonly string[] | undefined) => (items?.length ? items.join(', ') : '—');
const ipColumns = [
  ipColumn.accessor('address', { header: 'Network' }),
  ipColumn.accessor('family', { header: 'Family' }),
  ipColumn.accessor((entry) => entry.gateway ?? '—', { id: 'gateway', header: 'Gateway' }),
  ipColumn.accessor('dhcp', { header: 'DHCP' }),
  ipColumn.accessor('dhcp_default_route', { header: 'Default route' }),
  ipColumn.accessor((entry) => list(entry.dhcp_dns), { id: 'dns', header: 'DNS servers' }),
  ipColumn.accessor((entry) => list(entry.dhcp_routes), { id: 'routes', header: 'DHCP routes' }),
];

function NetworkDetails({ network }: { network: Network }) {
  const overviewPanel = useOverviewPanel();
  const navigate = useNavigate();
  const [action, setAction] = useState<Action | null>(null);
  const routers = useQuery({ ...routerQueries.list(), enabled: network.router !== undefined });
  const close = () => setAction(null);
  const { notify, notice } = useSuccessNotice();
  /** Closes the dialog and confirms what its action did. */
  const done = (message: string) => () => {
    close();
    notify({ message });
  };
  const editable = network.type === 'private';
  const router = routers.data?.find((item) => item.uuid === network.router);
  const routerName = router?.name ?? network.router ?? '';
  const servers = network.servers?.server ?? [];

  const actions = editable && (
    <>
      <Button variant="outlined" onClick={() => setAction('edit')}>
        Edit
      </Button>
      {network.router ? (
        <Button variant="outlined" onClick={() => setAction('detach-router')}>
          Detach router
        </Button>
      ) : (
        <Button variant="outlined" onClick={() => setAction('attach-router')}>
          Attach router
        </Button>
      )}
      <Button variant="outlined" component={RouterLink} to={links.newNetworkPeering(network.uuid)}>
        Create peering
      </Button>
      <Button variant="outlined" color="error" onClick={() => setAction('delete')}>
        Delete
      </Button>
    </>
  );

  return (
    <>
      <PageHeader
        title={network.name}
        crumb={network.name}
        actions={actions}
        description={
          editable
            ? undefined
            : `A ${network.type} network of zone ${network.zone}, shared by every account: it cannot be modified or deleted.`
        }
      />
      <ResourceTabs resourceId={network.uuid} />
      {/* minmax(0, 1fr): the IP networks table scrolls on a phone instead of widening the page. */}
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}
        {...overviewPanel}
      >
        {editable && servers.length > 0 && (
          <Typography color="text.secondary">
            Servers are attached: detach them before deleting the network.
          </Typography>
        )}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <DescriptionList>
            <Field term="UUID">
              <code>{network.uuid}</code>
            </Field>
            <Field term="Type">{network.type}</Field>
            <Field term="Zone">{network.zone}</Field>
            <Field term="Router">
              {network.router ? (
                <Link component={RouterLink} to={links.routers()}>
                  {routerName}
                </Link>
              ) : (
                '—'
              )}
            </Field>
            <Field term="Labels">{describeLabels(network.labels) || '—'}</Field>
          </DescriptionList>
        </Paper>
        <PageSection title="IP networks">
          <DataTable
            label="IP networks"
            columns={ipColumns}
            data={network.ip_networks.ip_network}
            getRowId={(entry) => entry.address}
            rowHeaderColumn="address"
          />
        </PageSection>
        <PageSection title="Attached servers">
          {servers.length === 0 ? (
            <Typography color="text.secondary">No server is attached.</Typography>
          ) : (
            <ServerLinkList servers={servers} label="Attached servers" sx={{ m: 0 }} />
          )}
        </PageSection>
        {editable && <NetworkPeerings network={network} />}
      </Box>
      {action === 'edit' && (
        <NetworkFormDialog network={network} onClose={close} onSaved={done('Network saved')} />
      )}
      {action === 'attach-router' && (
        <AttachRouterDialog
          network={network}
          onClose={close}
          onAttached={done('Router attached')}
        />
      )}
      {action === 'detach-router' && (
        <DetachRouterDialog
          network={network}
          routerName={routerName}
          onClose={close}
          onDetached={done('Router detached')}
        />
      )}
      {notice}
      {action === 'delete' && (
        <DeleteNetworkDialog
          network={network}
          onClose={close}
          onDeleted={() => void navigate(links.networks())}
        />
      )}
    </>
  );
}

function NetworkPeerings({ network }: { network: Network }) {
  const peerings = useQuery(networkPeeringQueries.list({ localNetwork: network.uuid }));
  return (
    <PageSection title="Network peerings">
      {peerings.isPending && <Typography color="text.secondary">Loading peerings…</Typography>}
      {peerings.isError && (
        <Typography color="error">{`Peerings could not be loaded: ${peerings.error.message}`}</Typography>
      )}
      {peerings.isSuccess &&
        (peerings.data.length === 0 ? (
          <Typography color="text.secondary">
            No peering.{' '}
            <Link component={RouterLink} to={links.newNetworkPeering(network.uuid)}>
              Peer this network with another
            </Link>
            .
          </Typography>
        ) : (
          <Box component="ul" aria-label="Network peerings" sx={{ m: 0, display: 'grid', gap: 1 }}>
            {peerings.data.map((peering) => (
              <Box
                component="li"
                key={peering.uuid}
                sx={{ display: 'flex', gap: 2, alignItems: 'center' }}
              >
                <Link component={RouterLink} to={links.networkPeering(peering.uuid)}>
                  {peering.name}
                </Link>
                <StateChip state={peering.state} />
              </Box>
            ))}
          </Box>
        ))}
    </PageSection>
  );
}
