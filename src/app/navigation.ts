import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeveloperBoardIcon from '@mui/icons-material/DeveloperBoard';
import GroupIcon from '@mui/icons-material/Group';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import DnsIcon from '@mui/icons-material/Dns';
import HandshakeIcon from '@mui/icons-material/Handshake';
import HistoryIcon from '@mui/icons-material/History';
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
  /** Shown only to partner accounts (spec §4.9), whose account record carries `partner`. */
  partnerOnly?: boolean;
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
  {
    label: 'Partner console',
    description: 'Create and manage your customers’ accounts and follow their monthly bills.',
    to: paths.partner(),
    icon: HandshakeIcon,
    partnerOnly: true,
  },
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
  {
    label: 'Billing',
    description: 'Monthly costs by resource and category, in your choice of currency.',
    to: paths.billing(),
    icon: ReceiptLongIcon,
  },
  {
    label: 'Network usage',
    description: 'Traffic by service, the heaviest users and the transfer pool; CSV export.',
    to: paths.networkUsage(),
    icon: SwapVertIcon,
  },
  {
    label: 'Device availability',
    description: 'GPU and other device plans each zone can still start.',
    to: paths.deviceAvailability(),
    icon: DeveloperBoardIcon,
  },
  {
    label: 'Audit log',
    description: 'Who changed what, when and from where; export up to 180 days.',
    to: paths.auditLogs(),
    icon: HistoryIcon,
  },
];
