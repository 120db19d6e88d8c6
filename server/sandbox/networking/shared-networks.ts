import { zones } from '../catalog';
import type { Clock } from '../clock';
import type { IpNetworkRow, NetworkRepository } from '../store/networks';
import { noRouteAutoPopulation } from '../store/networks';
import { hex, timestamp } from './common';

/** The zone's number (1…) in the well-known ids of its shared networks. */
const zoneNumber = (zone: string) =>
  Math.max(
    zones.findIndex((item) => item.id === zone),
    0,
  ) + 1;

const sharedKinds = {
  utility: { n: 1, type: 'utility', family: 'IPv4' },
  public: { n: 2, type: 'public', family: 'IPv4' },
  public6: { n: 3, type: 'public', family: 'IPv6' },
} as const;
type SharedKind = keyof typeof sharedKinds;

/** Shared networks use ids like 03000000-0000-4000-80NN-00000000000K (api-reference-notes §18). */
export const sharedNetworkUuid = (zone: string, kind: SharedKind) =>
  `03000000-0000-4000-80${hex(zoneNumber(zone))}-00000000000${sharedKinds[kind].n}`;

/** Each zone's blocks: public IPv4 /20, public IPv6 /64, utility 10.N.0.0/16. */
function sharedBlock(zone: string, kind: SharedKind): IpNetworkRow {
  const n = zoneNumber(zone);
  const uuid = sharedNetworkUuid(zone, kind);
  const common = {
    network_uuid: uuid,
    dhcp: 'yes',
    dhcp_bootfile_url: null,
    dhcp_routes_configuration: noRouteAutoPopulation,
  } as const;
  if (kind === 'utility') {
    return {
      ...common,
      family: 'IPv4',
      address: `10.${n}.0.0/16`,
      gateway: `10.${n}.0.1`,
      dhcp_default_route: 'no',
      dhcp_dns: JSON.stringify(['94.237.127.9', '94.237.40.9']),
      dhcp_routes: JSON.stringify(['10.0.0.0/8']),
    };
  }
  if (kind === 'public') {
    return {
      ...common,
      family: 'IPv4',
      address: `94.237.${n * 16}.0/20`,
      gateway: `94.237.${n * 16}.1`,
      dhcp_default_route: 'yes',
      dhcp_dns: JSON.stringify(['94.237.127.9', '94.237.40.9']),
      dhcp_routes: '[]',
    };
  }
  return {
    ...common,
    family: 'IPv6',
    address: `2a04:3545:10${n}0:720::/64`,
    gateway: `2a04:3545:10${n}0:720::1`,
    dhcp_default_route: 'yes',
    dhcp_dns: JSON.stringify(['2a04:3540:53::1', '2a04:3544:53::1']),
    dhcp_routes: '[]',
  };
}

/** The shared networks every zone has from the start. */
export function createSharedNetworks({
  networks,
  clock,
}: {
  networks: NetworkRepository;
  clock: Clock;
}) {
  /** Every zone's shared utility, public IPv4 and public IPv6 network (api-reference-notes §4.2). */
  function ensureSharedNetworks() {
    const created = timestamp(clock);
    for (const zone of zones) {
      for (const kind of Object.keys(sharedKinds) as SharedKind[]) {
        const block = sharedBlock(zone.id, kind);
        const { type } = sharedKinds[kind];
        const name = type === 'utility' ? `Private ${block.address}` : `Public ${block.address}`;
        networks.insert(
          {
            uuid: sharedNetworkUuid(zone.id, kind),
            account_id: null,
            name,
            type,
            zone: zone.id,
            router_uuid: null,
            labels: '[]',
            created_at: created,
          },
          [block],
        );
      }
    }
  }

  return { ensureSharedNetworks };
}
