import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import type { ServerDetails, ServerEvent, ServerStorageDevice } from '../../../contract/server';
import { serverQueries, useRestartServer, useStartServer, useStopServer } from '../../api/servers';
import { ServerTagsField } from './server-tags-field';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useSuccessNotice } from '../../components/success-notice';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { ResourceTabs, useOverviewPanel } from '../../components/resource-tabs';
import { QueryTable } from '../../components/query-table';
import { StateChip } from '../../components/state-chip';
import { formatDateTime, formatGibibytes, formatMebibytes } from '../../lib/format';
import { links } from '../../lib/links';
import { tierCell } from '../../components/value-cells';
import { DeleteServerDialog } from './delete-server-dialog';
import { ServerGroupField } from './server-group-field';
import { routeDetailPage } from '../../components/detail-query';
import { DescriptionList, Field } from '../../components/description-list';
import { isSystemLabel, labelsText } from '../../lib/labels';
import { consoleSection, ServerConsole } from './server-console';
import { backupsSection, ServerBackupsPanel } from './server-backups-tab';
import { ServerOperationButtons } from './server-operations';
import { FirewallTab, firewallSection } from './firewall/firewall-tab';
import { PageSection } from '../../components/page-section';
import { RouterLink } from '../../components/router-link';
import { HostName } from '../../components/host-name';

export const ServerDetailPage = routeDetailPage(serverQueries.detail, 'Server', (server) => (
  <ServerView server={server} />
));

const deviceColumn = createColumnHelper<ServerStorageDevice>();
const deviceColumns = [
  deviceColumn.accessor('storage_title', {
    header: 'Storage',
    cell: ({ row }) =>
      row.original.storage ? (
        <Link component={RouterLink} to={links.storageDetail(row.original.storage)}>
          {row.original.storage_title || row.original.storage}
        </Link>
      ) : (
        'Empty CD-ROM drive'
      ),
  }),
  deviceColumn.accessor('address', { header: 'Address' }),
  deviceColumn.accessor('type', { header: 'Type' }),
  deviceColumn.accessor('storage_size', {
    header: 'Size',
    cell: (info) => formatGibibytes(info.getValue()),
  }),
  deviceColumn.accessor('storage_tier', { header: 'Tier', cell: tierCell }),
  deviceColumn.accessor('boot_disk', {
    header: 'Boot disk',
    cell: ({ row, table }) => (row.original === bootDevice(table.options.data) ? 'Yes' : 'No'),
  }),
];

/**
 * The device the server boots from. The API flags a disk only when a client asked for one
 * (`boot_disk: "1"` on attach); a server created from a template answers `"0"` on its OS disk
 * (the real service does so in the recorded exchanges of UpCloud's Go SDK) and boots from its
 * first disk.
 */
function bootDevice(devices: ServerStorageDevice[]): ServerStorageDevice | undefined {
  return (
    devices.find((device) => device.boot_disk === '1') ??
    devices.find((device) => device.type === 'disk')
  );
}

const eventColumn = createColumnHelper<ServerEvent>();
const eventWords: Record<ServerEvent['type'], string> = {
  server_create: 'Created',
  server_error: 'Error',
  server_modify: 'Modified',
  server_shutdown: 'Shut down',
  server_start: 'Started',
  server_start_init: 'Starting',
  server_stop: 'Stopped',
  server_storage_attach: 'Storage attached',
  server_storage_detach: 'Storage detached',
};
const eventColumns = [
  eventColumn.accessor('time', { header: 'Time', cell: (info) => formatDateTime(info.getValue()) }),
  eventColumn.accessor('type', { header: 'Event', cell: (info) => eventWords[info.getValue()] }),
  eventColumn.accessor((event) => event.email ?? '—', { id: 'by', header: 'By' }),
];

const sections = [firewallSection, backupsSection, consoleSection];

