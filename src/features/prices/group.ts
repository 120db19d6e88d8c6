import SellIcon from '@mui/icons-material/Sell';
import { defineGroup } from '../../lib/group-manifest';
import { withQuery } from '../../lib/links';

const paths = {
  prices: (zone?: string) => withQuery('/prices', { zone }),
};

export const pricesGroup = defineGroup({
  name: 'prices',
  paths,
  load: () => import('./prices-page'),
  pages: [
    {
      path: paths.prices(),
      label: 'Prices',
      page: 'PricesPage',
      description: 'Hourly and monthly prices of every resource, per zone.',
      icon: SellIcon,
      section: 'Account & billing',
    },
  ],
});
