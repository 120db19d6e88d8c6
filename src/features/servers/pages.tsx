import { lazy } from 'react';

// The group's pages' chunk, loaded once by its manifest (each import site costs the shell bytes).
export { ServersPage } from './servers-page';

// The detail and create pages bring their forms and dialogs: loaded from this chunk when opened,
// so the list's first load does not carry them. Plain components around the lazy ones, since the
// router's own React.lazy must resolve to a component, not to another lazy one.
const CreateServer = lazy(async () => ({
  default: (await import('./create-server-page')).CreateServerPage,
}));
const ServerDetail = lazy(async () => ({
  default: (await import('./server-detail-page')).ServerDetailPage,
}));

export const CreateServerPage = () => <CreateServer />;
export const ServerDetailPage = () => <ServerDetail />;
