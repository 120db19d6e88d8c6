import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import type { Network } from '../../../contract/network';
import type { NetworkPeering } from '../../../contract/network-peering';
import { networkPeeringListCall, networkPeeringQueries } from '../../api/network-peerings';
import { networkQueries } from '../../api/networks';
import { ApiCallPanel } from '../../components/api-call-panel';
import { LabelFilter } from '../../components/label-filter';
import { CreateButton } from '../../components/create-button';
import { PageHeader } from '../../components/page-header';
import { ReservedName } from '../../components/reserved-name';
import { QueryTable } from '../../components/query-table';
import { stateCell } from '../../components/state-cell';
import { linkCell } from '../../components/link-cell';
import { links } from '../../lib/links';
import { useSearchUpdate } from '../../components/use-url-state';

const column = createColumnHelper<NetworkPeering>();

const addresses = (side: NetworkPeering['network']) =>
  side.ip_networks?.ip_network.map((entry) => entry.address).join(', ');

export function NetworkPeeringsPage() {
  const [search, setSearch] = useSearchUpdate();
  const labels = search.getAll('label');
  const peerings = useQuery({
    ...networkPeeringQueries.list({ labels }),
    placeholderData: keepPreviousData,
  });
  const networks = useQuery(networkQueries.list());
  const networkByUuid = new Map<string, Network>(
    (networks.data ?? []).map((network) => [network.uuid, network]),
  );

  const columns = [
    column.accessor('name', {
      header: 'Name',
      cell: linkCell((row) => links.networkPeering(row.uuid)),
    }),
    column.accessor('state', { header: 'State', cell: stateCell }),
    column.display({
      id: 'network',
      header: 'Your network',
      cell: ({ row }) => {
        const uuid = row.original.network.uuid;
        return (
          <ReservedName uuid={uuid} name={networkByUuid.get(uuid)?.name} to={links.network(uuid)} />
        );
      },
    }),
    column.display({
      id: 'peer',
      header: 'Peer network',
      // The peer is named and linked once the network list shows it is the account's own; another
      // account's stays its UUID. Its ranges, which the peering itself tells, are the next line.
      cell: ({ row }) => {
        const peer = row.original.peer_network;
        const own = networkByUuid.get(peer.uuid);
        const ranges = addresses(peer);
        return (
          <>
            <ReservedName
              uuid={peer.uuid}
              name={own?.name}
              to={own ? links.network(peer.uuid) : undefined}
            />
            {ranges}
          </>
        );
      },
    }),
    column.accessor('configured_status', { header: 'Configured' }),
  ];

  return (
    <>
      <PageHeader
        title="Network peerings"
        description="Connect a private network to another, also of another account. Each side creates the peering; it is active once both have."
        actions={<CreateButton to={links.newNetworkPeering()}>Create peering</CreateButton>}
      />
      <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
        <LabelFilter
          value={labels}
          onChange={(next) =>
            setSearch((current) => {
              const params = new URLSearchParams(current);
              params.delete('label');
              for (const label of next) params.append('label', label);
              return params;
            })
          }
        />
        <ApiCallPanel read={networkPeeringListCall({ labels })} />
      </Box>
      <QueryTable
        query={peerings}
        loading="Loading network peerings"
        failure="Network peerings could not be loaded"
        empty={{
          title: labels.length > 0 ? 'No peering matches.' : 'No network peerings yet.',
          description: 'Peer two private networks that each have a router.',
        }}
        label="Network peerings"
        columns={columns}
        getRowId="uuid"
        rowHeaderColumn="name"
        virtual
      />
    </>
  );
}
