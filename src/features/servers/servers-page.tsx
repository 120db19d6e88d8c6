import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { ServerSummary } from '../../../contract/server';
import { serverSortFields, serverStateSchema } from '../../../contract/server';
import {
  serverPageCall,
  serverQueries,
  useChangeServerLabel,
  useDeleteServer,
  useStartServer,
  useStopServer,
} from '../../api/servers';
import type { BulkAction } from '../../components/bulk-actions';
import {
  BulkSelection,
  BulkToolbar,
  labelActions,
  selectionColumn,
} from '../../components/bulk-actions';
import { CreateButton } from '../../components/create-button';
import { DataTable } from '../../components/data-table';
import { LabelFilter } from '../../components/label-filter';
import { FilterRow, SearchBox, SelectFilter } from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/query-state';
import { stateCell } from '../../components/state-cell';
import { labelsCell } from '../../components/value-cells';
import { urlSorting, useUrlState } from '../../components/use-url-state';
import { formatMebibytes } from '../../lib/format';
import { linkCell } from '../../components/link-cell';
import { links } from '../../lib/links';
import { serverListUrl } from './server-list-params';

const stateOptions = [
  { value: 'all', label: 'All states' },
  ...serverStateSchema.options.map((state) => ({
    value: state,
    label: state[0]!.toUpperCase() + state.slice(1),
  })),
];

/** Each runs the server's own mutation, which keeps the cache up to date. */
function useBulkActions(): BulkAction<ServerSummary>[] {
  const start = useStartServer();
  const stop = useStopServer();
  const remove = useDeleteServer();
  const changeLabel = useChangeServerLabel();
  return [
    {
      id: 'start',
      label: 'Start',
      skip: (server) => (server.state === 'started' ? 'already started' : undefined),
      run: (server) => start.mutateAsync(server.uuid),
    },
    {
      id: 'stop',
      label: 'Stop',
      description: 'A soft stop asks each operating system to shut down.',
      skip: (server) => (server.state === 'stopped' ? 'already stopped' : undefined),
      run: (server) => stop.mutateAsync(server.uuid),
    },
    {
      id: 'delete',
      label: 'Delete',
      destructive: true,
      description:
        'Only stopped servers can be deleted; the others are refused. Attached storages are kept and go on being billed.',
      run: (server) =>
        remove.mutateAsync({ uuid: server.uuid, deleteStorages: false, backups: 'keep' }),
    },
    ...labelActions<ServerSummary>((server, key, value) =>
      changeLabel.mutateAsync({ uuid: server.uuid, key, value }),
    ),
  ];
}

const column = createColumnHelper<ServerSummary>();

const columns = [
  selectionColumn<ServerSummary>((server) => server.title, 'servers'),
  column.accessor('title', { header: 'Title', cell: linkCell((row) => links.server(row.uuid)) }),
  column.accessor('state', { header: 'State', cell: stateCell }),
  column.accessor('zone', { header: 'Zone' }),
  column.accessor('plan', { header: 'Plan' }),
  column.display({
    id: 'size',
    header: 'Cores / memory',
    cell: ({ row }) =>
      `${row.original.core_number} × CPU, ${formatMebibytes(Number(row.original.memory_amount))}`,
  }),
  column.accessor((server) => server.tags.tag.join(', ') || '—', {
    id: 'tags',
    header: 'Tags',
    meta: { wrap: true },
  }),
  column.accessor((server) => server.labels.label, {
    id: 'labels',
    header: 'Labels',
    cell: labelsCell,
    meta: { wrap: true },
  }),
];

export function ServersPage() {
  const { state: params, change } = useUrlState(serverListUrl);
  const servers = useQuery({ ...serverQueries.page(params), placeholderData: keepPreviousData });
  const bulkActions = useBulkActions();
  const filtered = Boolean(params.search || params.state || params.label || params.offset);

  const createButton = <CreateButton to={links.newServer()}>Create server</CreateButton>;
  const filters = (
    <>
      <FilterRow>
        <SelectFilter
          label="State"
          value={params.state ?? 'all'}
          options={stateOptions}
          onChange={(value) => change({ state: value === 'all' ? null : value })}
        />
        <SearchBox
          label="Search title, hostname or UUID"
          value={params.search ?? ''}
          onSearch={(text) => change({ search: text.trim() || null })}
        />
      </FilterRow>
      <LabelFilter value={params.label ?? []} onChange={(labels) => change({ label: labels })} />
    </>
  );
  return (
    <>
      <PageHeader
        title="Servers"
        description="Your cloud servers in every zone. States update by themselves while a server starts, stops or is created."
        actions={createButton}
      />
      <BulkSelection
        idOf={(server: ServerSummary) => server.uuid}
        nameOf={(server) => server.title}
        noun={{ one: 'server', many: 'servers' }}
        actions={bulkActions}
      >
        <PagedList
          query={servers}
          loadingLabel="Loading servers"
          errorTitle="Servers could not be loaded"
          filters={filters}
          read={serverPageCall(params)}
          empty={
            filtered ? (
              <EmptyState
                title={params.offset > 0 ? 'No more servers on this page.' : 'No server matches.'}
                description="Change the filters to see more servers."
              />
            ) : (
              <EmptyState title="No servers yet." action={createButton} />
            )
          }
          paging={{ limit: params.limit, offset: params.offset, change }}
        >
          {(items) => (
            <BulkToolbar rows={items}>
              <DataTable
                label="Servers"
                columns={columns}
                data={items}
                getRowId={(server) => server.uuid}
                rowHeaderColumn="title"
                sorting={urlSorting(serverSortFields, params, change)}
              />
            </BulkToolbar>
          )}
        </PagedList>
      </BulkSelection>
    </>
  );
}
