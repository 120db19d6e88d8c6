import crypto from 'node:crypto';
import type { IpAddress } from '../../contract/ip-address';
import type { IpFamily } from '../../contract/ip';
import { bigIntToIp, cidrsOverlap, ipToBigInt, parseCidr } from '../../contract/ip';
import type {
  IpNetwork,
  Network,
  NetworkInterface,
  NetworkPeeringState,
  NetworkType,
} from '../../contract/network';
import type { NetworkPeering } from '../../contract/network-peering';
import type { ServerInterface } from '../../contract/server';
import { maxDevicesAndInterfacesPerServer } from '../../contract/storage';
import { zones } from './catalog';
import type { Clock } from './clock';
import type { JobRunner } from './jobs';
import { uuidPattern } from '../../contract/common';
import type { Label } from '../../contract/common';
import { ApiProblem, forbidden, invalidAttribute, missingAttribute, notFound } from './http/errors';
import type {
  InterfaceRepository,
  InterfaceRow,
  IpAddressRow,
  IpNetworkRow,
  NetworkRepository,
  NetworkRow,
  PeeringRepository,
  PeeringRow,
  RouterRow,
} from './store/networks';
import { parseLabels } from './store/networks';
import type { ServerRepository, ServerRow } from './store/servers';

/** RFC 3339 without fractions. */
const timestamp = (clock: Clock) =>
  clock
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');

const hex = (byte: number) => byte.toString(16).padStart(2, '0');

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

/** Shared networks use ids like 03000000-0000-4000-80NN-00000000000K (reference §18). */
export const sharedNetworkUuid = (zone: string, kind: SharedKind) =>
  `03000000-0000-4000-80${hex(zoneNumber(zone))}-00000000000${sharedKinds[kind].n}`;

