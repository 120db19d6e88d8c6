import type { UuidKind } from '../../contract/common';
import { ApiError, request } from '../api/http';
import { clusterApiPath } from '../api/kubernetes';
import { getNetworkPeeringCall } from '../api/network-peerings';
import { getNetworkCall } from '../api/networks';
import { getServerCall } from '../api/servers';
import { getStorageCall } from '../api/storage';
import { isUuid, normalizeUuid, uuidKind, uuidKindLabels } from '../lib/uuid-kind';
import { paths } from './paths';

/**
 * Detail pages the app bar search can open, by UUID type (spec §2.1), each with the API path
 * that tells whether the resource still exists. A new detail page adds its entry here; a type
 * without one opens the audit log filtered by the UUID.
 */
export const resourcePages: Partial<
  Record<UuidKind, { page: (uuid: string) => string; api: (uuid: string) => string }>
> = {
  server: { page: paths.server, api: (uuid) => getServerCall(uuid).path },
  storage: { page: paths.storageDetail, api: (uuid) => getStorageCall(uuid).path },
  network: { page: paths.network, api: (uuid) => getNetworkCall(uuid).path },
  networkPeering: { page: paths.networkPeering, api: (uuid) => getNetworkPeeringCall(uuid).path },
  kubernetes: { page: paths.cluster, api: clusterApiPath },
};

export interface SearchTarget {
  to: string;
  /** Tells the audit log page that it shows the events of a resource that is gone. */
  state?: { missingResource: { uuid: string; kind: string } };
}

/**
 * Where the app bar search leads: a pasted UUID opens its resource, or that resource's audit
 * events once it no longer exists (404); any other text (a username, an IP address) searches
 * the audit log.
 */
export async function resolveSearch(text: string): Promise<SearchTarget> {
  const trimmed = text.trim();
  if (!isUuid(trimmed)) return { to: paths.auditLogs({ q: trimmed }) };
  const uuid = normalizeUuid(trimmed);
  const kind = uuidKind(uuid);
  const target = kind ? resourcePages[kind] : undefined;
  if (!kind || !target) return { to: paths.auditLogs({ q: uuid }) };
  try {
    await request(target.api(uuid), null);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return {
        to: paths.auditLogs({ q: uuid }),
        state: { missingResource: { uuid, kind: uuidKindLabels[kind] } },
      };
    }
    // Any other failure (another account's resource, the network) is the detail page's to explain.
  }
  return { to: target.page(uuid) };
}
