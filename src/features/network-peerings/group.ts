import HubIcon from '@mui/icons-material/Hub';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';
import { withQuery } from '../../lib/links';

const peerings = '/network-peerings';
const paths = {
  networkPeerings: () => peerings,
  newNetworkPeering: (network?: string) => withQuery(`${peerings}/new`, { network }),
  networkPeering: (uuid: string) => `${peerings}/${uuid}`,
};

declare module '../../lib/links' {
  interface GroupPaths {
    networkPeerings: typeof paths;
  }
}

const pages = () => import('./pages');

export const networkPeeringsGroup: GroupManifest<typeof paths> = {
  name: 'network-peerings',
  paths,
  routes: [
    {
      path: paths.networkPeerings(),
      crumb: 'Network peerings',
      page: lazyPage(pages, (m) => m.NetworkPeeringsPage),
      children: [
        {
          path: paths.newNetworkPeering(),
          crumb: 'Create peering',
          page: lazyPage(pages, (m) => m.CreatePeeringPage),
        },
        {
          path: paths.networkPeering(':uuid'),
          crumb: 'Network peering',
          page: lazyPage(pages, (m) => m.NetworkPeeringDetailPage),
        },
      ],
    },
  ],
  navigation: [
    {
      label: 'Network peerings',
      description: 'Connect private networks, also across accounts.',
      to: paths.networkPeerings(),
      icon: HubIcon,
    },
  ],
  resource: { kind: 'networkPeering', page: paths.networkPeering },
};
