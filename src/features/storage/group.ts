import StorageIcon from '@mui/icons-material/Storage';
import { defineGroup } from '../../lib/group-manifest';
import { storageListHeading } from './headings';

export const storageGroup = defineGroup({
  name: 'storage',
  load: () => import('./pages'),
  pages: [
    {
      link: 'storage',
      path: '/storage',
      label: 'Storage',
      page: 'StorageListPage',
      prefetch: () => import('./prefetch'),
      heading: storageListHeading,
      description: 'Block storage, backups, templates and CD-ROM images.',
      icon: StorageIcon,
      section: 'Storage',
      shortcut: 't',
      children: [
        {
          link: 'storageDetail',
          path: ':uuid',
          label: 'Storage details',
          page: 'StorageDetailPage',
          kind: 'storage',
        },
      ],
    },
  ],
});
