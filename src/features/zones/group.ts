import PublicIcon from '@mui/icons-material/Public';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';

const paths = {
  zones: () => '/zones',
};

declare module '../../lib/links' {
  interface GroupPaths {
    zones: typeof paths;
  }
}

export const zonesGroup: GroupManifest<typeof paths> = {
  name: 'zones',
  paths,
  routes: [
    {
      path: paths.zones(),
      crumb: 'Zones',
      page: lazyPage(
        () => import('./zones-page'),
        (m) => m.ZonesPage,
      ),
    },
  ],
  navigation: [
    {
      label: 'Zones',
      description: 'The data centres where servers and storage can run.',
      to: paths.zones(),
      icon: PublicIcon,
    },
  ],
};
