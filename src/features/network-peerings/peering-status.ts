import type { NetworkPeering, NetworkPeeringState } from '../../../contract/network-peering';

/** Each side of a peering in words, from the state the API reports (api-reference-notes §8). */
export interface PeeringSides {
  local: string;
  peer: string;
}

const peerByState: Record<NetworkPeeringState, string> = {
  'pending-peer':
    'Waiting for the other account: it must create the same peering from its network to yours.',
  provisioning: 'Both sides created the peering; it is being set up.',
  active: 'Created and active: traffic flows between the two networks.',
  'conflict-subnet': 'Both sides created it, but the two networks’ IP ranges overlap.',
  'missing-local-router': 'Waiting for your network to have a router again.',
  'missing-peer-router': 'The other network has no router: its owner must attach one.',
  'deleted-peer-network': 'The other network was deleted.',
  disabled: 'Unknown while your side is disabled.',
  'peer-disabled': 'The other account disabled the peering.',
  error: 'The peering failed; disable and delete it, then create it again.',
};

export function describeSides(peering: Pick<NetworkPeering, 'state' | 'configured_status'>) {
  const local =
    peering.configured_status === 'disabled'
      ? 'Disabled by you.'
      : peering.state === 'missing-local-router'
        ? 'Your network has no router: attach one on its page.'
        : 'Created by you and enabled.';
  return { local, peer: peerByState[peering.state] } satisfies PeeringSides;
}
