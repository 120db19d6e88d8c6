import PublicIcon from '@mui/icons-material/Public';
import { defineGroup } from '../../lib/group-manifest';

const paths = {
  zones: () => '/zones',
};

export const zonesGroup = defineGroup({
  name: 'zones',
  paths,
  load: () => import('./zones-page'),
  pages: [
    {
      path: paths.zones(),
      label: 'Zones',
      page: 'ZonesPage',
      prefetch: () => import('./prefetch'),
      description: 'The data centres where servers and storage can run.',
      icon: PublicIcon,
      section: 'Compute',
    },
  ],
});
