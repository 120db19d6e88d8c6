import type { Label } from '../../../contract/common';
import type { IpFamily } from '../../../contract/ip';
import type { NetworkType } from '../../../contract/network';
import type { Db } from './database';

export interface RouterRow {
  uuid: string;
  account_id: number;
  name: string;
  type: 'normal' | 'service';
  /** JSON arrays: `{name, route, nexthop, type}` routes and `{key, value}` labels. */
  static_routes: string;
  labels: string;
  created_at: string;
}

export interface NetworkRow {
  uuid: string;
  /** Null for a zone's shared public and utility networks. */
  account_id: number | null;
  name: string;
  type: NetworkType;
  zone: string;
  router_uuid: string | null;
  labels: string;
  created_at: string;
}

export interface IpNetworkRow {
  network_uuid: string;
  family: IpFamily;
  address: string;
  gateway: string | null;
  dhcp: 'yes' | 'no';
  dhcp_default_route: 'yes' | 'no';
  /** JSON arrays of addresses and CIDR blocks. */
  dhcp_dns: string;
  dhcp_routes: string;
  dhcp_bootfile_url: string | null;
  /** JSON `dhcp_routes_configuration` (contract/network.ts), stored as given. */
  dhcp_routes_configuration: string;
}

/** What a network gets when the request leaves `dhcp_routes_configuration` out. */
export const noRouteAutoPopulation = JSON.stringify({
  effective_routes_auto_population: { enabled: 'no' },
});

export interface InterfaceRow {
  uuid: string;
  account_id: number;
  /** Null while no server holds the interface. */
  server_uuid: string | null;
  idx: number | null;
  type: NetworkType;
  network_uuid: string;
  mac: string;
  source_ip_filtering: 'yes' | 'no';
  bootable: 'yes' | 'no';
  labels: string;
  created_at: string;
}

export interface IpAddressRow {
  id: number;
  address: string;
  account_id: number;
  zone: string;
  family: IpFamily;
  access: NetworkType;
  network_uuid: string;
  /** Null for a detached floating address. */
  interface_uuid: string | null;
  floating: number;
  part_of_plan: number;
  ptr_record: string;
  release_policy: 'release' | 'keep';
  dhcp_provided: number;
  delegated_to_account_id: number | null;
  created_at: string;
}
export type NewIpAddress = Omit<IpAddressRow, 'id'>;

export interface PeeringRow {
  uuid: string;
  account_id: number;
  name: string;
  network_uuid: string;
  peer_network_uuid: string;
  configured_status: 'active' | 'disabled';
  established: number;
  labels: string;
  created_at: string;
  updated_at: string | null;
}

export const parseLabels = (json: string) => JSON.parse(json) as Label[];

