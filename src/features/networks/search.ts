import { getNetwork, networkQueries } from '../../api/networks';
import { keywords, paletteSource } from '../../lib/group-manifest';
import type { GroupSearch } from '../../lib/group-manifest';
import { links } from '../../lib/links';

/** The command palette's networks (by name or IP range), and the app bar search's check. */
export const search: GroupSearch = {
  palette: paletteSource({
    title: 'Networks',
    query: () => networkQueries.list(),
    items: (networks) =>
      networks.map((network) => {
        const ranges = network.ip_networks.ip_network.map((range) => range.address);
        return {
          id: `network:${network.uuid}`,
          kind: 'Network',
          label: network.name,
          detail: [...ranges, network.zone].join(' · '),
          to: links.network(network.uuid),
          keywords: keywords([network.name, network.uuid, ...ranges]),
        };
      }),
  }),
  fetchResource: (uuid) => getNetwork(uuid),
};
