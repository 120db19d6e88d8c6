import type { PageHeading } from '../../lib/group-manifest';

// Shown by the app shell while the page's code loads (the manifest's `heading`), then by the page.
export const billingHeading: PageHeading = {
  title: 'Billing',
  description:
    'What each resource cost in a month, computed from the zone price lists. Pick a resource to see its daily costs.',
};
