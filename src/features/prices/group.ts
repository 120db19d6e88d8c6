import SellIcon from '@mui/icons-material/Sell';
import { defineGroup } from '../../lib/group-manifest';

export const pricesGroup = defineGroup({
  name: 'prices',
  load: () => import('./prices-page'),
  pages: [
    {
      link: 'prices',
      path: '/prices',
      query: ['zone'],
      label: 'Prices',
      page: 'PricesPage',
      description: 'Hourly and monthly prices of every resource, per zone.',
      icon: SellIcon,
      section: 'Account & billing',
    },
  ],
});