function ServerView({ server }: { server: ServerDetails }) {
  const navigate = useNavigate();
  const overviewPanel = useOverviewPanel(sections);
  const start = useStartServer();
  const stop = useStopServer();
  const restart = useRestartServer();
  const events = useQuery(serverQueries.events(server.uuid, server.state));
  const [deleting, setDeleting] = useState(false);
  const { notify, notice } = useSuccessNotice();
  const busy = start.isPending || stop.isPending || restart.isPending;
  const failure = start.error ?? stop.error ?? restart.error;
  /** Each power change: the state it needs, its button's words, and the notice once asked. */
  const powerActions = [
    {
      mutation: start,
      from: 'stopped',
      label: 'Start',
      pendingLabel: 'Starting…',
      done: 'Start requested: the server is starting',
    },
    {
      mutation: stop,
      from: 'started',
      label: 'Stop',
      pendingLabel: 'Stopping…',
      done: 'Stop requested: the server is stopping',
    },
    {
      mutation: restart,
      from: 'started',
      label: 'Restart',
      pendingLabel: 'Restarting…',
      done: 'Restart requested: the server is restarting',
    },
  ];

  const actions = (
    <>
      {powerActions.map(({ mutation, from, label, pendingLabel, done }) => (
        <Button
          key={label}
          variant="outlined"
          disabled={server.state !== from || busy}
          onClick={() =>
            mutation.mutate(server.uuid, { onSuccess: () => notify({ message: done }) })
          }
        >
          {mutation.isPending ? pendingLabel : label}
        </Button>
      ))}
      <Button
        variant="outlined"
        color="error"
        disabled={server.state !== 'stopped' || busy}
        onClick={() => setDeleting(true)}
      >
        Delete
      </Button>
      <ServerOperationButtons server={server} notify={notify} />
    </>
  );

  const interfaces = server.networking.interfaces.interface;
  return (
    <>
      <PageHeader title={server.title} crumb={server.title} actions={actions} />
      {notice}
      <ResourceTabs resourceId={server.uuid} sections={sections} />
      <ServerBackupsPanel server={server} sections={sections} />
      {/* minmax(0, 1fr): the tables scroll on a phone instead of widening the page. */}
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}
        {...overviewPanel}
      >
        {failure && <ApiErrorAlert error={failure} title="The server did not change state" />}
        {server.state !== 'stopped' && (
          <Typography color="text.secondary">Only a stopped server can be deleted.</Typography>
        )}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <DescriptionList>
            <Field term="State">
              <StateChip state={server.state} progress={server.progress} showProgress />
            </Field>
            <Field term="UUID">
              <code>{server.uuid}</code>
            </Field>
            <Field term="Hostname">
              <HostName name={server.hostname} />
            </Field>
            <Field term="Zone">{server.zone}</Field>
            <Field term="Plan">{server.plan}</Field>
            <Field term="Cores and memory">
              {`${server.core_number} CPU, ${formatMebibytes(Number(server.memory_amount))}`}
            </Field>
            <Field term="Tags">{<ServerTagsField server={server} notify={notify} />}</Field>
            <Field term="Labels">{labelsText(server.labels.label) || '—'}</Field>
            <ServerGroupField group={server.server_group} />
            {server.labels.label.some(isSystemLabel) && (
              <Field term="System labels">{labelsText(server.labels.label, true)}</Field>
            )}
          </DescriptionList>
        </Paper>
        <PageSection title="Storage devices">
          {server.storage_devices.storage_device.length === 0 ? (
            <Typography color="text.secondary">No storage attached.</Typography>
          ) : (
            <DataTable
              label="Storage devices"
              columns={deviceColumns}
              data={server.storage_devices.storage_device}
              getRowId={(device) => device.address}
              rowHeaderColumn="storage_title"
            />
          )}
        </PageSection>
        <PageSection title="Network">
          {interfaces.length === 0 && server.ip_addresses.ip_address.length === 0 ? (
            <Typography color="text.secondary">No network interfaces.</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0 }}>
              {interfaces.map((nic) => (
                <li key={nic.index}>
                  {`Interface ${nic.index} (${nic.type}, ${nic.mac}): ${
                    nic.ip_addresses.ip_address
                      .map((ip) => `${ip.address} (${ip.family})`)
                      .join(', ') || 'no addresses'
                  }`}
                </li>
              ))}
              {interfaces.length === 0 &&
                server.ip_addresses.ip_address.map((ip) => (
                  <li key={ip.address}>{`${ip.address} (${ip.access}, ${ip.family})`}</li>
                ))}
            </Box>
          )}
        </PageSection>
        <PageSection title="Events">
          <QueryTable
            query={events}
            loading="Loading events"
            failure="Events could not be loaded"
            empty={{ title: 'No events yet.' }}
            label="Events, newest first"
            columns={eventColumns}
            getRowId={(event) => `${event.time}-${event.type}`}
          />
        </PageSection>
      </Box>
      <ServerConsole server={server} sections={sections} notify={notify} />
      <FirewallTab server={server} sections={sections} notify={notify} />
      {deleting && (
        <DeleteServerDialog
          server={server}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate(links.servers())}
        />
      )}
    </>
  );
}