/** Each zone's blocks: public IPv4 /20, public IPv6 /64, utility 10.N.0.0/16. */
function sharedBlock(zone: string, kind: SharedKind): IpNetworkRow {
  const n = zoneNumber(zone);
  const uuid = sharedNetworkUuid(zone, kind);
  const common = { network_uuid: uuid, dhcp: 'yes', dhcp_bootfile_url: null } as const;
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

/** Default reverse names (reference §18). */
export function defaultPtr(address: string, family: IpFamily, zone: string): string {
  if (family === 'IPv4') return `${address.replaceAll('.', '-')}.${zone}.upcloud.host`;
  const words = bigIntToIp(ipToBigInt(address), 'IPv6');
  const value = ipToBigInt(words);
  const last = [48n, 32n, 16n, 0n].map((shift) => ((value >> shift) & 0xffffn).toString(16));
  return `${last.join('-')}.v6.${zone}.upcloud.host`;
}

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

export interface InterfaceRequest {
  type: NetworkType;
  network?: string;
  index?: number;
  family?: IpFamily;
  address?: string;
  source_ip_filtering?: 'yes' | 'no';
  bootable?: 'yes' | 'no';
  labels?: Label[];
  /** The first public IPv4 address of a plan server is the one the plan includes. */
  partOfPlan?: boolean;
}

/** Peering provisioning takes this many simulated seconds once both sides defined it. */
export const peeringProvisionSeconds = 10;
export const peeringJobKind = 'network-peering.established';

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
  /** Every zone's shared utility, public IPv4 and public IPv6 network (reference §4.2). */
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

  function newMac(): string {
    for (;;) {
      const mac = `da:45:c4:${hex(crypto.randomInt(256))}:${hex(crypto.randomInt(256))}:${hex(crypto.randomInt(256))}`;
      if (!interfaces.findByMac(mac)) return mac;
    }
  }

  /** A free address of the network's block of that family, or the wanted one if it is free. */
  function allocate(network: NetworkRow, family: IpFamily, wanted?: string): string {
    const block = networks.ipNetworks(network.uuid).find((item) => item.family === family);
    if (!block) {
      throw invalidAttribute('family', `The network ${network.uuid} has no ${family} block.`);
    }
    const cidr = parseCidr(block.address)!;
    const size = 1n << BigInt((family === 'IPv4' ? 32 : 128) - cidr.prefix);
    const first = cidr.base + 1n;
    const last = family === 'IPv4' ? cidr.base + size - 2n : cidr.base + size - 1n;
    const gateway = block.gateway ? ipToBigInt(block.gateway) : -1n;
    if (wanted !== undefined) {
      const value = ipToBigInt(wanted);
      if (value < first || value > last || value === gateway) {
        throw invalidAttribute('address', `${wanted} is not a usable address of ${block.address}.`);
      }
      const text = bigIntToIp(value, family);
      if (interfaces.isTaken(network.uuid, text)) {
        throw new ApiProblem(
          409,
          'IP_ADDRESS_RESOURCES_UNAVAILABLE',
          `The address ${text} is already in use in the network ${network.uuid}.`,
        );
      }
      return text;
    }
    const used = interfaces.usedAddresses(network.uuid);
    const free = (value: bigint) =>
      value !== gateway && !used.has(bigIntToIp(value, family)) ? bigIntToIp(value, family) : null;
    // Shared networks hand out scattered addresses, as a provider's pool does; private networks
    // fill from the bottom, as DHCP on a fresh SDN network does.
    if (network.type !== 'private') {
      const span = last - first + 1n;
      for (let attempt = 0; attempt < 64; attempt += 1) {
        const offset = BigInt(crypto.randomInt(Number(span > 1_000_000n ? 1_000_000n : span)));
        const found = free(first + offset);
        if (found) return found;
      }
    }
    const limit = first + BigInt(Math.min(Number(last - first), used.size + 2));
    for (let value = first; value <= last && value <= limit; value += 1n) {
      const found = free(value);
      if (found) return found;
    }
    throw new ApiProblem(
      409,
      'IP_ADDRESS_RESOURCES_UNAVAILABLE',
      `The network ${network.uuid} has no free ${family} address.`,
    );
  }

  /** A network a principal may use: a shared one of any zone, or the account's own. */
  function usableNetwork(ownerId: number, uuid: string): NetworkRow {
    const network = networks.find(uuid);
    if (!network)
      throw new ApiProblem(404, 'NETWORK_NOT_FOUND', `The network ${uuid} does not exist.`);
    if (network.account_id !== null && network.account_id !== ownerId) {
      throw forbidden('network', uuid);
    }
    return network;
  }

  function refuseFullServer(server: ServerRow) {
    const used = servers.devices(server.uuid).length + interfaces.countOnServer(server.uuid);
    if (used >= maxDevicesAndInterfacesPerServer) {
      throw new ApiProblem(
        409,
        'INTERFACE_LIMIT_REACHED',
        `A server takes at most ${maxDevicesAndInterfacesPerServer} storage devices and network interfaces together.`,
      );
    }
  }

  /**
   * Creates an interface (on `server`, or standalone) and its address. Public and utility
   * interfaces default to the zone's shared network; a private one needs a private network of the
   * account in the server's zone.
   */
  function addInterface(
    ownerId: number,
    server: ServerRow | null,
    request: InterfaceRequest,
  ): InterfaceRow {
    const family = request.family ?? 'IPv4';
    let network: NetworkRow;
    if (request.network !== undefined) {
      network = usableNetwork(ownerId, request.network);
    } else if (request.type === 'private') {
      throw missingAttribute('network', 'A private interface needs a private network.');
    } else if (server) {
      network = networks.find(
        sharedNetworkUuid(
          server.zone,
          request.type === 'utility' ? 'utility' : family === 'IPv6' ? 'public6' : 'public',
        ),
      )!;
    } else {
      throw missingAttribute('network');
    }
    if (network.type !== request.type) {
      throw invalidAttribute(
        'network',
        `The network ${network.uuid} is a ${network.type} network, not ${request.type}.`,
      );
    }
    if (request.type === 'utility' && family === 'IPv6') {
      throw invalidAttribute('family', 'The utility network has IPv4 addresses only.');
    }
    if (server) {
      if (network.zone !== server.zone) {
        throw new ApiProblem(
          409,
          'ZONE_MISMATCH',
          `The network is in ${network.zone} and the server in ${server.zone}.`,
        );
      }
      refuseFullServer(server);
    }
    const taken = server ? interfaces.ofServer(server.uuid).map((item) => item.idx ?? 0) : [];
    let index: number | null = null;
    if (server) {
      if (request.index !== undefined && taken.includes(request.index)) {
        throw new ApiProblem(
          409,
          'INTERFACE_EXISTS',
          `The server already has an interface with index ${request.index}.`,
        );
      }
      index = request.index ?? Math.max(0, ...taken) + 1;
    }
    const row: InterfaceRow = {
      uuid: `11${crypto.randomUUID().slice(2)}`,
      account_id: ownerId,
      server_uuid: server?.uuid ?? null,
      idx: index,
      type: request.type,
      network_uuid: network.uuid,
      mac: newMac(),
      source_ip_filtering: request.source_ip_filtering ?? 'yes',
      bootable: request.bootable ?? 'no',
      labels: JSON.stringify(request.labels ?? []),
      created_at: timestamp(clock),
    };
    interfaces.insert(row);
    const address = allocate(network, family, request.address);
    interfaces.insertAddress({
      address,
      account_id: ownerId,
      zone: network.zone,
      family,
      access: network.type,
      network_uuid: network.uuid,
      interface_uuid: row.uuid,
      floating: 0,
      part_of_plan: request.partOfPlan && network.type === 'public' && family === 'IPv4' ? 1 : 0,
      ptr_record: network.type === 'public' ? defaultPtr(address, family, network.zone) : '',
      release_policy: 'release',
      dhcp_provided: 1,
      delegated_to_account_id: null,
      created_at: timestamp(clock),
    });
    return row;
  }

  /** A new server's interfaces: as requested, or utility and public IPv4 (reference §2.2). */
  function createServerInterfaces(server: ServerRow, requests?: InterfaceRequest[]) {
    const wanted = requests ?? [{ type: 'utility' }, { type: 'public', family: 'IPv4' }];
    let planned = server.plan !== 'custom';
    wanted.forEach((request, position) => {
      const partOfPlan =
        planned && request.type === 'public' && (request.family ?? 'IPv4') === 'IPv4';
      if (partOfPlan) planned = false;
      addInterface(server.account_id, server, { index: position + 1, ...request, partOfPlan });
    });
  }

  /**
   * Releases an interface's addresses by their policy (reference §7.1): `keep` leaves a public
   * IPv4 address as a detached floating one, everything else is freed; then the interface goes.
   */
  function releaseInterface(row: InterfaceRow) {
    for (const address of interfaces.addressesOn(row.uuid)) {
      const keepable = address.access === 'public' && address.family === 'IPv4';
      if (address.release_policy === 'keep' && keepable) {
        interfaces.updateAddress({ ...address, interface_uuid: null, floating: 1 });
      } else {
        interfaces.deleteAddress(address.id);
      }
    }
    interfaces.delete(row.uuid);
  }

  function releaseServer(serverUuid: string) {
    for (const row of interfaces.ofServer(serverUuid)) releaseInterface(row);
  }

  function addressEntries(row: InterfaceRow) {
    return interfaces.addressesOn(row.uuid).map((address) => ({
      address: address.address,
      family: address.family,
      floating: address.floating ? ('yes' as const) : ('no' as const),
    }));
  }

  function serverInterface(row: InterfaceRow): ServerInterface {
    return {
      index: row.idx ?? 0,
      type: row.type,
      network: row.network_uuid,
      mac: row.mac,
      source_ip_filtering: row.source_ip_filtering,
      bootable: row.bootable,
      ip_addresses: { ip_address: addressEntries(row) },
    };
  }

  function interfaceRecord(row: InterfaceRow): NetworkInterface {
    return {
      uuid: row.uuid,
      ...(row.idx !== null ? { index: row.idx } : {}),
      type: row.type,
      network: row.network_uuid,
      mac: row.mac,
      source_ip_filtering: row.source_ip_filtering,
      bootable: row.bootable,
      ...(row.server_uuid ? { server: row.server_uuid } : {}),
      ip_addresses: {
        ip_address: interfaces.addressesOn(row.uuid).map((address) => ({
          address: address.address,
          family: address.family,
          floating: address.floating ? ('yes' as const) : ('no' as const),
          dhcp_provided: address.dhcp_provided ? ('yes' as const) : ('no' as const),
          release_policy: address.release_policy,
        })),
      },
      labels: parseLabels(row.labels),
    };
  }

  const serverInterfaces = (serverUuid: string) =>
    interfaces.ofServer(serverUuid).map(serverInterface);

  const serverIpAddresses = (serverUuid: string) =>
    interfaces.ofServer(serverUuid).flatMap((row) =>
      interfaces.addressesOn(row.uuid).map((address) => ({
        access: address.access,
        address: address.address,
        family: address.family,
      })),
    );

  function ipAddressRecord(row: IpAddressRow): IpAddress {
    const nic = row.interface_uuid ? interfaces.find(row.interface_uuid) : undefined;
    return {
      address: row.address,
      access: row.access,
      family: row.family,
      part_of_plan: row.part_of_plan ? 'yes' : 'no',
      ptr_record: row.ptr_record,
      ...(nic?.server_uuid ? { server: nic.server_uuid } : {}),
      ...(nic ? { mac: nic.mac } : {}),
      floating: row.floating ? 'yes' : 'no',
      zone: row.zone,
      release_policy: row.release_policy,
      network: row.network_uuid,
    };
  }

  function blocksOf(uuid: string) {
    return networks
      .ipNetworks(uuid)
      .map((row) => parseCidr(row.address))
      .filter((cidr) => cidr !== null);
  }

  /** The pair is ready to carry traffic: both sides active, routers on both, no overlap. */
  function peeringState(row: PeeringRow): NetworkPeeringState {
    if (row.configured_status === 'disabled') return 'disabled';
    const peer = networks.find(row.peer_network_uuid);
    if (!peer) return 'deleted-peer-network';
    const local = networks.find(row.network_uuid);
    if (!local) return 'error';
    const reverse = peerings.between(row.peer_network_uuid, row.network_uuid);
    if (!reverse) return 'pending-peer';
    if (reverse.configured_status === 'disabled') return 'peer-disabled';
    if (!local.router_uuid) return 'missing-local-router';
    if (!peer.router_uuid) return 'missing-peer-router';
    const peerBlocks = blocksOf(peer.uuid);
    if (blocksOf(local.uuid).some((a) => peerBlocks.some((b) => cidrsOverlap(a, b)))) {
      return 'conflict-subnet';
    }
    return row.established && reverse.established ? 'active' : 'provisioning';
  }

  function peeringSide(uuid: string, withBlocks: boolean) {
    return {
      uuid,
      ...(withBlocks
        ? {
            ip_networks: {
              ip_network: networks
                .ipNetworks(uuid)
                .map((block) => ({ address: block.address, family: block.family })),
            },
          }
        : {}),
    };
  }

  function peeringRecord(row: PeeringRow): NetworkPeering {
    const both = peerings.between(row.peer_network_uuid, row.network_uuid) !== undefined;
    return {
      uuid: row.uuid,
      name: row.name,
      configured_status: row.configured_status,
      state: peeringState(row),
      network: peeringSide(row.network_uuid, true),
      // The other account's blocks are shown only once it has defined the peering too (spec §4.7).
      peer_network: peeringSide(
        row.peer_network_uuid,
        both && networks.find(row.peer_network_uuid) !== undefined,
      ),
      labels: parseLabels(row.labels),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
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

  const publicAddressCount = (accountId: number, family: IpFamily) =>
    interfaces
      .addressesOf(accountId)
      .filter((row) => row.access === 'public' && row.family === family).length;

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
   * networks cannot be modified or deleted (spec §4.6).
   */
  function networkFor(ownerId: number, uuid: string, access: 'read' | 'write'): NetworkRow {
    if (!uuidPattern.test(uuid)) {
      throw new ApiProblem(400, 'NETWORK_INVALID', 'The network UUID is invalid.');
    }
    const row = networks.find(uuid);
    if (!row) throw notFound('network', uuid);
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

  function routerFor(ownerId: number, uuid: string): RouterRow {
    if (!uuidPattern.test(uuid)) {
      throw new ApiProblem(400, 'ROUTER_INVALID', 'The router UUID is invalid.');
    }
    const row = networks.findRouter(uuid);
    if (!row) throw notFound('router', uuid);
    if (row.account_id !== ownerId) throw forbidden('router', uuid);
    return row;
  }

  return {
    networkFor,
    routerFor,
    serverInterface,
    ensureSharedNetworks,
    seedPrivateNetwork,
    usableNetwork,
    allocate,
    addInterface,
    createServerInterfaces,
    releaseInterface,
    releaseServer,
    refuseFullServer,
    serverInterfaces,
    serverIpAddresses,
    interfaceCount: (serverUuid: string) => interfaces.countOnServer(serverUuid),
    interfaceRecord,
    ipAddressRecord,
    networkRecord,
    peeringRecord,
    peeringState,
    serversOn,
    publicAddressCount,
  };
}
export type Networking = ReturnType<typeof createNetworking>;

/** A pair of peerings in `provisioning` becomes `active` when its job is due. */
export function registerNetworkTransitions({
  jobs,
  networks,
  peerings,
  networking,
}: {
  jobs: JobRunner;
  networks: NetworkRepository;
  peerings: PeeringRepository;
  networking: Networking;
}) {
  jobs.register(peeringJobKind, (job) => {
    const row = peerings.find(job.resource_id);
    if (!row || networking.peeringState(row) !== 'provisioning') return;
    const reverse = peerings.between(row.peer_network_uuid, row.network_uuid);
    if (!reverse || !networks.find(row.peer_network_uuid)) return;
    for (const side of [row, reverse]) peerings.update({ ...side, established: 1 });
  });
}
