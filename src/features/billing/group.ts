import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { defineGroup } from '../../lib/group-manifest';

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
      // The page's own header, which the shell shows while the page's code loads.
      heading: {
        title: 'Billing',
        description:
          'What each resource cost in a month, computed from the zone price lists. Pick a resource to see its daily costs.',
      },
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
