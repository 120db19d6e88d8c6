import PinIcon from '@mui/icons-material/Pin';
import { defineGroup } from '../../lib/group-manifest';

export const ipAddressesGroup = defineGroup({
  name: 'ip-addresses',
  load: () => import('./ip-addresses-page'),
  pages: [
    {
      link: 'ipAddresses',
      path: '/ip-addresses',
      query: ['search'],
      label: 'IP addresses',
      page: 'IpAddressesPage',
      prefetch: () => import('./prefetch'),
      description: 'Server and floating addresses, their reverse DNS (PTR) records.',
      icon: PinIcon,
      section: 'Network',
      shortcut: 'i',
    },
  ],
});
