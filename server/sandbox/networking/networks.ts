import crypto from 'node:crypto';
import { bigIntToIp, parseCidr } from '../../../contract/ip';
import type { IpNetwork, Network, NetworkPeeringState } from '../../../contract/network';
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
import { parseLabels } from '../store/networks';
import type { ServerRepository, ServerRow } from '../store/servers';
import { timestamp } from './common';

export const ipNetworkRecord = (row: IpNetworkRow): IpNetwork => {
  const dns = JSON.parse(row.dhcp_dns) as string[];
  const routes = JSON.parse(row.dhcp_routes) as string[];
  return {
    address: row.address,
    family: row.family,
    ...(row.gateway ? { gateway: row.gateway } : {}),
    dhcp: row.dhcp,
    dhcp_default_route: row.dhcp_default_route,
    ...(dns.length > 0 ? { dhcp_dns: dns } : {}),
    ...(routes.length > 0 ? { dhcp_routes: routes } : {}),
    ...(row.dhcp_bootfile_url ? { dhcp_bootfile_url: row.dhcp_bootfile_url } : {}),
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
  function networkRecord(row: NetworkRow, viewerId: number): Network {
    const attached = new Map<string, string>();
    for (const nic of interfaces.onNetwork(row.uuid)) {
      if (!nic.server_uuid || attached.has(nic.server_uuid)) continue;
      const server = servers.find(nic.server_uuid);
      if (server && server.account_id === viewerId) attached.set(server.uuid, server.title);
    }
    const own = row.type === 'private' ? peerings.touching(row.uuid) : [];
    const defined = own.filter((peering) => peering.network_uuid === row.uuid);
    return {
      uuid: row.uuid,
      name: row.name,
      type: row.type,
      zone: row.zone,
      ...(row.router_uuid ? { router: row.router_uuid } : {}),
      ip_networks: { ip_network: networks.ipNetworks(row.uuid).map(ipNetworkRecord) },
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
    spec: { name: string; zone: string; block: string; routerName: string; labels: string },
  ): NetworkRow {
    const created = timestamp(clock);
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
