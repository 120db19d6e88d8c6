import type { PageHeading } from '../../lib/group-manifest';

// Shown by the app shell while the page's code loads (the manifest's `heading`), then by the page.
export const auditLogsHeading: PageHeading = {
  title: 'Audit log',
  description:
    'Every change made in this account and every panel sign-in: who, when, from which address, and the resource before and after.',
};
