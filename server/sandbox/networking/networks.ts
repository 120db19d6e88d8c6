import crypto from 'node:crypto';
import { bigIntToIp, cidrContains, parseCidr } from '../../../contract/ip';
import type {
  DhcpRoutesConfiguration,
  EffectiveRoute,
  IpNetwork,
  Network,
  NetworkPeeringState,
} from '../../../contract/network';
import type { StaticRoute } from '../../../contract/router';
import type { Clock } from '../clock';
import { ApiProblem, forbidden, ownRowByUuid, rowByUuid } from '../http/errors';
import type {
  InterfaceRepository,
  IpNetworkRow,
  NetworkRepository,
  NetworkRow,
  PeeringRepository,
  PeeringRow,
  RouterRow,
} from '../store/networks';
import { noRouteAutoPopulation, parseLabels } from '../store/networks';
import type { ServerRepository, ServerRow } from '../store/servers';
import { timestamp } from './common';

/** The block a network's address names, host bits cleared: the route other networks get. */
const blockOf = (address: string) => {
  const cidr = parseCidr(address);
  return cidr ? `${bigIntToIp(cidr.base, cidr.family)}/${cidr.prefix}` : address;
};

/**
 * The routes DHCP hands out on one IP network: its own `dhcp_routes`, then, with auto population
 * on, the network's effective routes of the block's family that pass the configured filters.
 */
function dhcpEffectiveRoutes(
  row: IpNetworkRow,
  configuration: DhcpRoutesConfiguration,
  effective: EffectiveRoute[],
) {
  const manual = (JSON.parse(row.dhcp_routes) as string[]).map((route) => ({
    route,
    ...(row.gateway ? { nexthop: row.gateway } : {}),
    auto_populated: 'no' as const,
  }));
  const auto = configuration.effective_routes_auto_population;
  if (auto.enabled !== 'yes') return manual;
  const destinations = (auto.filter_by_destination ?? []).map((text) => parseCidr(text)!);
  const populated = effective
    .filter((route) => parseCidr(route.route)?.family === row.family)
    .filter((route) => !(auto.exclude_by_source ?? []).includes(route.source))
    .filter(
      (route) =>
        !auto.filter_by_route_type?.length || auto.filter_by_route_type.includes(route.type),
    )
    .filter((route) => {
      if (destinations.length === 0) return true;
      const base = route.route.split('/')[0]!;
      return destinations.some((cidr) => cidr.family === row.family && cidrContains(cidr, base));
    })
    .filter((route) => !manual.some((entry) => entry.route === route.route))
    .map((route) => ({
      route: route.route,
      ...(row.gateway ? { nexthop: row.gateway } : {}),
      auto_populated: 'yes' as const,
    }));
  return [...manual, ...populated];
}

export const ipNetworkRecord = (row: IpNetworkRow, effective: EffectiveRoute[] = []): IpNetwork => {
  const dns = JSON.parse(row.dhcp_dns) as string[];
  const routes = JSON.parse(row.dhcp_routes) as string[];
  const configuration = JSON.parse(
    row.dhcp_routes_configuration || noRouteAutoPopulation,
  ) as DhcpRoutesConfiguration;
  return {
    address: row.address,
    family: row.family,
    ...(row.gateway ? { gateway: row.gateway } : {}),
    dhcp: row.dhcp,
    dhcp_default_route: row.dhcp_default_route,
    ...(dns.length > 0 ? { dhcp_dns: dns } : {}),
    ...(routes.length > 0 ? { dhcp_routes: routes } : {}),
    ...(row.dhcp_bootfile_url ? { dhcp_bootfile_url: row.dhcp_bootfile_url } : {}),
    dhcp_routes_configuration: configuration,
    dhcp_effective_routes: dhcpEffectiveRoutes(row, configuration, effective),
  };
};

