import type { NetworkRepository } from '../store/networks';

/** What a cluster needs to know of its network (api-reference-notes §9.1). */
export interface ClusterNetwork {
  uuid: string;
  zone: string;
  type: string;
  /** The IPv4 blocks of the network's IP networks. */
  cidrs: string[];
}

/**
 * The network `uuid` as the account `ownerId` sees it (its own private networks and the zones'
 * shared ones), or undefined: another account's network is as unknown as a missing one.
 */
export const networkLookup =
  (networks: NetworkRepository) =>
  (ownerId: number, uuid: string): ClusterNetwork | undefined => {
    const row = networks.find(uuid);
    if (!row || (row.account_id !== null && row.account_id !== ownerId)) return undefined;
    return {
      uuid: row.uuid,
      zone: row.zone,
      type: row.type,
      cidrs: networks
        .ipNetworks(row.uuid)
        .filter((block) => block.family === 'IPv4')
        .map((block) => block.address),
    };
  };
