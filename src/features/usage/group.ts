import DeveloperBoardIcon from '@mui/icons-material/DeveloperBoard';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';

const paths = {
  networkUsage: () => '/network-usage',
  deviceAvailability: () => '/device-availability',
};

declare module '../../lib/links' {
  interface GroupPaths {
    usage: typeof paths;
  }
}

const pages = () => import('./pages');

export const usageGroup: GroupManifest<typeof paths> = {
  name: 'usage',
  paths,
  routes: [
    {
      path: paths.networkUsage(),
      crumb: 'Network usage',
      page: lazyPage(pages, (m) => m.NetworkUsagePage),
    },
    {
      path: paths.deviceAvailability(),
      crumb: 'Device availability',
      page: lazyPage(pages, (m) => m.DeviceAvailabilityPage),
    },
  ],
  navigation: [
    {
      label: 'Network usage',
      description: 'Traffic by service, the heaviest users and the transfer pool; CSV export.',
      to: paths.networkUsage(),
      icon: SwapVertIcon,
    },
    {
      label: 'Device availability',
      description: 'GPU and other device plans each zone can still start.',
      to: paths.deviceAvailability(),
      icon: DeveloperBoardIcon,
    },
  ],
};
