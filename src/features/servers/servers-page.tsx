import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ServerSummary } from '../../../contract/server';
import { serverSortFields, serverStateSchema } from '../../../contract/server';
import type { ServerListParams } from '../../api/servers';
import {
  changeServerLabel,
  deleteServer,
  serverPageCall,
  serverQueries,
  startServer,
  stopServer,
} from '../../api/servers';
import { storageQueries } from '../../api/storage';
import { ApiCallPanel } from '../../components/api-call-panel';
import type { BulkAction } from '../../components/bulk-actions';
import { BulkActions, SelectionProvider, selectionColumn } from '../../components/bulk-actions';
import { DataTable } from '../../components/data-table';
import { LabelFilter } from '../../components/label-filter';
import { Pager, SearchBox } from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { StateChip } from '../../components/state-chip';
import { formatMebibytes } from '../../lib/format';
import { pageSize, positiveInt, updateSearch } from '../../lib/list-params';
import { links } from '../../lib/links';

const defaultPageSize = 25;
const serverStates = serverStateSchema.options;

/** The server list the URL describes; unknown values fall back to the defaults. */
export function readServerListParams(search: URLSearchParams): ServerListParams {
  const params: ServerListParams = {
    limit: pageSize(search.get('limit'), defaultPageSize),
    offset: positiveInt(search.get('offset'), 0),
  };
  const state = serverStateSchema.safeParse(search.get('state'));
  if (state.success) params.state = state.data;
  const labels = search.getAll('label');
  if (labels.length > 0) params.labels = labels;
  const text = search.get('search');
  if (text) params.search = text;
  const sortBy = serverSortFields.find((field) => field === search.get('sort'));
  if (sortBy) {
    params.sortBy = sortBy;
    params.orderBy = search.get('order') === 'desc' ? 'desc' : 'asc';
  }
  return params;
}

const column = createColumnHelper<ServerSummary>();

const bulkActions: BulkAction<ServerSummary>[] = [
  {
    id: 'start',
    label: 'Start',
    description: 'Servers that are already running are refused and listed as failed.',
    run: (server) => startServer(server.uuid),
  },
  {
    id: 'stop',
    label: 'Stop',
    description: 'A soft stop asks each operating system to shut down.',
    run: (server) => stopServer(server.uuid),
  },
  {
    id: 'delete',
    label: 'Delete',
    destructive: true,
    description:
      'Only stopped servers can be deleted; the others are refused. Attached storages are kept and go on being billed.',
    run: (server) => deleteServer(server.uuid, { deleteStorages: false, backups: 'keep' }),
  },
  {
    id: 'add-label',
    label: 'Add label',
    labelInput: 'add',
    description: 'A label with the same key is replaced.',
    run: (server, label) => changeServerLabel(server.uuid, label.key, label.value),
  },
  {
    id: 'remove-label',
    label: 'Remove label',
    labelInput: 'remove',
    run: (server, label) => changeServerLabel(server.uuid, label.key, null),
  },
];

const columns = [
  selectionColumn<ServerSummary>((server) => server.title, 'servers'),
  column.accessor('title', {
    header: 'Title',
    cell: ({ row }) => (
      <Link component={RouterLink} to={links.server(row.original.uuid)}>
        {row.original.title}
      </Link>
    ),
  }),
  column.accessor('state', {
    header: 'State',
    cell: ({ row }) => <StateChip state={row.original.state} progress={row.original.progress} />,
  }),
  column.accessor('zone', { header: 'Zone' }),
  column.accessor('plan', { header: 'Plan' }),
  column.display({
    id: 'size',
    header: 'Cores / memory',
    cell: ({ row }) =>
      `${row.original.core_number} × CPU, ${formatMebibytes(Number(row.original.memory_amount))}`,
  }),
  column.accessor((server) => server.tags.tag.join(', ') || '—', { id: 'tags', header: 'Tags' }),
  column.accessor(
    (server) =>
      server.labels.label.map(({ key, value }) => (value ? `${key}=${value}` : key)).join(', ') ||
      '—',
    { id: 'labels', header: 'Labels' },
  ),
];

