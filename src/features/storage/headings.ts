import type { PageHeading } from '../../lib/group-manifest';

// Shown by the app shell while the page's code loads (the manifest's `heading`), then by the page.
export const storageListHeading: PageHeading = {
  title: 'Storage',
  description: 'Block storage, backups, templates and CD-ROM images in every zone.',
};
