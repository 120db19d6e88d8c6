import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { defineGroup } from '../../lib/group-manifest';
import { billingHeading } from './headings';

export const billingGroup = defineGroup({
  name: 'billing',
  load: () => import('./pages'),
  pages: [
    {
      link: 'billing',
      path: '/billing',
      query: ['month', 'currency'],
      label: 'Billing',
      page: 'BillingPage',
      prefetch: () => import('./prefetch'),
      heading: billingHeading,
      description: 'Monthly costs by resource and category, in your choice of currency.',
      icon: ReceiptLongIcon,
      section: 'Account & billing',
      children: [
        {
          link: 'resourceBilling',
          path: ':resourceId',
          query: ['month', 'currency'],
          label: 'Resource billing',
          page: 'ResourceBillingPage',
        },
      ],
    },
  ],
});
