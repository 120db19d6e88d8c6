import { uuidPattern, uuidPrefixes } from '../../contract/common';
import type { UuidKind } from '../../contract/common';

/** What each UUID type prefix names (api-rules §2.1), as a person would say it. */
export const uuidKindLabels: Record<UuidKind, string> = {
  server: 'Server',
  storage: 'Storage',
  network: 'Network',
  router: 'Router',
  zone: 'Zone',
  storageImport: 'Storage import',
  networkTransferPool: 'Network transfer pool',
  managedDatabase: 'Managed database',
  loadBalancer: 'Managed load balancer',
  serverGroup: 'Server group',
  token: 'API token',
  kubernetes: 'Kubernetes cluster',
  ipAddress: 'IP address',
  networkPeering: 'Network peering',
  gateway: 'NAT / VPN gateway',
  objectStorage: 'Managed object storage',
  fileStorage: 'File storage',
};

const kindByPrefix = new Map(
  (Object.entries(uuidPrefixes) as [UuidKind, string][]).map(([kind, prefix]) => [prefix, kind]),
);

/** Lowercase, without surrounding space: what a pasted UUID means (UUIDs are lowercase hex). */
export const normalizeUuid = (text: string) => text.trim().toLowerCase();

export const isUuid = (text: string) => uuidPattern.test(normalizeUuid(text));

/**
 * The resource type a UUID names, from its first two hex characters (api-rules §2.1); null for text
 * that is not a UUID or a prefix no resource type uses (reserved ones included).
 */
export function uuidKind(text: string): UuidKind | null {
  const uuid = normalizeUuid(text);
  if (!uuidPattern.test(uuid)) return null;
  return kindByPrefix.get(uuid.slice(0, 2)) ?? null;
}
