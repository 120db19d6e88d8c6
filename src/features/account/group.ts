import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import GroupIcon from '@mui/icons-material/Group';
import { lazyPage } from '../../lib/group-manifest';
import type { GroupManifest } from '../../lib/group-manifest';

const paths = {
  account: () => '/account',
  subaccounts: () => '/subaccounts',
};

declare module '../../lib/links' {
  interface GroupPaths {
    account: typeof paths;
  }
}

const pages = () => import('./pages');

export const accountGroup: GroupManifest<typeof paths> = {
  name: 'account',
  paths,
  routes: [
    { path: paths.account(), crumb: 'Account', page: lazyPage(pages, (m) => m.AccountPage) },
    {
      path: paths.subaccounts(),
      crumb: 'Subaccounts',
      page: lazyPage(pages, (m) => m.SubaccountsPage),
    },
  ],
  navigation: [
    {
      label: 'Account',
      description: 'Account details, credits and resource usage against your limits.',
      to: paths.account(),
      icon: AccountCircleIcon,
    },
    {
      label: 'Subaccounts',
      description: 'Create and delete the accounts that share your resources.',
      to: paths.subaccounts(),
      icon: GroupIcon,
    },
  ],
};
