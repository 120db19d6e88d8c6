import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DnsIcon from '@mui/icons-material/Dns';
import HubIcon from '@mui/icons-material/Hub';
import KeyIcon from '@mui/icons-material/Key';
import PublicIcon from '@mui/icons-material/Public';
import SellIcon from '@mui/icons-material/Sell';
import StorageIcon from '@mui/icons-material/Storage';
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
    label: 'Servers',
    description: 'Create, start, stop and delete servers.',
    to: paths.servers(),
    icon: DnsIcon,
  },
  {
    label: 'Storage',
    description: 'Block storage, backups, templates and CD-ROM images.',
    to: paths.storage(),
    icon: StorageIcon,
  },
  {
    label: 'Kubernetes',
    description: 'Managed Kubernetes clusters, node groups, upgrades and OIDC sign-in.',
    to: paths.kubernetes(),
    icon: HubIcon,
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
