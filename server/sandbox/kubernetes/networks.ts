import { uuidPrefixes } from '../../../contract/common';

/** What a cluster needs to know of its network (reference §9.1). */
export interface ClusterNetwork {
  uuid: string;
  zone: string;
  type: string;
  /** The IPv4 blocks of the network's IP networks. */
  cidrs: string[];
}

/** The network `uuid` as the account `ownerId` sees it, or undefined when it has no such network. */
export type NetworkLookup = (ownerId: number, uuid: string) => ClusterNetwork | undefined;

/**
 * Stand-in until the sandbox has a networks store: a UUID with the network prefix (spec §2.1) is
 * taken as a private network in the zone and with the block the request names.
 */
export const prefixOnlyNetworkLookup =
  (requested: { zone: string; network_cidr: string }): NetworkLookup =>
  (_ownerId, uuid) =>
    uuid.startsWith(uuidPrefixes.network)
      ? { uuid, zone: requested.zone, type: 'private', cidrs: [requested.network_cidr] }
      : undefined;
