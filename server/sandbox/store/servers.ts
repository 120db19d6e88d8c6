import type { ServerState } from '../../../contract/server';
import type { Db } from './database';

export interface ServerRow {
  uuid: string;
  account_id: number;
  title: string;
  hostname: string;
  zone: string;
  plan: string;
  core_number: number;
  memory_amount: number;
  state: ServerState;
  created: number;
  host: number;
  simple_backup: string;
  boot_order: string;
  firewall: 'on' | 'off';
  metadata: 'yes' | 'no';
  nic_model: 'virtio' | 'e1000' | 'rtl8139';
  video_model: 'vga' | 'cirrus';
  timezone: string;
  remote_access_enabled: 'yes' | 'no';
  remote_access_type: 'vnc' | 'spice';
  remote_access_password: string;
  /** JSON arrays: tags, `{key,value}` labels. */
  tags: string;
  labels: string;
}

export interface DeviceRow {
  server_uuid: string;
  address: string;
  type: 'disk' | 'cdrom';
  /** Null for an empty CD-ROM drive. */
  storage_uuid: string | null;
  boot_disk: '0' | '1';
  position: number;
}

export interface EventRow {
  server_uuid: string;
  time: string;
  type: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

export function createServerRepository(db: Db) {
  const byUuid = db.prepare<[string], ServerRow>('SELECT * FROM servers WHERE uuid = ?');
  const byAccount = db.prepare<[number], ServerRow>(
    'SELECT * FROM servers WHERE account_id = ? ORDER BY created, uuid',
  );
  const insert = db.prepare<ServerRow>(`
    INSERT INTO servers (uuid, account_id, title, hostname, zone, plan, core_number, memory_amount,
      state, created, host, simple_backup, boot_order, firewall, metadata, nic_model, video_model,
      timezone, remote_access_enabled, remote_access_type, remote_access_password, tags, labels)
    VALUES (@uuid, @account_id, @title, @hostname, @zone, @plan, @core_number, @memory_amount,
      @state, @created, @host, @simple_backup, @boot_order, @firewall, @metadata, @nic_model,
      @video_model, @timezone, @remote_access_enabled, @remote_access_type, @remote_access_password,
      @tags, @labels)`);
  const update = db.prepare<ServerRow>(`
    UPDATE servers SET title = @title, hostname = @hostname, plan = @plan,
      core_number = @core_number, memory_amount = @memory_amount, state = @state,
      simple_backup = @simple_backup, boot_order = @boot_order, firewall = @firewall,
      metadata = @metadata, nic_model = @nic_model, video_model = @video_model,
      timezone = @timezone, remote_access_enabled = @remote_access_enabled,
      remote_access_type = @remote_access_type, remote_access_password = @remote_access_password,
      tags = @tags, labels = @labels
    WHERE uuid = @uuid`);
  const remove = db.prepare<[string]>('DELETE FROM servers WHERE uuid = ?');
  const devicesOf = db.prepare<[string], DeviceRow>(
    'SELECT * FROM server_storage_devices WHERE server_uuid = ? ORDER BY position, address',
  );
  const devicesWith = db.prepare<[string], DeviceRow>(
    'SELECT * FROM server_storage_devices WHERE storage_uuid = ? ORDER BY server_uuid',
  );
  const insertDevice = db.prepare<DeviceRow>(`
    INSERT INTO server_storage_devices (server_uuid, address, type, storage_uuid, boot_disk, position)
    VALUES (@server_uuid, @address, @type, @storage_uuid, @boot_disk, @position)`);
  const removeDevice = db.prepare<[string, string]>(
    'DELETE FROM server_storage_devices WHERE server_uuid = ? AND address = ?',
  );
  const clearBootDisk = db.prepare<[string]>(
    "UPDATE server_storage_devices SET boot_disk = '0' WHERE server_uuid = ?",
  );
  const nextPosition = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(position) + 1, 0) AS next FROM server_storage_devices WHERE server_uuid = ?',
  );
  const insertEvent = db.prepare<EventRow>(`
    INSERT INTO server_events (server_uuid, time, type, email, first_name, last_name)
    VALUES (@server_uuid, @time, @type, @email, @first_name, @last_name)`);
  const eventsOf = db.prepare<[string, number, number], EventRow>(
    'SELECT * FROM server_events WHERE server_uuid = ? ORDER BY id DESC LIMIT ? OFFSET ?',
  );

  return {
    find: (uuid: string) => byUuid.get(uuid),
    listByAccount: (accountId: number) => byAccount.all(accountId),
    insert: (row: ServerRow) => void insert.run(row),
    update: (row: ServerRow) => void update.run(row),
    delete: (uuid: string) => void remove.run(uuid),
    devices: (serverUuid: string) => devicesOf.all(serverUuid),
    devicesWithStorage: (storageUuid: string) => devicesWith.all(storageUuid),
    addDevice(device: Omit<DeviceRow, 'position'>) {
      if (device.boot_disk === '1') clearBootDisk.run(device.server_uuid);
      const position = nextPosition.get(device.server_uuid)?.next ?? 0;
      insertDevice.run({ ...device, position });
    },
    removeDevice: (serverUuid: string, address: string) =>
      void removeDevice.run(serverUuid, address),
    addEvent: (event: EventRow) => void insertEvent.run(event),
    /** Newest first (reference §13). */
    events: (serverUuid: string, offset: number, count: number) =>
      eventsOf.all(serverUuid, count, offset),
  };
}
export type ServerRepository = ReturnType<typeof createServerRepository>;
