import LanIcon from '@mui/icons-material/Lan';
import RouterIcon from '@mui/icons-material/Router';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';

const networks = '/networks';
const paths = {
  networks: () => networks,
  network: (uuid: string) => `${networks}/${uuid}`,
  routers: () => '/routers',
};

declare module '../../lib/links' {
  interface GroupPaths {
    networks: typeof paths;
  }
}

const pages = () => import('./pages');

export const networksGroup: GroupManifest<typeof paths> = {
  name: 'networks',
  paths,
  routes: [
    {
      path: paths.networks(),
      crumb: 'Networks',
      page: lazyPage(pages, (m) => m.NetworksPage),
      children: [
        {
          path: paths.network(':uuid'),
          crumb: 'Network',
          page: lazyPage(pages, (m) => m.NetworkDetailPage),
        },
      ],
    },
    { path: paths.routers(), crumb: 'Routers', page: lazyPage(pages, (m) => m.RoutersPage) },
  ],
  navigation: [
    {
      label: 'Networks',
      description:
        'Private networks with their IP ranges and DHCP, and each zone’s shared networks.',
      to: paths.networks(),
      icon: LanIcon,
      shortcut: 'n',
    },
    {
      label: 'Routers',
      description: 'Routers that connect private networks; peerings need one on each network.',
      to: paths.routers(),
      icon: RouterIcon,
    },
  ],
  resource: { kind: 'network', page: paths.network },
};
