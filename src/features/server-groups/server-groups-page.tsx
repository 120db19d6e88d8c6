import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useNavigate } from 'react-router';
import type { ServerGroup } from '../../../contract/server-group';
import { serverGroupQueries } from '../../api/server-groups';
import { CreateButton } from '../../components/create-button';
import { PageHeader } from '../../components/page-header';
import { QueryTable } from '../../components/query-table';
import { countOf } from '../../lib/format';
import { links } from '../../lib/links';
import { groupStatus } from './anti-affinity';
import { policyLabels, ServerGroupDialog } from './server-group-dialog';
import { TitleLink } from './title-link';

const column = createColumnHelper<ServerGroup>();
const columns = [
  column.accessor('title', {
    header: 'Title',
    cell: ({ row: { original: group } }) => (
      <TitleLink title={group.title} to={links.serverGroup(group.uuid)} />
    ),
  }),
  column.accessor((group) => policyLabels[group.anti_affinity], {
    id: 'policy',
    header: 'Policy',
  }),
  column.accessor((group) => group.servers.server.length, {
    id: 'members',
    header: 'Members',
    cell: (info) => countOf(info.getValue(), 'server'),
  }),
  column.accessor(groupStatus, { id: 'status', header: 'Anti-affinity status' }),
];

export function ServerGroupsPage() {
  const groups = useQuery(serverGroupQueries.list());
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title="Server groups"
        description="Group servers and keep them on separate hosts: anti-affinity applies when a member starts."
        actions={<CreateButton onClick={() => setCreating(true)}>Create server group</CreateButton>}
      />
      <QueryTable
        query={groups}
        loading="Loading server groups"
        failure="Server groups could not be loaded"
        empty={{
          title: 'No server groups yet.',
          description: 'Create one, then add servers that should not share a host.',
        }}
        label="Server groups"
        columns={columns}
        getRowId="uuid"
        rowHeaderColumn="title"
      />
      {creating && (
        <ServerGroupDialog
          onClose={() => setCreating(false)}
          onSaved={(group) => {
            setCreating(false);
            void navigate(links.serverGroup(group.uuid));
          }}
        />
      )}
    </>
  );
}
