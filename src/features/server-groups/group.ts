import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { defineGroup } from '../../lib/group-manifest';

export const serverGroupsGroup = defineGroup({
  name: 'server-groups',
  load: () => import('./pages'),
  pages: [
    {
      link: 'serverGroups',
      path: '/server-groups',
      label: 'Server groups',
      page: 'ServerGroupsPage',
      prefetch: () => import('./prefetch'),
      description: 'Group servers and keep them on separate hosts (anti-affinity).',
      icon: WorkspacesIcon,
      shortcut: 'v',
      section: 'Compute',
      children: [
        {
          link: 'serverGroup',
          path: ':uuid',
          label: 'Server group',
          page: 'ServerGroupDetailPage',
          kind: 'serverGroup',
        },
      ],
    },
  ],
});
