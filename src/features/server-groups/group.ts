import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { defineGroup } from '../../lib/group-manifest';

const serverGroups = '/server-groups';
const paths = {
  serverGroups: () => serverGroups,
  serverGroup: (uuid: string) => `${serverGroups}/${uuid}`,
};

export const serverGroupsGroup = defineGroup({
  name: 'server-groups',
  paths,
  resource: { kind: 'serverGroup', page: paths.serverGroup },
  load: () => import('./pages'),
  pages: [
    {
      path: paths.serverGroups(),
      label: 'Server groups',
      page: 'ServerGroupsPage',
      prefetch: () => import('./prefetch'),
      description: 'Group servers and keep them on separate hosts (anti-affinity).',
      icon: WorkspacesIcon,
      shortcut: 'v',
      section: 'Compute',
      children: [
        {
          path: paths.serverGroup(':uuid'),
          label: 'Server group',
          page: 'ServerGroupDetailPage',
        },
      ],
    },
  ],
});
