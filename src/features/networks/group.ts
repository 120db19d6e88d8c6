import LanIcon from '@mui/icons-material/Lan';
import RouterIcon from '@mui/icons-material/Router';
import { defineGroup } from '../../lib/group-manifest';

export const networksGroup = defineGroup({
  name: 'networks',
  load: () => import('./pages'),
  pages: [
    {
      link: 'networks',
      path: '/networks',
      label: 'Networks',
      page: 'NetworksPage',
      description:
        'Private networks with their IP ranges and DHCP, and each zone’s shared networks.',
      icon: LanIcon,
      section: 'Network',
      shortcut: 'n',
      children: [
        {
          link: 'network',
          path: ':uuid',
          label: 'Network',
          page: 'NetworkDetailPage',
          kind: 'network',
        },
      ],
    },
    {
      link: 'routers',
      path: '/routers',
      label: 'Routers',
      page: 'RoutersPage',
      description: 'Routers that connect private networks; peerings need one on each network.',
      icon: RouterIcon,
      section: 'Network',
    },
  ],
});
