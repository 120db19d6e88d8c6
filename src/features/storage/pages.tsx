import { lazy } from 'react';

// The group's pages' chunk, loaded once by its manifest (each import site costs the shell bytes).
export { StorageListPage } from './storage-list-page';

// The detail page brings its forms and dialogs: loaded from this chunk when opened.
const StorageDetail = lazy(async () => ({
  default: (await import('./storage-detail-page')).StorageDetailPage,
}));

export const StorageDetailPage = () => <StorageDetail />;
