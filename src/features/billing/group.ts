import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';
import { withQuery } from '../../lib/links';

const billing = '/billing';
const paths = {
  billing: (month?: string) => withQuery(billing, { month }),
  // Resource ids are UUIDs (api-rules §2.1.3), so they need no encoding; the route passes `:resourceId`.
  resourceBilling: (resourceId: string, month?: string) =>
    withQuery(`${billing}/${resourceId}`, { month }),
};

declare module '../../lib/links' {
  interface GroupPaths {
    billing: typeof paths;
  }
}

const pages = () => import('./pages');

export const billingGroup: GroupManifest<typeof paths> = {
  name: 'billing',
  paths,
  routes: [
    {
      path: paths.billing(),
      crumb: 'Billing',
      page: lazyPage(pages, (m) => m.BillingPage),
      children: [
        {
          path: paths.resourceBilling(':resourceId'),
          crumb: 'Resource billing',
          page: lazyPage(pages, (m) => m.ResourceBillingPage),
        },
      ],
    },
  ],
  navigation: [
    {
      label: 'Billing',
      description: 'Monthly costs by resource and category, in your choice of currency.',
      to: paths.billing(),
      icon: ReceiptLongIcon,
    },
  ],
};
