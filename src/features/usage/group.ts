import DeveloperBoardIcon from '@mui/icons-material/DeveloperBoard';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { defineGroup } from '../../lib/group-manifest';

const paths = {
  networkUsage: () => '/network-usage',
  deviceAvailability: () => '/device-availability',
};

export const usageGroup = defineGroup({
  name: 'usage',
  paths,
  load: () => import('./pages'),
  pages: [
    {
      path: paths.networkUsage(),
      label: 'Network usage',
      page: 'NetworkUsagePage',
      description: 'Traffic by service, the heaviest users and the transfer pool; CSV export.',
      icon: SwapVertIcon,
      section: 'Network',
    },
    {
      path: paths.deviceAvailability(),
      label: 'Device availability',
      page: 'DeviceAvailabilityPage',
      description: 'GPU and other device plans each zone can still start.',
      icon: DeveloperBoardIcon,
      section: 'Compute',
    },
  ],
});
