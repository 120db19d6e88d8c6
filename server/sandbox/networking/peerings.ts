import { cidrsOverlap, parseCidr } from '../../../contract/ip';
import type { NetworkPeeringState } from '../../../contract/network';
import type { NetworkPeering } from '../../../contract/network-peering';
import type { JobRunner } from '../jobs';
import type { NetworkRepository, PeeringRepository, PeeringRow } from '../store/networks';
import { parseLabels } from '../store/networks';

/** Peering provisioning takes this many simulated seconds once both sides defined it. */
export const peeringProvisionSeconds = 10;
export const peeringJobKind = 'network-peering.established';

/** Peering states and records (api-reference-notes §8): what both sides defined decides the state. */
export function createPeeringRecords({
  networks,
  peerings,
}: {
  networks: NetworkRepository;
  peerings: PeeringRepository;
}) {
  function blocksOf(uuid: string) {
    return networks
      .ipNetworks(uuid)
      .map((row) => parseCidr(row.address))
      .filter((cidr) => cidr !== null);
  }

  /** The pair is ready to carry traffic: both sides active, routers on both, no overlap. */
  function peeringState(row: PeeringRow): NetworkPeeringState {
    if (row.configured_status === 'disabled') return 'disabled';
    const peer = networks.find(row.peer_network_uuid);
    if (!peer) return 'deleted-peer-network';
    const local = networks.find(row.network_uuid);
    if (!local) return 'error';
    const reverse = peerings.between(row.peer_network_uuid, row.network_uuid);
    if (!reverse) return 'pending-peer';
    if (reverse.configured_status === 'disabled') return 'peer-disabled';
    if (!local.router_uuid) return 'missing-local-router';
    if (!peer.router_uuid) return 'missing-peer-router';
    const peerBlocks = blocksOf(peer.uuid);
    if (blocksOf(local.uuid).some((a) => peerBlocks.some((b) => cidrsOverlap(a, b)))) {
      return 'conflict-subnet';
    }
    return row.established && reverse.established ? 'active' : 'provisioning';
  }

  function peeringSide(uuid: string, withBlocks: boolean) {
    return {
      uuid,
      ...(withBlocks
        ? {
            ip_networks: {
              ip_network: networks
                .ipNetworks(uuid)
                .map((block) => ({ address: block.address, family: block.family })),
            },
          }
        : {}),
    };
  }

  function peeringRecord(row: PeeringRow): NetworkPeering {
    const both = peerings.between(row.peer_network_uuid, row.network_uuid) !== undefined;
    return {
      uuid: row.uuid,
      name: row.name,
      configured_status: row.configured_status,
      state: peeringState(row),
      network: peeringSide(row.network_uuid, true),
      // The other account's blocks are shown only once it has defined the peering too (api-rules §4.7).
      peer_network: peeringSide(
        row.peer_network_uuid,
        both && networks.find(row.peer_network_uuid) !== undefined,
      ),
      labels: parseLabels(row.labels),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  return { peeringState, peeringRecord };
}

/** A pair of peerings in `provisioning` becomes `active` when its job is due. */
export function registerNetworkTransitions({
  jobs,
  networks,
  peerings,
  networking,
}: {
  jobs: JobRunner;
  networks: NetworkRepository;
  peerings: PeeringRepository;
  networking: { peeringState: (row: PeeringRow) => NetworkPeeringState };
}) {
  jobs.register(peeringJobKind, (job) => {
    const row = peerings.find(job.resource_id);
    if (!row || networking.peeringState(row) !== 'provisioning') return;
    const reverse = peerings.between(row.peer_network_uuid, row.network_uuid);
    if (!reverse || !networks.find(row.peer_network_uuid)) return;
    for (const side of [row, reverse]) peerings.update({ ...side, established: 1 });
  });
}