/** Networks with their IP networks, and routers. */
export function createNetworkRepository(db: Db) {
  const network = db.prepare<[string], NetworkRow>('SELECT * FROM networks WHERE uuid = ?');
  const visible = db.prepare<[number], NetworkRow>(
    `SELECT * FROM networks WHERE account_id = ? OR account_id IS NULL
     ORDER BY account_id IS NOT NULL, zone, type, created_at, rowid`,
  );
  const shared = db.prepare<[string, string], NetworkRow>(
    'SELECT * FROM networks WHERE account_id IS NULL AND zone = ? AND type = ? ORDER BY uuid',
  );
  const withRouter = db.prepare<[string], NetworkRow>(
    'SELECT * FROM networks WHERE router_uuid = ? ORDER BY created_at, rowid',
  );
  const insertNetwork = db.prepare<NetworkRow>(`
    INSERT INTO networks (uuid, account_id, name, type, zone, router_uuid, labels, created_at)
    VALUES (@uuid, @account_id, @name, @type, @zone, @router_uuid, @labels, @created_at)
    ON CONFLICT (uuid) DO UPDATE SET name = excluded.name, type = excluded.type,
      zone = excluded.zone`);
  const updateNetwork = db.prepare<NetworkRow>(`
    UPDATE networks SET name = @name, router_uuid = @router_uuid, labels = @labels
    WHERE uuid = @uuid`);
  const removeNetwork = db.prepare<[string]>('DELETE FROM networks WHERE uuid = ?');
  const ipNetworks = db.prepare<[string], IpNetworkRow>(
    "SELECT * FROM ip_networks WHERE network_uuid = ? ORDER BY family = 'IPv6', family",
  );
  const clearIpNetworks = db.prepare<[string]>('DELETE FROM ip_networks WHERE network_uuid = ?');
  const insertIpNetwork = db.prepare<IpNetworkRow>(`
    INSERT INTO ip_networks (network_uuid, family, address, gateway, dhcp, dhcp_default_route,
      dhcp_dns, dhcp_routes, dhcp_bootfile_url, dhcp_routes_configuration)
    VALUES (@network_uuid, @family, @address, @gateway, @dhcp, @dhcp_default_route, @dhcp_dns,
      @dhcp_routes, @dhcp_bootfile_url, @dhcp_routes_configuration)`);

  const router = db.prepare<[string], RouterRow>('SELECT * FROM routers WHERE uuid = ?');
  const routersOf = db.prepare<[number], RouterRow>(
    'SELECT * FROM routers WHERE account_id = ? ORDER BY created_at, rowid',
  );
  const insertRouter = db.prepare<RouterRow>(`
    INSERT INTO routers (uuid, account_id, name, type, static_routes, labels, created_at)
    VALUES (@uuid, @account_id, @name, @type, @static_routes, @labels, @created_at)`);
  const updateRouter = db.prepare<RouterRow>(`
    UPDATE routers SET name = @name, static_routes = @static_routes, labels = @labels
    WHERE uuid = @uuid`);
  const removeRouter = db.prepare<[string]>('DELETE FROM routers WHERE uuid = ?');

  return {
    find: (uuid: string) => network.get(uuid),
    /** The account's private networks after every zone's shared ones. */
    listVisible: (accountId: number) => visible.all(accountId),
    shared: (zone: string, type: 'public' | 'utility') => shared.all(zone, type),
    withRouter: (routerUuid: string) => withRouter.all(routerUuid),
    /** Inserts a network, or renames a shared one that already exists. */
    insert(row: NetworkRow, blocks: IpNetworkRow[]) {
      insertNetwork.run(row);
      clearIpNetworks.run(row.uuid);
      for (const block of blocks) insertIpNetwork.run(block);
    },
    update: (row: NetworkRow) => void updateNetwork.run(row),
    replaceIpNetworks(networkUuid: string, blocks: IpNetworkRow[]) {
      clearIpNetworks.run(networkUuid);
      for (const block of blocks) insertIpNetwork.run(block);
    },
    delete: (uuid: string) => void removeNetwork.run(uuid),
    ipNetworks: (networkUuid: string) => ipNetworks.all(networkUuid),
    findRouter: (uuid: string) => router.get(uuid),
    routersOf: (accountId: number) => routersOf.all(accountId),
    insertRouter: (row: RouterRow) => void insertRouter.run(row),
    updateRouter: (row: RouterRow) => void updateRouter.run(row),
    deleteRouter: (uuid: string) => void removeRouter.run(uuid),
  };
}
export type NetworkRepository = ReturnType<typeof createNetworkRepository>;

