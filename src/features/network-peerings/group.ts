import HubIcon from '@mui/icons-material/Hub';
import { defineGroup } from '../../lib/group-manifest';
import { withQuery } from '../../lib/links';

const peerings = '/network-peerings';
const paths = {
  networkPeerings: () => peerings,
  newNetworkPeering: (network?: string) => withQuery(`${peerings}/new`, { network }),
  networkPeering: (uuid: string) => `${peerings}/${uuid}`,
};

export const networkPeeringsGroup = defineGroup({
  name: 'network-peerings',
  paths,
  resource: { kind: 'networkPeering', page: paths.networkPeering },
  load: () => import('./pages'),
  pages: [
    {
      path: paths.networkPeerings(),
      label: 'Network peerings',
      page: 'NetworkPeeringsPage',
      description: 'Connect private networks, also across accounts.',
      icon: HubIcon,
      section: 'Network',
      children: [
        {
          path: paths.newNetworkPeering(),
          label: 'Create peering',
          page: 'CreatePeeringPage',
        },
        {
          path: paths.networkPeering(':uuid'),
          label: 'Network peering',
          page: 'NetworkPeeringDetailPage',
        },
      ],
    },
  ],
});
