import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import type { Network } from '../../../contract/network';
import { networkListCall, networkQueries } from '../../api/networks';
import { routerQueries } from '../../api/routers';
import { zoneQueries } from '../../api/zones';
import { LabelFilter } from '../../components/label-filter';
import { FilterRow, SelectFilter } from '../../components/list-controls';
import { ApiCallPanel, readsOf } from '../../components/api-call-panel';
import { CreateButton } from '../../components/create-button';
import { PageHeader } from '../../components/page-header';
import { QueryTable } from '../../components/query-table';
import { zoneChoices } from '../../components/zone-options';
import { linkCell } from '../../components/link-cell';
import { ReservedName } from '../../components/reserved-name';
import { links } from '../../lib/links';
import { NetworkFormDialog } from './network-form-dialog';
import { describeLabels } from './network-forms';
import { useSearchUpdate } from '../../components/use-url-state';

const networkTypes = ['private', 'utility', 'public'] as const;
type NetworkType = (typeof networkTypes)[number];
const isNetworkType = (value: string | null): value is NetworkType =>
  (networkTypes as readonly (string | null)[]).includes(value);

const typeFilterOptions = [
  { value: 'all', label: 'All types' },
  { value: 'private', label: 'Private' },
  { value: 'utility', label: 'Utility' },
  { value: 'public', label: 'Public' },
];

const column = createColumnHelper<Network>();

const columns = [
  column.accessor('name', { header: 'Name', cell: linkCell((row) => links.network(row.uuid)) }),
  column.accessor('type', { header: 'Type' }),
  column.accessor('zone', { header: 'Zone' }),
  column.accessor(
    (network) => network.ip_networks.ip_network.map((entry) => entry.address).join(', ') || '—',
    { id: 'addresses', header: 'IP networks' },
  ),
  column.display({
    id: 'router',
    header: 'Router',
    cell: ({ row }) => <RouterName uuid={row.original.router} />,
  }),
  column.accessor((network) => String(network.servers?.server.length ?? 0), {
    id: 'servers',
    header: 'Servers',
  }),
  column.accessor((network) => describeLabels(network.labels) || '—', {
    id: 'labels',
    header: 'Labels',
    meta: { wrap: true },
  }),
];

/**
 * One router list query serves every row (react-query shares it by key). The row shows the
 * router's UUID until the list names it, in a box the name keeps (routers have no page of their
 * own: the routers list holds their whole names).
 */
function RouterName({ uuid }: { uuid: string | undefined }) {
  const routers = useQuery({ ...routerQueries.list(), enabled: uuid !== undefined });
  if (!uuid) return <>—</>;
  return (
    <ReservedName uuid={uuid} name={routers.data?.find((router) => router.uuid === uuid)?.name} />
  );
}

/** Changes to the filters replace only their own query parameters. */
function updateSearch(search: URLSearchParams, changes: Record<string, string | string[] | null>) {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (Array.isArray(value)) for (const item of value) next.append(key, item);
    else if (value) next.set(key, value);
  }
  return next;
}

export function NetworksPage() {
  const [search, setSearch] = useSearchUpdate();
  const navigate = useNavigate();
  const labels = search.getAll('label');
  const zone = search.get('zone') ?? '';
  const typeText = search.get('type');
  const type = isNetworkType(typeText) ? typeText : null;
  const zones = useQuery(zoneQueries.list());
  const networks = useQuery({
    ...networkQueries.list({ labels, ...(zone ? { zone } : {}) }),
    placeholderData: keepPreviousData,
  });
  const [creating, setCreating] = useState(false);
  const change = (changes: Record<string, string | string[] | null>) =>
    setSearch((current) => updateSearch(current, changes));

  // The API filters by label and zone; the type is a view of the same list.
  const shown = (networks.data ?? []).filter(
    (network) => (!type || network.type === type) && (!zone || network.zone === zone),
  );

  return (
    <>
      <PageHeader
        title="Networks"
        description="Private networks of your account and the public and utility networks of every zone."
        actions={
          <CreateButton onClick={() => setCreating(true)}>Create private network</CreateButton>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
        <FilterRow>
          <SelectFilter
            label="Zone"
            value={zone || 'all'}
            options={[{ value: 'all', label: 'All zones' }, ...zoneChoices(zones.data, zone)]}
            onChange={(value) => change({ zone: value === 'all' ? null : value })}
            minWidth={200}
          />
          <SelectFilter
            label="Type"
            value={type ?? 'all'}
            options={typeFilterOptions}
            onChange={(value) => change({ type: value === 'all' ? null : value })}
          />
        </FilterRow>
        <LabelFilter value={labels} onChange={(next) => change({ label: next })} />
        <ApiCallPanel match={readsOf(networkListCall().path)} includeEarlier />
      </Box>
      <QueryTable
        query={networks}
        loading="Loading networks"
        failure="Networks could not be loaded"
        empty={{
          title: 'No network matches.',
          description: 'Change the filters, or create a private network.',
        }}
        rows={shown}
        label="Networks"
        columns={columns}
        getRowId="uuid"
        rowHeaderColumn="name"
        virtual
      />
      {creating && (
        <NetworkFormDialog
          onClose={() => setCreating(false)}
          onSaved={(network) => void navigate(links.network(network.uuid))}
        />
      )}
    </>
  );
}
