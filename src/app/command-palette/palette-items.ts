import type { Cluster } from '../../../contract/kubernetes';
import type { IpAddress } from '../../../contract/ip-address';
import type { Network } from '../../../contract/network';
import type { ServerSummary } from '../../../contract/server';
import type { StorageSummary } from '../../../contract/storage';
import { isUuid, normalizeUuid, uuidKind, uuidKindLabels } from '../../lib/uuid-kind';
import type { NavigationEntry } from '../navigation';
import { paths } from '../paths';
import { resourcePages } from '../resource-lookup';

/** One thing the palette can open. */
export interface PaletteItem {
  /** Unique within a result list, and stable (the option's DOM id derives from it). */
  id: string;
  kind: string;
  label: string;
  /** A second line: the hostname, the zone, the address it matched. */
  detail?: string;
  to: string;
  /** A pasted UUID: resolved on opening, since the resource may be gone (then the audit log). */
  uuid?: string;
  /** Text the query is matched against, lowercase. */
  keywords: string[];
}

export interface PaletteSources {
  pages: readonly NavigationEntry[];
  servers?: readonly ServerSummary[];
  storages?: readonly StorageSummary[];
  networks?: readonly Network[];
  ipAddresses?: readonly IpAddress[];
  clusters?: readonly Cluster[];
}

const lower = (values: (string | undefined)[]) =>
  values.filter((value): value is string => Boolean(value)).map((value) => value.toLowerCase());

/** Every page and resource the palette knows, pages first. */
export function paletteItems(sources: PaletteSources): PaletteItem[] {
  const serverTitles = new Map(sources.servers?.map((server) => [server.uuid, server.title]));
  return [
    ...sources.pages.map((page) => ({
      id: `page:${page.to}`,
      kind: 'Page',
      label: page.label,
      detail: page.description,
      to: page.to,
      keywords: lower([page.label]),
    })),
    ...(sources.servers ?? []).map((server) => ({
      id: `server:${server.uuid}`,
      kind: 'Server',
      label: server.title,
      detail: `${server.hostname} · ${server.zone}`,
      to: paths.server(server.uuid),
      keywords: lower([server.title, server.hostname, server.uuid]),
    })),
    ...(sources.storages ?? []).map((storage) => ({
      id: `storage:${storage.uuid}`,
      kind: 'Storage',
      label: storage.title,
      detail: `${storage.type} · ${storage.size} GB · ${storage.zone}`,
      to: paths.storageDetail(storage.uuid),
      keywords: lower([storage.title, storage.uuid]),
    })),
    ...(sources.networks ?? []).map((network) => ({
      id: `network:${network.uuid}`,
      kind: 'Network',
      label: network.name,
      detail: [...network.ip_networks.ip_network.map((range) => range.address), network.zone].join(
        ' · ',
      ),
      to: paths.network(network.uuid),
      keywords: lower([
        network.name,
        network.uuid,
        ...network.ip_networks.ip_network.map((range) => range.address),
      ]),
    })),
    ...(sources.ipAddresses ?? []).map((address) => {
      const server = address.server ? serverTitles.get(address.server) : undefined;
      return {
        id: `ip:${address.address}`,
        kind: 'IP address',
        label: address.address,
        detail: address.server
          ? `Server ${server ?? address.server}`
          : `${address.floating === 'yes' ? 'Floating' : 'Unattached'} · ${address.zone}`,
        // An address leads to the server that uses it, or to the IP address page otherwise.
        to: address.server ? paths.server(address.server) : paths.ipAddresses(address.address),
        keywords: lower([address.address, address.ptr_record]),
      };
    }),
    ...(sources.clusters ?? []).map((cluster) => ({
      id: `kubernetes:${cluster.uuid}`,
      kind: 'Kubernetes cluster',
      label: cluster.name,
      detail: `${cluster.version} · ${cluster.zone}`,
      to: paths.cluster(cluster.uuid),
      keywords: lower([cluster.name, cluster.uuid]),
    })),
  ];
}

/** What a pasted UUID opens, from its type prefix; null for text that is not a UUID. */
export function uuidItem(query: string): PaletteItem | null {
  if (!isUuid(query)) return null;
  const uuid = normalizeUuid(query);
  const kind = uuidKind(uuid);
  const page = kind ? resourcePages[kind] : undefined;
  const kindLabel = kind ? uuidKindLabels[kind] : 'Unknown type';
  return {
    id: `uuid:${uuid}`,
    kind: kindLabel,
    label: page ? `Open ${kindLabel.toLowerCase()} ${uuid}` : `Find ${uuid} in the audit log`,
    detail: page
      ? `${kindLabel}, from the UUID’s prefix`
      : `${kindLabel}: the panel has no page for it; its audit events`,
    to: page && kind ? page.page(uuid) : paths.auditLogs({ q: uuid }),
    uuid,
    keywords: [uuid],
  };
}

export const resultLimit = 50;

/**
 * The items matching `query` (every word somewhere in an item's keywords), best first: a name
 * that starts with the query before one that contains it; the list's order otherwise.
 */
export function matchItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const text = query.trim().toLowerCase();
  const scored = items
    .map((item, index) => {
      if (!words.every((word) => item.keywords.some((keyword) => keyword.includes(word)))) {
        return null;
      }
      const label = item.label.toLowerCase();
      const rank = label === text ? 0 : label.startsWith(text) ? 1 : 2;
      return { item, rank, index };
    })
    .filter((entry) => entry !== null);
  scored.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return scored.slice(0, resultLimit).map((entry) => entry.item);
}
