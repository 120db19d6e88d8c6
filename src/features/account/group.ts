import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import GroupIcon from '@mui/icons-material/Group';
import { defineGroup } from '../../lib/group-manifest';

export const accountGroup = defineGroup({
  name: 'account',
  load: () => import('./pages'),
  pages: [
    {
      link: 'account',
      path: '/account',
      label: 'Account',
      page: 'AccountPage',
      description: 'Account details, credits and resource usage against your limits.',
      icon: AccountCircleIcon,
      section: 'Account & billing',
    },
    {
      link: 'subaccounts',
      path: '/subaccounts',
      label: 'Subaccounts',
      page: 'SubaccountsPage',
      description: 'Create and delete the accounts that share your resources.',
      icon: GroupIcon,
      section: 'Account & billing',
    },
  ],
});
