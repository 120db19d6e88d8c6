import { keepPreviousData } from '@tanstack/react-query';
import { getStorage, storageQueries } from '../../api/storage';
import { keywords, paletteSource } from '../../lib/group-manifest';
import type { GroupSearch } from '../../lib/group-manifest';
import { links } from '../../lib/links';

/** The palette searches storage on the server (the list can be long): 100 private disks. */
export const search: GroupSearch = {
  palette: paletteSource({
    title: 'Storage',
    query: (text) => ({
      ...storageQueries.list({ access: 'private', limit: 100, search: text || undefined }),
      placeholderData: keepPreviousData,
    }),
    items: ({ storages }) =>
      storages.map((storage) => ({
        id: `storage:${storage.uuid}`,
        kind: 'Storage',
        label: storage.title,
        detail: `${storage.type} · ${storage.size} GiB · ${storage.zone}`,
        to: links.storageDetail(storage.uuid),
        keywords: keywords([storage.title, storage.uuid]),
      })),
  }),
  fetchResource: (uuid) => getStorage(uuid),
};
