import { ipAddressQueries } from '../../api/ip-addresses';
import { keywords, paletteSource } from '../../lib/group-manifest';
import type { GroupSearch } from '../../lib/group-manifest';
import { links } from '../../lib/links';

/** The command palette's addresses: each leads to the server using it, or to the address page. */
export const search: GroupSearch = {
  palette: paletteSource({
    title: 'IP addresses',
    query: () => ipAddressQueries.list(),
    items: (addresses, labelAt) =>
      addresses.map((address) => {
        const server = address.server ? links.server(address.server) : undefined;
        return {
          id: `ip:${address.address}`,
          kind: 'IP address',
          label: address.address,
          detail: address.server
            ? `Server ${(server && labelAt(server)) ?? address.server}`
            : `${address.floating === 'yes' ? 'Floating' : 'Unattached'} · ${address.zone}`,
          to: server ?? links.ipAddresses(address.address),
          keywords: keywords([address.address, address.ptr_record]),
        };
      }),
  }),
};
