import StorageIcon from '@mui/icons-material/Storage';
import { defineGroup } from '../../lib/group-manifest';

const storage = '/storage';
const paths = {
  storage: () => storage,
  storageDetail: (uuid: string) => `${storage}/${uuid}`,
};

export const storageGroup = defineGroup({
  name: 'storage',
  paths,
  resource: { kind: 'storage', page: paths.storageDetail },
  load: () => import('./pages'),
  pages: [
    {
      path: paths.storage(),
      label: 'Storage',
      page: 'StorageListPage',
      prefetch: () => import('./prefetch'),
      description: 'Block storage, backups, templates and CD-ROM images.',
      icon: StorageIcon,
      section: 'Storage',
      shortcut: 't',
      children: [
        {
          path: paths.storageDetail(':uuid'),
          label: 'Storage details',
          page: 'StorageDetailPage',
        },
      ],
    },
  ],
});
