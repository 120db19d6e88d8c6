import HubIcon from '@mui/icons-material/Hub';
import { defineGroup } from '../../lib/group-manifest';

export const networkPeeringsGroup = defineGroup({
  name: 'network-peerings',
  load: () => import('./pages'),
  pages: [
    {
      link: 'networkPeerings',
      path: '/network-peerings',
      label: 'Network peerings',
      page: 'NetworkPeeringsPage',
      description: 'Connect private networks, also across accounts.',
      icon: HubIcon,
      section: 'Network',
      children: [
        {
          link: 'newNetworkPeering',
          path: 'new',
          query: ['network'],
          label: 'Create peering',
          page: 'CreatePeeringPage',
        },
        {
          link: 'networkPeering',
          path: ':uuid',
          label: 'Network peering',
          page: 'NetworkPeeringDetailPage',
          kind: 'networkPeering',
        },
      ],
    },
  ],
});
