import DashboardIcon from '@mui/icons-material/Dashboard';
import type { NavigationEntry } from '../lib/group-manifest';
import { groups } from './groups';
import { paths } from './paths';

export type { NavigationEntry } from '../lib/group-manifest';

/** Every page of the drawer, the dashboard's cards and the palette: the groups' entries. */
export const navigationEntries: readonly NavigationEntry[] = [
  {
    label: 'Dashboard',
    description: 'Your account, credits and resource limits.',
    to: paths.dashboard(),
    icon: DashboardIcon,
    shortcut: 'd',
  },
  ...groups.flatMap((group) => group.navigation),
];
