import { lazy } from 'react';

// The server and storage pages share one lazy chunk: each page as its own dynamic entry split
// the modules they share with the shell out of the entry chunk, over the first-load budget.
export { ServersPage } from '../features/servers/servers-page';
export { StorageListPage } from '../features/storage/storage-list-page';

// The detail and create pages bring their forms and dialogs: loaded from this chunk when opened,
// so a list's first load does not carry them. Plain components around the lazy ones, since the
// router's own React.lazy must resolve to a component, not to another lazy one.
const CreateServer = lazy(async () => ({
  default: (await import('../features/servers/create-server-page')).CreateServerPage,
}));
const ServerDetail = lazy(async () => ({
  default: (await import('../features/servers/server-detail-page')).ServerDetailPage,
}));
const StorageDetail = lazy(async () => ({
  default: (await import('../features/storage/storage-detail-page')).StorageDetailPage,
}));

export const CreateServerPage = () => <CreateServer />;
export const ServerDetailPage = () => <ServerDetail />;
export const StorageDetailPage = () => <StorageDetail />;