/** Network and router records and the access rules of the network and router routes. */
export function createNetworkRecords({
  networks,
  interfaces,
  peerings,
  servers,
  clock,
  peeringState,
}: {
  networks: NetworkRepository;
  interfaces: InterfaceRepository;
  peerings: PeeringRepository;
  servers: ServerRepository;
  clock: Clock;
  peeringState: (row: PeeringRow) => NetworkPeeringState;
}) {
  /**
   * What the network's router gives it: the blocks of the other networks on the same router,
   * the router's static routes, and the peer blocks of its active peerings (which the real
   * service adds to the router as `service` routes).
   */
  function effectiveRoutes(row: NetworkRow): EffectiveRoute[] {
    if (!row.router_uuid) return [];
    const router = networks.findRouter(row.router_uuid);
    if (!router) return [];
    /** The blocks of `networkUuid` as service routes that `source_resource_id` brings. */
    const serviceRoutes = (
      networkUuid: string,
      source: EffectiveRoute['source'],
      source_resource_id: string,
    ): EffectiveRoute[] =>
      networks.ipNetworks(networkUuid).map((block) => ({
        route: blockOf(block.address),
        source,
        type: 'service',
        source_resource_id,
      }));
    const connected = networks
      .withRouter(router.uuid)
      .filter((other) => other.uuid !== row.uuid)
      .flatMap((other) => serviceRoutes(other.uuid, 'router-connected-networks', other.uuid));
    const staticRoutes = (JSON.parse(router.static_routes) as StaticRoute[]).map((route) => ({
      route: route.route,
      nexthop: route.nexthop,
      source: 'static-route' as const,
      type: route.type ?? ('user' as const),
      source_resource_id: router.uuid,
    }));
    const peered = peerings
      .touching(row.uuid)
      .filter((peering) => peering.network_uuid === row.uuid)
      .filter((peering) => peeringState(peering) === 'active')
      .flatMap((peering) => serviceRoutes(peering.peer_network_uuid, 'static-route', peering.uuid));
    return [...connected, ...staticRoutes, ...peered];
  }

  function networkRecord(row: NetworkRow, viewerId: number): Network {
    const attached = new Map<string, string>();
    for (const nic of interfaces.onNetwork(row.uuid)) {
      if (!nic.server_uuid || attached.has(nic.server_uuid)) continue;
      const server = servers.find(nic.server_uuid);
      if (server && server.account_id === viewerId) attached.set(server.uuid, server.title);
    }
    const own = row.type === 'private' ? peerings.touching(row.uuid) : [];
    const defined = own.filter((peering) => peering.network_uuid === row.uuid);
    const effective = row.type === 'private' ? effectiveRoutes(row) : [];
    return {
      uuid: row.uuid,
      name: row.name,
      type: row.type,
      zone: row.zone,
      ...(row.router_uuid ? { router: row.router_uuid } : {}),
      ip_networks: {
        ip_network: networks.ipNetworks(row.uuid).map((block) => ipNetworkRecord(block, effective)),
      },
      ...(attached.size > 0
        ? {
            servers: {
              server: [...attached].map(([uuid, title]) => ({ uuid, title })),
            },
          }
        : {}),
      labels: parseLabels(row.labels),
      ...(row.type === 'private'
        ? {
            peerings: {
              peering: defined.map((peering) => ({
                uuid: peering.uuid,
                name: peering.name,
                state: peeringState(peering),
              })),
            },
          }
        : {}),
      effective_routes: effective,
    };
  }

  /** Servers of the network, for a 409 that names them. */
  function serversOn(networkUuid: string): ServerRow[] {
    const uuids = new Set(
      interfaces
        .onNetwork(networkUuid)
        .map((nic) => nic.server_uuid)
        .filter((uuid) => uuid !== null),
    );
    return [...uuids].map((uuid) => servers.find(uuid)).filter((row) => row !== undefined);
  }

  /** A private network with one IPv4 block and a router of its own, as the seed makes them. */
  function seedPrivateNetwork(
    ownerId: number,
    spec: {
      name: string;
      zone: string;
      block: string;
      routerName: string;
      labels: string;
      /** RFC 3339; now unless given. */
      createdAt?: string;
    },
  ): NetworkRow {
    const created = spec.createdAt ?? timestamp(clock);
    const router = {
      uuid: `04${crypto.randomUUID().slice(2)}`,
      account_id: ownerId,
      name: spec.routerName,
      type: 'normal' as const,
      static_routes: '[]',
      labels: spec.labels,
      created_at: created,
    };
    networks.insertRouter(router);
    const cidr = parseCidr(spec.block)!;
    const row: NetworkRow = {
      uuid: `03${crypto.randomUUID().slice(2)}`,
      account_id: ownerId,
      name: spec.name,
      type: 'private',
      zone: spec.zone,
      router_uuid: router.uuid,
      labels: spec.labels,
      created_at: created,
    };
    networks.insert(row, [
      {
        network_uuid: row.uuid,
        family: 'IPv4',
        address: spec.block,
        gateway: bigIntToIp(cidr.base + 1n, 'IPv4'),
        dhcp: 'yes',
        dhcp_default_route: 'no',
        dhcp_dns: '[]',
        dhcp_routes: '[]',
        dhcp_bootfile_url: null,
        dhcp_routes_configuration: noRouteAutoPopulation,
      },
    ]);
    return row;
  }

  /**
   * A network the owner may read (its own or a zone's shared one) or, with `write`, change: shared
   * networks cannot be modified or deleted (api-rules §4.6).
   */
  function networkFor(ownerId: number, uuid: string, access: 'read' | 'write'): NetworkRow {
    const row = rowByUuid(uuid, networks.find, 'network');
    if (row.account_id === null) {
      if (access === 'write') {
        throw new ApiProblem(
          403,
          'NETWORK_FORBIDDEN',
          `The ${row.type} network ${uuid} is shared by the zone and cannot be changed.`,
        );
      }
      return row;
    }
    if (row.account_id !== ownerId) throw forbidden('network', uuid);
    return row;
  }

  const routerFor = (ownerId: number, uuid: string): RouterRow =>
    ownRowByUuid(uuid, ownerId, networks.findRouter, 'router');

  return { networkRecord, serversOn, seedPrivateNetwork, networkFor, routerFor };
}