export function ServersPage() {
  const [search, setSearch] = useSearchParams();
  const params = readServerListParams(search);
  const servers = useQuery({ ...serverQueries.page(params), placeholderData: keepPreviousData });
  const change = (changes: Record<string, string | string[] | null>, keepOffset = false) =>
    setSearch((current) => updateSearch(current, changes, { keepOffset }));
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedServers = (servers.data?.servers ?? []).filter((server) =>
    selected.has(server.uuid),
  );
  const filtered = Boolean(params.search || params.state || params.labels || params.offset);

  const createButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      component={RouterLink}
      to={links.newServer()}
    >
      Create server
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Servers"
        description="Your cloud servers in every zone. States update by themselves while a server starts, stops or is created."
        actions={createButton}
      />
      <Box sx={{ display: 'grid', gap: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            select
            size="small"
            label="State"
            value={params.state ?? 'all'}
            onChange={(event) =>
              change({ state: event.target.value === 'all' ? null : event.target.value })
            }
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="all">All states</MenuItem>
            {serverStates.map((state) => (
              <MenuItem key={state} value={state}>
                {state[0]!.toUpperCase() + state.slice(1)}
              </MenuItem>
            ))}
          </TextField>
          <SearchBox
            label="Search title, hostname or UUID"
            value={params.search ?? ''}
            onSearch={(text) => change({ search: text.trim() || null })}
          />
        </Box>
        <LabelFilter value={params.labels ?? []} onChange={(labels) => change({ label: labels })} />
        <ApiCallPanel read={serverPageCall(params)} />
      </Box>
      {servers.isPending && <LoadingState label="Loading servers" />}
      {servers.isError && (
        <ErrorState
          error={servers.error}
          title="Servers could not be loaded"
          onRetry={() => void servers.refetch()}
        />
      )}
      {servers.isSuccess &&
        (servers.data.servers.length === 0 ? (
          filtered ? (
            <EmptyState
              title={params.offset > 0 ? 'No more servers on this page.' : 'No server matches.'}
              description="Change the filters to see more servers."
            />
          ) : (
            <EmptyState title="No servers yet." action={createButton} />
          )
        ) : (
          <SelectionProvider value={{ selected, setSelected }}>
            <Box sx={{ display: 'grid', gap: 1 }}>
              <BulkActions
                items={selectedServers}
                idOf={(server) => server.uuid}
                nameOf={(server) => server.title}
                noun={{ one: 'server', many: 'servers' }}
                actions={bulkActions}
                onFinished={() => {
                  setSelected(new Set());
                  void queryClient.invalidateQueries({ queryKey: serverQueries.all() });
                  void queryClient.invalidateQueries({ queryKey: storageQueries.all() });
                }}
              />
              <DataTable
                label="Servers"
                columns={columns}
                data={servers.data.servers}
                getRowId={(server) => server.uuid}
                rowHeaderColumn="title"
                sorting={{
                  sortable: serverSortFields,
                  sortBy: params.sortBy,
                  order: params.orderBy ?? 'asc',
                  onSort: (columnId) =>
                    change({
                      sort: columnId,
                      order:
                        params.sortBy === columnId && params.orderBy !== 'desc' ? 'desc' : 'asc',
                    }),
                }}
              />
            </Box>
          </SelectionProvider>
        ))}
      {servers.isSuccess && (
        <Pager
          limit={params.limit}
          offset={params.offset}
          count={servers.data.servers.length}
          hasNextPage={servers.data.hasNextPage}
          onLimit={(size) => change({ limit: String(size) })}
          onOffset={(next) => change({ offset: String(next) }, true)}
        />
      )}
    </>
  );
}
