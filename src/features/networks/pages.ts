// The group's pages share one lazy chunk, loaded once by its manifest (each import site costs
// the shell's first load bytes).
export { NetworkDetailPage } from './network-detail-page';
export { NetworksPage } from './networks-page';
export { RoutersPage } from './routers-page';
