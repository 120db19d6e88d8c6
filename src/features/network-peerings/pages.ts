// The group's pages share one lazy chunk, loaded once by its manifest (each import site costs
// the shell's first load bytes).
export { CreatePeeringPage } from './create-peering-page';
export { NetworkPeeringDetailPage } from './network-peering-detail-page';
export { NetworkPeeringsPage } from './network-peerings-page';
