import PinIcon from '@mui/icons-material/Pin';
import { defineGroup } from '../../lib/group-manifest';
import { withQuery } from '../../lib/links';

const paths = {
  ipAddresses: (search?: string) => withQuery('/ip-addresses', { search }),
};

export const ipAddressesGroup = defineGroup({
  name: 'ip-addresses',
  paths,
  load: () => import('./ip-addresses-page'),
  pages: [
    {
      path: paths.ipAddresses(),
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
