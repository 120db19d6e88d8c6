import { getNetworkPeering } from '../../api/network-peerings';
import type { GroupSearch } from '../../lib/group-manifest';

/** The app bar search's check that a peering exists (the palette does not list peerings). */
export const search: GroupSearch = {
  fetchResource: (uuid) => getNetworkPeering(uuid),
};
