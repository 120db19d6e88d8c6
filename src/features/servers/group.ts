import DnsIcon from '@mui/icons-material/Dns';
import { defineGroup } from '../../lib/group-manifest';

export const serversGroup = defineGroup({
  name: 'servers',
  load: () => import('./pages'),
  pages: [
    {
      link: 'servers',
      path: '/servers',
      label: 'Servers',
      page: 'ServersPage',
      prefetch: () => import('./prefetch'),
      description: 'Create, start, stop and delete servers.',
      icon: DnsIcon,
      section: 'Compute',
      shortcut: 's',
      children: [
        { link: 'newServer', path: 'new', label: 'Create server', page: 'CreateServerPage' },
        {
          link: 'server',
          path: ':uuid',
          label: 'Server',
          page: 'ServerDetailPage',
          kind: 'server',
        },
      ],
    },
  ],
});
