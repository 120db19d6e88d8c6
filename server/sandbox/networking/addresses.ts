import crypto from 'node:crypto';
import type { Label } from '../../../contract/common';
import type { IpAddress } from '../../../contract/ip-address';
import type { IpFamily } from '../../../contract/ip';
import { bigIntToIp, ipToBigInt, parseCidr } from '../../../contract/ip';
import type { NetworkInterface, NetworkType } from '../../../contract/network';
import type { ServerInterface } from '../../../contract/server';
import { maxDevicesAndInterfacesPerServer } from '../../../contract/storage';
import type { Clock } from '../clock';
import { rfc3339 } from '../clock';
import { ApiProblem, forbidden, invalidAttribute, missingAttribute } from '../http/errors';
import type {
  InterfaceRepository,
  InterfaceRow,
  IpAddressRow,
  NetworkRepository,
  NetworkRow,
} from '../store/networks';
import { parseLabels } from '../store/networks';
import type { ServerRepository, ServerRow } from '../store/servers';
import { hex, timestamp } from './common';
import { sharedNetworkUuid } from './shared-networks';

/** Default reverse names (api-reference-notes §18). */
export function defaultPtr(address: string, family: IpFamily, zone: string): string {
  if (family === 'IPv4') return `${address.replaceAll('.', '-')}.${zone}.upcloud.host`;
  const words = bigIntToIp(ipToBigInt(address), 'IPv6');
  const value = ipToBigInt(words);
  const last = [48n, 32n, 16n, 0n].map((shift) => ((value >> shift) & 0xffffn).toString(16));
  return `${last.join('-')}.v6.${zone}.upcloud.host`;
}

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
  /** When the interface and its address came to be (RFC 3339); now unless given. */
  createdAt?: string;
}

/**
 * Interfaces and their IP addresses: an address is allocated and released by the same rules for
 * server creation and deletion, the interface and IP address routes and the seed.
 */
export function createAddressing({
  networks,
  interfaces,
  servers,
  clock,
}: {
  networks: NetworkRepository;
  interfaces: InterfaceRepository;
  servers: ServerRepository;
  clock: Clock;
}) {
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
      created_at: request.createdAt ?? timestamp(clock),
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
      created_at: row.created_at,
    });
    return row;
  }

  /**
   * A new server's interfaces: as requested, or utility and public IPv4 (api-reference-notes §2.2).
   * They date from the server's creation, so a seeded server's address bills as long as it has
   * existed.
   */
  function createServerInterfaces(server: ServerRow, requests?: InterfaceRequest[]) {
    const wanted = requests ?? [{ type: 'utility' }, { type: 'public', family: 'IPv4' }];
    const createdAt = rfc3339(new Date(server.created * 1000));
    let planned = server.plan !== 'custom';
    wanted.forEach((request, position) => {
      const partOfPlan =
        planned && request.type === 'public' && (request.family ?? 'IPv4') === 'IPv4';
      if (partOfPlan) planned = false;
      addInterface(server.account_id, server, {
        index: position + 1,
        ...request,
        partOfPlan,
        createdAt,
      });
    });
  }

  /**
   * Releases an interface's addresses by their policy (api-reference-notes §7.1): `keep` leaves a public
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
      dhcp_provided: address.dhcp_provided ? ('yes' as const) : ('no' as const),
      release_policy: address.release_policy,
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

  const publicAddressCount = (accountId: number, family: IpFamily) =>
    interfaces
      .addressesOf(accountId)
      .filter((row) => row.access === 'public' && row.family === family).length;

  return {
    allocate,
    usableNetwork,
    refuseFullServer,
    addInterface,
    createServerInterfaces,
    releaseInterface,
    releaseServer,
    serverInterface,
    interfaceRecord,
    serverInterfaces,
    serverIpAddresses,
    ipAddressRecord,
    publicAddressCount,
  };
}
