import type { Clock } from './clock';
import type { InterfaceRepository, NetworkRepository, PeeringRepository } from './store/networks';
import type { ServerRepository } from './store/servers';
import { createAddressing } from './networking/addresses';
import { createNetworkRecords } from './networking/networks';
import { createPeeringRecords } from './networking/peerings';
import { createSharedNetworks } from './networking/shared-networks';

export { defaultPtr } from './networking/addresses';
export type { InterfaceRequest } from './networking/addresses';
export {
  peeringJobKind,
  peeringProvisionSeconds,
  registerNetworkTransitions,
} from './networking/peerings';
export { sharedNetworkUuid } from './networking/shared-networks';

/**
 * Networks, interfaces, IP addresses and peerings: what the networking routes, server creation and
 * deletion and the seed share, so an address is allocated and released by the same rules anywhere.
 */
export function createNetworking({
  networks,
  interfaces,
  peerings,
  servers,
  clock,
}: {
  networks: NetworkRepository;
  interfaces: InterfaceRepository;
  peerings: PeeringRepository;
  servers: ServerRepository;
  clock: Clock;
}) {
  const peeringRecords = createPeeringRecords({ networks, peerings });
  return {
    ...createSharedNetworks({ networks, clock }),
    ...createAddressing({ networks, interfaces, servers, clock }),
    ...createNetworkRecords({
      networks,
      interfaces,
      peerings,
      servers,
      clock,
      peeringState: peeringRecords.peeringState,
    }),
    ...peeringRecords,
    interfaceCount: (serverUuid: string) => interfaces.countOnServer(serverUuid),
  };
}
export type Networking = ReturnType<typeof createNetworking>;
