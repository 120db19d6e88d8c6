import { getServer, serverQueries } from '../../api/servers';
import { keywords, paletteSource } from '../../lib/group-manifest';
import type { GroupSearch } from '../../lib/group-manifest';
import { links } from '../../lib/links';

/** The command palette's servers, and the app bar search's check that one exists. */
export const search: GroupSearch = {
  palette: paletteSource({
    title: 'Servers',
    query: () => serverQueries.list(),
    items: (servers) =>
      servers.map((server) => ({
        id: `server:${server.uuid}`,
        kind: 'Server',
        label: server.title,
        detail: `${server.hostname} · ${server.zone}`,
        to: links.server(server.uuid),
        keywords: keywords([server.title, server.hostname, server.uuid]),
      })),
  }),
  fetchResource: (uuid) => getServer(uuid),
};
