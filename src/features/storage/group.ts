import StorageIcon from '@mui/icons-material/Storage';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';

const storage = '/storage';
const paths = {
  storage: () => storage,
  storageDetail: (uuid: string) => `${storage}/${uuid}`,
};

declare module '../../lib/links' {
  interface GroupPaths {
    storage: typeof paths;
  }
}

const pages = () => import('./pages');

export const storageGroup: GroupManifest<typeof paths> = {
  name: 'storage',
  paths,
  routes: [
    {
      path: paths.storage(),
      crumb: 'Storage',
      page: lazyPage(pages, (m) => m.StorageListPage),
      children: [
        {
          path: paths.storageDetail(':uuid'),
          crumb: 'Storage details',
          page: lazyPage(pages, (m) => m.StorageDetailPage),
        },
      ],
    },
  ],
  navigation: [
    {
      label: 'Storage',
      description: 'Block storage, backups, templates and CD-ROM images.',
      to: paths.storage(),
      icon: StorageIcon,
      shortcut: 't',
    },
  ],
  resource: { kind: 'storage', page: paths.storageDetail },
};
