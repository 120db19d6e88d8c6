import { formatGibibytes, formatMebibytes, formatNumber, humanizeKey } from './format';
import type { ResourceLimits } from '../../contract/account';

export interface ResourceLimitRow {
  key: string;
  label: string;
  value: string;
}

const gibibyteKeys = new Set([
  'storage_hdd',
  'storage_maxiops',
  'storage_ssd',
  'storage_standard',
  'storage_total',
]);

const labels: Record<string, string> = {
  cores: 'CPU cores',
  memory: 'Memory',
  storage_hdd: 'HDD storage',
  storage_maxiops: 'MaxIOPS storage',
  storage_ssd: 'SSD storage',
  storage_standard: 'Standard storage',
  storage_total: 'Storage in total',
  networks: 'Private networks',
  routers: 'Routers',
  managed_kubernetes: 'Kubernetes clusters',
  network_peerings: 'Network peerings',
  public_ipv4: 'Public IPv4 addresses',
  public_ipv6: 'Public IPv6 addresses',
  detached_floating_ips: 'Detached floating IP addresses',
  detached_interfaces: 'Detached network interfaces',
  gpus: 'GPUs',
  ntp_excess_gib: 'Network transfer pool excess (GiB)',
};

/** An amount of the resource `key` in its unit (MiB, GiB or a count). */
export function formatLimit(key: string, value: number): string {
  if (key === 'memory') return formatMebibytes(value);
  if (gibibyteKeys.has(key)) return formatGibibytes(value);
  return formatNumber(value);
}

export const resourceLabel = (key: string) => labels[key] ?? humanizeKey(key);

const knownOrder = Object.keys(labels);
const rank = (key: string) => {
  const index = knownOrder.indexOf(key);
  return index === -1 ? knownOrder.length : index;
};

/** Resource keys in the order of their labels (the storage tiers together), unknown ones last. */
export const compareResourceKeys = (a: string, b: string) => rank(a) - rank(b);

/** Account limits in words; the reference only says limits are nullable, so `null` reads "Not set". */
export function describeResourceLimits(limits: ResourceLimits): ResourceLimitRow[] {
  return Object.entries(limits).map(([key, value]) => ({
    key,
    label: labels[key] ?? humanizeKey(key),
    value: value === null ? 'Not set' : formatLimit(key, value),
  }));
}
