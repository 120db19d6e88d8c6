import LanIcon from '@mui/icons-material/Lan';
import RouterIcon from '@mui/icons-material/Router';
import { defineGroup } from '../../lib/group-manifest';

const networks = '/networks';
const paths = {
  networks: () => networks,
  network: (uuid: string) => `${networks}/${uuid}`,
  routers: () => '/routers',
};

export const networksGroup = defineGroup({
  name: 'networks',
  paths,
  resource: { kind: 'network', page: paths.network },
  load: () => import('./pages'),
  pages: [
    {
      path: paths.networks(),
      label: 'Networks',
      page: 'NetworksPage',
      description:
        'Private networks with their IP ranges and DHCP, and each zone’s shared networks.',
      icon: LanIcon,
      section: 'Network',
      shortcut: 'n',
      children: [{ path: paths.network(':uuid'), label: 'Network', page: 'NetworkDetailPage' }],
    },
    {
      path: paths.routers(),
      label: 'Routers',
      page: 'RoutersPage',
      description: 'Routers that connect private networks; peerings need one on each network.',
      icon: RouterIcon,
      section: 'Network',
    },
  ],
});
