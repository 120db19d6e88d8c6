import { paths } from '../paths';

/** `g` then a letter: the pages a keyboard user goes to most (listed in the cheat sheet). */
export const goToShortcuts: readonly { key: string; label: string; to: string }[] = [
  { key: 'd', label: 'Dashboard', to: paths.dashboard() },
  { key: 's', label: 'Servers', to: paths.servers() },
  { key: 't', label: 'Storage', to: paths.storage() },
  { key: 'n', label: 'Networks', to: paths.networks() },
  { key: 'i', label: 'IP addresses', to: paths.ipAddresses() },
  { key: 'k', label: 'Kubernetes', to: paths.kubernetes() },
  { key: 'a', label: 'Audit log', to: paths.auditLogs() },
];
