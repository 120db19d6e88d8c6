// The server and storage pages share one lazy chunk: each page as its own dynamic entry split
// the modules they share with the shell out of the entry chunk, over the first-load budget.
export { CreateServerPage } from '../features/servers/create-server-page';
export { ServerDetailPage } from '../features/servers/server-detail-page';
export { ServersPage } from '../features/servers/servers-page';
export { StorageDetailPage } from '../features/storage/storage-detail-page';
export { StorageListPage } from '../features/storage/storage-list-page';
