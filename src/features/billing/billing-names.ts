import { humanizeKey } from '../../lib/format';

/** A resource group's name as a heading and inside a sentence. */
interface GroupName {
  label: string;
  phrase: string;
}

/**
 * Names of the summary's resource groups (api-reference-notes §10.3), in the order the bill lists
 * them; a group without a name here follows them, its key turned into words.
 */
const groupNames: Record<string, GroupName> = {
  server: { label: 'Servers', phrase: 'servers' },
  storage: { label: 'Storage', phrase: 'storage' },
  backup: { label: 'Backups', phrase: 'backups' },
  template: { label: 'Templates', phrase: 'templates' },
  ipv4: { label: 'IPv4 addresses', phrase: 'IPv4 addresses' },
  ipv4_address: { label: 'IPv4 addresses', phrase: 'IPv4 addresses' },
  managed_database: { label: 'Databases', phrase: 'databases' },
  managed_object_storage: { label: 'Object storage', phrase: 'object storage' },
  managed_loadbalancers: { label: 'Load balancers', phrase: 'load balancers' },
  managed_kubernetes: { label: 'Kubernetes', phrase: 'Kubernetes' },
  network_gateway: { label: 'Network gateways', phrase: 'network gateways' },
};

export function groupName(key: string): GroupName {
  const label = humanizeKey(key);
  return groupNames[key] ?? { label, phrase: label.toLowerCase() };
}

/** Sorts group keys into the bill's order: named groups first, then the others as they came. */
export function groupOrder(a: string, b: string): number {
  const keys = Object.keys(groupNames);
  const rank = (key: string) => (key in groupNames ? keys.indexOf(key) : keys.length);
  return rank(a) - rank(b);
}

/** The groups the cost chart always shows, so that months compare (others join when billed). */
export const chartedGroups = ['server', 'storage', 'backup', 'template', 'ipv4'];

/** Names of the billed types of the per-resource bill; another type's key is turned into words. */
const typeNames: Record<string, string> = {
  server: 'Server',
  storage: 'Storage',
  backup: 'Backup',
  template: 'Template',
  ipv4: 'IPv4 address',
};

export const typeName = (type: string) => typeNames[type] ?? humanizeKey(type);
