import PinIcon from '@mui/icons-material/Pin';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';
import { withQuery } from '../../lib/links';

const paths = {
  ipAddresses: (search?: string) => withQuery('/ip-addresses', { search }),
};

declare module '../../lib/links' {
  interface GroupPaths {
    ipAddresses: typeof paths;
  }
}

export const ipAddressesGroup: GroupManifest<typeof paths> = {
  name: 'ip-addresses',
  paths,
  routes: [
    {
      path: paths.ipAddresses(),
      crumb: 'IP addresses',
      page: lazyPage(
        () => import('./ip-addresses-page'),
        (m) => m.IpAddressesPage,
      ),
    },
  ],
  navigation: [
    {
      label: 'IP addresses',
      description: 'Server and floating addresses, their reverse DNS (PTR) records.',
      to: paths.ipAddresses(),
      icon: PinIcon,
      shortcut: 'i',
    },
  ],
};
