import PublicIcon from '@mui/icons-material/Public';
import { defineGroup } from '../../lib/group-manifest';

export const zonesGroup = defineGroup({
  name: 'zones',
  load: () => import('./zones-page'),
  pages: [
    {
      link: 'zones',
      path: '/zones',
      label: 'Zones',
      page: 'ZonesPage',
      prefetch: () => import('./prefetch'),
      description: 'The data centres where servers and storage can run.',
      icon: PublicIcon,
      section: 'Compute',
    },
  ],
});
