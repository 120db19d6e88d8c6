import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { defineGroup } from '../../lib/group-manifest';
import { withQuery } from '../../lib/links';

const billing = '/billing';
const paths = {
  billing: (month?: string, currency?: string) => withQuery(billing, { month, currency }),
  // Resource ids are UUIDs (api-rules §2.1.3), so they need no encoding; the route passes `:resourceId`.
  resourceBilling: (resourceId: string, month?: string, currency?: string) =>
    withQuery(`${billing}/${resourceId}`, { month, currency }),
};

export const billingGroup = defineGroup({
  name: 'billing',
  paths,
  load: () => import('./pages'),
  pages: [
    {
      path: paths.billing(),
      label: 'Billing',
      page: 'BillingPage',
      prefetch: () => import('./prefetch'),
      description: 'Monthly costs by resource and category, in your choice of currency.',
      icon: ReceiptLongIcon,
      section: 'Account & billing',
      children: [
        {
          path: paths.resourceBilling(':resourceId'),
          label: 'Resource billing',
          page: 'ResourceBillingPage',
        },
      ],
    },
  ],
});
