import SellIcon from '@mui/icons-material/Sell';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';
import { withQuery } from '../../lib/links';

const paths = {
  prices: (zone?: string) => withQuery('/prices', { zone }),
};

declare module '../../lib/links' {
  interface GroupPaths {
    prices: typeof paths;
  }
}

export const pricesGroup: GroupManifest<typeof paths> = {
  name: 'prices',
  paths,
  routes: [
    {
      path: paths.prices(),
      crumb: 'Prices',
      page: lazyPage(
        () => import('./prices-page'),
        (m) => m.PricesPage,
      ),
    },
  ],
  navigation: [
    {
      label: 'Prices',
      description: 'Hourly and monthly prices of every resource, per zone.',
      to: paths.prices(),
      icon: SellIcon,
    },
  ],
};
