import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import type { ServerSummary } from '../../../contract/server';
import type { ServerGroup } from '../../../contract/server-group';
import {
  deleteServerGroupCall,
  serverGroupQueries,
  useAddServerGroupMember,
  useDeleteServerGroup,
  useRemoveServerGroupMember,
} from '../../api/server-groups';
import { serverQueries } from '../../api/servers';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { ConfirmDialog, confirmMutation, confirmWords } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { routeDetailPage } from '../../components/detail-query';
import { DescriptionList, Field } from '../../components/description-list';
import { PageHeader } from '../../components/page-header';
import { PageSection } from '../../components/page-section';
import { StateChip } from '../../components/state-chip';
import { links } from '../../lib/links';
import { groupStatus, memberStatus } from './anti-affinity';
import { policyLabels, ServerGroupDialog } from './server-group-dialog';
import { TitleLink } from './title-link';

const labelsOf = (group: ServerGroup) =>
  group.labels.label.map((label) => `${label.key}=${label.value}`).join(', ') || '—';

function ServerGroupDetails({ group }: { group: ServerGroup }) {
  const navigate = useNavigate();
  const [action, setAction] = useState<'edit' | 'delete' | null>(null);
  const close = () => setAction(null);

  return (
    <>
      <PageHeader
        title={group.title}
        crumb={group.title}
        actions={
          <>
            <Button variant="outlined" onClick={() => setAction('edit')}>
              Edit
            </Button>
            <Button variant="outlined" color="error" onClick={() => setAction('delete')}>
              Delete
            </Button>
          </>
        }
      />
      {/* minmax(0, 1fr): the members table scrolls on a phone instead of widening the page. */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <DescriptionList>
            <Field term="UUID">
              <code>{group.uuid}</code>
            </Field>
            <Field term="Policy">{policyLabels[group.anti_affinity]}</Field>
            <Field term="Anti-affinity status">{groupStatus(group)}</Field>
            <Field term="Labels">{labelsOf(group)}</Field>
          </DescriptionList>
        </Paper>
        <Members group={group} />
      </Box>
      {action === 'edit' && <ServerGroupDialog group={group} onClose={close} onSaved={close} />}
      {action === 'delete' && (
        <DeleteServerGroupDialog
          group={group}
          onClose={close}
          onDeleted={() => void navigate(links.serverGroups())}
        />
      )}
    </>
  );
}

const memberColumn = createColumnHelper<ServerSummary>();

function Members({ group }: { group: ServerGroup }) {
  const servers = useQuery(serverQueries.list());
  const add = useAddServerGroupMember(group.uuid);
  const remove = useRemoveServerGroupMember(group.uuid);
  const [chosen, setChosen] = useState('');
  const members = group.servers.server;
  const byUuid = new Map((servers.data ?? []).map((server) => [server.uuid, server]));
  const rows = members.map(
    (uuid) => byUuid.get(uuid) ?? ({ uuid, title: uuid, zone: '—' } as ServerSummary),
  );
  // A server is in one group at most (api-reference-notes §16.1): only the others are offered.
  const candidates = (servers.data ?? []).filter((server) => !server.server_group);

  const columns = [
    memberColumn.accessor('title', {
      header: 'Server',
      cell: ({ row: { original: server } }) => (
        <TitleLink title={server.title} to={links.server(server.uuid)} />
      ),
    }),
    memberColumn.accessor('zone', { header: 'Zone' }),
    memberColumn.accessor('state', {
      header: 'State',
      cell: (info) => (info.getValue() ? <StateChip state={info.getValue()} /> : '—'),
    }),
    // A stopped server runs on no host (the real service leaves `host` out).
    memberColumn.accessor(
      (server) => (server.state === 'stopped' ? '—' : (server.host?.toString() ?? '—')),
      {
        id: 'host',
        header: 'Host',
      },
    ),
    memberColumn.accessor((server) => memberStatus(group, server.uuid), {
      id: 'status',
      header: 'Anti-affinity status',
    }),
    memberColumn.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: server } }) => (
        <Button
          size="small"
          disabled={remove.isPending}
          onClick={() => remove.mutate(server.uuid)}
          aria-label={`Remove ${server.title} from the group`}
        >
          Remove
        </Button>
      ),
    }),
  ];

  return (
    <PageSection title="Members">
      {members.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No server is in this group.
        </Typography>
      ) : (
        <DataTable
          label="Members"
          columns={columns}
          data={rows}
          getRowId="uuid"
          rowHeaderColumn="title"
        />
      )}
      <Box
        component="form"
        aria-label="Add a server"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen) add.mutate(chosen, { onSuccess: () => setChosen('') });
        }}
      >
        <TextField
          select
          size="small"
          label="Server to add"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 240 }}
          helperText={
            servers.isSuccess && candidates.length === 0 ? 'Every server is in a group.' : ' '
          }
        >
          {candidates.map((server) => (
            <MenuItem key={server.uuid} value={server.uuid}>
              {server.title}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={!chosen || add.isPending}>
          Add server
        </Button>
      </Box>
      {add.error && <ApiErrorAlert error={add.error} title="The server could not be added" />}
      {remove.error && (
        <ApiErrorAlert error={remove.error} title="The server could not be removed" />
      )}
    </PageSection>
  );
}

function DeleteServerGroupDialog({
  group,
  onClose,
  onDeleted,
}: {
  group: ServerGroup;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const deleteGroup = useDeleteServerGroup(group.uuid);
  const count = group.servers.server.length;
  return (
    <ConfirmDialog
      open
      title={`Delete the server group “${group.title}”?`}
      {...confirmWords('delete', 'server group')}
      {...confirmMutation(deleteGroup, undefined, onDeleted)}
      apiCall={deleteServerGroupCall(group.uuid)}
      onClose={onClose}
    >
      {count === 0
        ? 'The group has no members.'
        : `Its ${count === 1 ? 'server stays' : `${count} servers stay`}, in no group.`}
    </ConfirmDialog>
  );
}

export const ServerGroupDetailPage = routeDetailPage(
  serverGroupQueries.detail,
  'Server group',
  (group) => <ServerGroupDetails group={group} />,
);
