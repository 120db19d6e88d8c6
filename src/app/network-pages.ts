// The networking pages share one lazy chunk, as the server and storage pages do (resource-pages.ts):
// separate dynamic entries would pull the modules they share with the shell into the first load.
export { IpAddressesPage } from '../features/ip-addresses/ip-addresses-page';
export { CreatePeeringPage } from '../features/network-peerings/create-peering-page';
export { NetworkPeeringDetailPage } from '../features/network-peerings/network-peering-detail-page';
export { NetworkPeeringsPage } from '../features/network-peerings/network-peerings-page';
export { NetworkDetailPage } from '../features/networks/network-detail-page';
export { NetworksPage } from '../features/networks/networks-page';
export { RoutersPage } from '../features/networks/routers-page';