/** Network interfaces and the IP addresses the accounts hold. */
export function createInterfaceRepository(db: Db) {
  const byUuid = db.prepare<[string], InterfaceRow>('SELECT * FROM interfaces WHERE uuid = ?');
  const byMac = db.prepare<[string], InterfaceRow>('SELECT * FROM interfaces WHERE mac = ?');
  const ofServer = db.prepare<[string], InterfaceRow>(
    'SELECT * FROM interfaces WHERE server_uuid = ? ORDER BY idx',
  );
  const ofAccount = db.prepare<[number], InterfaceRow>(
    'SELECT * FROM interfaces WHERE account_id = ? ORDER BY created_at, rowid',
  );
  const onNetwork = db.prepare<[string], InterfaceRow>(
    'SELECT * FROM interfaces WHERE network_uuid = ? ORDER BY created_at, rowid',
  );
  const countOnServer = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM interfaces WHERE server_uuid = ?',
  );
  const insertInterface = db.prepare<InterfaceRow>(`
    INSERT INTO interfaces (uuid, account_id, server_uuid, idx, type, network_uuid, mac,
      source_ip_filtering, bootable, labels, created_at)
    VALUES (@uuid, @account_id, @server_uuid, @idx, @type, @network_uuid, @mac,
      @source_ip_filtering, @bootable, @labels, @created_at)`);
  const updateInterface = db.prepare<InterfaceRow>(`
    UPDATE interfaces SET idx = @idx, source_ip_filtering = @source_ip_filtering,
      bootable = @bootable, labels = @labels
    WHERE uuid = @uuid`);
  const removeInterface = db.prepare<[string]>('DELETE FROM interfaces WHERE uuid = ?');

  const address = db.prepare<[number], IpAddressRow>('SELECT * FROM ip_addresses WHERE id = ?');
  const byAddress = db.prepare<[string], IpAddressRow>(
    'SELECT * FROM ip_addresses WHERE address = ? ORDER BY id',
  );
  const addressesOf = db.prepare<[number], IpAddressRow>(
    'SELECT * FROM ip_addresses WHERE account_id = ? ORDER BY created_at, id',
  );
  const addressesOn = db.prepare<[string], IpAddressRow>(
    'SELECT * FROM ip_addresses WHERE interface_uuid = ? ORDER BY floating, id',
  );
  const addressesInNetwork = db.prepare<[string], { address: string }>(
    'SELECT address FROM ip_addresses WHERE network_uuid = ?',
  );
  const taken = db.prepare<[string, string], { id: number }>(
    'SELECT id FROM ip_addresses WHERE network_uuid = ? AND address = ?',
  );
  const insertAddress = db.prepare<NewIpAddress>(`
    INSERT INTO ip_addresses (address, account_id, zone, family, access, network_uuid,
      interface_uuid, floating, part_of_plan, ptr_record, release_policy, dhcp_provided,
      delegated_to_account_id, created_at)
    VALUES (@address, @account_id, @zone, @family, @access, @network_uuid, @interface_uuid,
      @floating, @part_of_plan, @ptr_record, @release_policy, @dhcp_provided,
      @delegated_to_account_id, @created_at)`);
  const updateAddress = db.prepare<IpAddressRow>(`
    UPDATE ip_addresses SET interface_uuid = @interface_uuid, floating = @floating,
      ptr_record = @ptr_record,
      release_policy = @release_policy, delegated_to_account_id = @delegated_to_account_id
    WHERE id = @id`);
  const removeAddress = db.prepare<[number]>('DELETE FROM ip_addresses WHERE id = ?');

  return {
    find: (uuid: string) => byUuid.get(uuid),
    findByMac: (mac: string) => byMac.get(mac.toLowerCase()),
    ofServer: (serverUuid: string) => ofServer.all(serverUuid),
    ofAccount: (accountId: number) => ofAccount.all(accountId),
    onNetwork: (networkUuid: string) => onNetwork.all(networkUuid),
    countOnServer: (serverUuid: string) => countOnServer.get(serverUuid)?.n ?? 0,
    insert: (row: InterfaceRow) => void insertInterface.run(row),
    update: (row: InterfaceRow) => void updateInterface.run(row),
    delete: (uuid: string) => void removeInterface.run(uuid),
    findAddress: (id: number) => address.get(id),
    addressesNamed: (text: string) => byAddress.all(text),
    addressesOf: (accountId: number) => addressesOf.all(accountId),
    addressesOn: (interfaceUuid: string) => addressesOn.all(interfaceUuid),
    usedAddresses: (networkUuid: string) =>
      new Set(addressesInNetwork.all(networkUuid).map((row) => row.address)),
    isTaken: (networkUuid: string, text: string) => taken.get(networkUuid, text) !== undefined,
    insertAddress: (row: NewIpAddress) => Number(insertAddress.run(row).lastInsertRowid),
    updateAddress: (row: IpAddressRow) => void updateAddress.run(row),
    deleteAddress: (id: number) => void removeAddress.run(id),
  };
}
export type InterfaceRepository = ReturnType<typeof createInterfaceRepository>;

export function createPeeringRepository(db: Db) {
  const byUuid = db.prepare<[string], PeeringRow>('SELECT * FROM network_peerings WHERE uuid = ?');
  const ofAccount = db.prepare<[number], PeeringRow>(
    'SELECT * FROM network_peerings WHERE account_id = ? ORDER BY created_at, rowid',
  );
  const pair = db.prepare<[string, string], PeeringRow>(
    'SELECT * FROM network_peerings WHERE network_uuid = ? AND peer_network_uuid = ?',
  );
  const touching = db.prepare<[string, string], PeeringRow>(
    'SELECT * FROM network_peerings WHERE network_uuid = ? OR peer_network_uuid = ? ORDER BY created_at, rowid',
  );
  const insert = db.prepare<PeeringRow>(`
    INSERT INTO network_peerings (uuid, account_id, name, network_uuid, peer_network_uuid,
      configured_status, established, labels, created_at, updated_at)
    VALUES (@uuid, @account_id, @name, @network_uuid, @peer_network_uuid, @configured_status,
      @established, @labels, @created_at, @updated_at)`);
  const update = db.prepare<PeeringRow>(`
    UPDATE network_peerings SET name = @name, configured_status = @configured_status,
      established = @established, labels = @labels, updated_at = @updated_at
    WHERE uuid = @uuid`);
  const remove = db.prepare<[string]>('DELETE FROM network_peerings WHERE uuid = ?');

  return {
    find: (uuid: string) => byUuid.get(uuid),
    ofAccount: (accountId: number) => ofAccount.all(accountId),
    /** The peering defined from `network` towards `peer`, if any. */
    between: (network: string, peer: string) => pair.get(network, peer),
    /** Every peering either side of which is the network. */
    touching: (networkUuid: string) => touching.all(networkUuid, networkUuid),
    insert: (row: PeeringRow) => void insert.run(row),
    update: (row: PeeringRow) => void update.run(row),
    delete: (uuid: string) => void remove.run(uuid),
  };
}
export type PeeringRepository = ReturnType<typeof createPeeringRepository>;
