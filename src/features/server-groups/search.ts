import { getServerGroup, serverGroupQueries } from '../../api/server-groups';
import { keywords, paletteSource } from '../../lib/group-manifest';
import type { GroupSearch } from '../../lib/group-manifest';
import { links } from '../../lib/links';
import { policyLabels } from './server-group-dialog';

/** The command palette's server groups (by title), and the app bar search's check. */
export const search: GroupSearch = {
  palette: paletteSource({
    title: 'Server groups',
    query: () => serverGroupQueries.list(),
    items: (groups) =>
      groups.map((group) => ({
        id: `server-group:${group.uuid}`,
        kind: 'Server group',
        label: group.title,
        detail: policyLabels[group.anti_affinity],
        to: links.serverGroup(group.uuid),
        keywords: keywords([group.title, group.uuid]),
      })),
  }),
  fetchResource: (uuid) => getServerGroup(uuid),
};
