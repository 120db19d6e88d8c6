import DeveloperBoardIcon from '@mui/icons-material/DeveloperBoard';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { defineGroup } from '../../lib/group-manifest';

export const usageGroup = defineGroup({
  name: 'usage',
  load: () => import('./pages'),
  pages: [
    {
      link: 'networkUsage',
      path: '/network-usage',
      label: 'Network usage',
      page: 'NetworkUsagePage',
      prefetch: () => import('./prefetch'),
      description: 'Traffic by service, the heaviest users and the transfer pool; CSV export.',
      icon: SwapVertIcon,
      section: 'Network',
    },
    {
      link: 'deviceAvailability',
      path: '/device-availability',
      label: 'Device availability',
      page: 'DeviceAvailabilityPage',
      description: 'GPU and other device plans each zone can still start.',
      icon: DeveloperBoardIcon,
      section: 'Compute',
    },
  ],
});
