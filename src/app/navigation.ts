import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import KeyIcon from '@mui/icons-material/Key';
import PublicIcon from '@mui/icons-material/Public';
import SellIcon from '@mui/icons-material/Sell';
import { paths } from './paths';

export interface NavigationEntry {
  label: string;
  description: string;
  to: string;
  icon: SvgIconComponent;
}

/** Every resource group that has a page: the drawer lists them, the dashboard links to them. */
export const navigationEntries: readonly NavigationEntry[] = [
  {
    label: 'Dashboard',
    description: 'Your account, credits and resource limits.',
    to: paths.dashboard(),
    icon: DashboardIcon,
  },
  {
    label: 'Zones',
    description: 'The data centres where servers and storage can run.',
    to: paths.zones(),
    icon: PublicIcon,
  },
  {
    label: 'Prices',
    description: 'Hourly and monthly prices of every resource, per zone.',
    to: paths.prices(),
    icon: SellIcon,
  },
  {
    label: 'API tokens',
    description: 'Create and revoke tokens for scripts and tools that use the API.',
    to: paths.tokens(),
    icon: KeyIcon,
  },
];
