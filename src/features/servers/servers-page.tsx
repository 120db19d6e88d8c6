import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router';
import type { ServerSummary } from '../../../contract/server';
import { serverQueries } from '../../api/servers';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { StateChip } from '../../components/state-chip';
import { formatMebibytes } from '../../lib/format';
import { resourcePaths } from '../../lib/resource-paths';

const column = createColumnHelper<ServerSummary>();

const columns = [
  column.accessor('title', {
    header: 'Title',
    cell: ({ row }) => (
      <Link component={RouterLink} to={resourcePaths.server(row.original.uuid)}>
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
  const servers = useQuery(serverQueries.list());
  const createButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      component={RouterLink}
      to={resourcePaths.newServer()}
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
      {servers.isPending && <LoadingState label="Loading servers" />}
      {servers.isError && (
        <ErrorState
          error={servers.error}
          title="Servers could not be loaded"
          onRetry={() => void servers.refetch()}
        />
      )}
      {servers.isSuccess &&
        (servers.data.length === 0 ? (
          <EmptyState title="No servers yet." action={createButton} />
        ) : (
          <DataTable
            label="Servers"
            columns={columns}
            data={servers.data}
            getRowId={(server) => server.uuid}
            rowHeaderColumn="title"
          />
        ))}
    </>
  );
}
