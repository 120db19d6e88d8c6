import type { Label } from '../../../contract/common';
import type { LabelFilter } from '../../../contract/labels';
import type { ServerSortField, ServerState } from '../../../contract/server';
import type { Db } from './database';
import {
  jsonRowReader,
  labelFiltersParameter,
  labelFiltersSql,
  statementCache,
} from './list-queries';

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
  /** The server group it belongs to (a column of the server-groups domain). */
  server_group?: string | null;
}

type ServerSettingField =
  | 'simple_backup'
  | 'boot_order'
  | 'firewall'
  | 'nic_model'
  | 'video_model'
  | 'timezone'
  | 'remote_access_enabled'
  | 'remote_access_type'
  | 'tags';

/** A new server's settings unless it says otherwise (the columns' defaults in store/migrations.ts). */
export const serverSettingDefaults: Pick<ServerRow, ServerSettingField> = {
  simple_backup: 'no',
  boot_order: 'disk',
  firewall: 'off',
  nic_model: 'virtio',
  video_model: 'cirrus',
  timezone: 'UTC',
  remote_access_enabled: 'no',
  remote_access_type: 'vnc',
  tags: '[]',
};

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

/** `GET /1.3/server` (api-reference-notes §1.6): every filter given must hold. */
export interface ServerListFilter {
  ownerId: number;
  state?: ServerState;
  zone?: string;
  /** A tag the server carries (exact name). */
  tag?: string;
  /** Part of the title or hostname in any case, or of the UUID. */
  search?: string;
  labels: readonly LabelFilter[];
  /** Without it the list is oldest first. */
  sortBy?: ServerSortField;
  descending: boolean;
  /** Without it every server from `offset` on. */
  limit?: number;
  offset: number;
}

/** The sortable columns by name: only these words reach the SQL text. */
const sortColumns: Record<ServerSortField, string> = {
  created: 's.created',
  title: 's.title',
  hostname: 's.hostname',
  zone: 's.zone',
  state: 's.state',
  plan: 's.plan',
  core_number: 's.core_number',
  memory_amount: 's.memory_amount',
};

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
    UPDATE servers SET title = @title, hostname = @hostname, zone = @zone, plan = @plan,
      core_number = @core_number, memory_amount = @memory_amount, state = @state,
      simple_backup = @simple_backup, boot_order = @boot_order, firewall = @firewall,
      metadata = @metadata, nic_model = @nic_model, video_model = @video_model,
      timezone = @timezone, remote_access_enabled = @remote_access_enabled,
      remote_access_type = @remote_access_type, remote_access_password = @remote_access_password,
      tags = @tags, labels = @labels
    WHERE uuid = @uuid`);
  const remove = db.prepare<[string]>('DELETE FROM servers WHERE uuid = ?');
  const labelsJson = db.prepare<[string], { labels: string }>(
    'SELECT labels FROM servers WHERE uuid = ?',
  );
  const clearLabels = db.prepare<[string]>('DELETE FROM server_labels WHERE server_uuid = ?');
  const insertLabel = db.prepare<[string, number, string, string, string]>(
    'INSERT INTO server_labels (server_uuid, position, key, key_lower, value) VALUES (?, ?, ?, ?, ?)',
  );
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
  const replaceStorage = db.prepare<[string, string, string]>(
    'UPDATE server_storage_devices SET storage_uuid = ? WHERE server_uuid = ? AND address = ?',
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
    'SELECT * FROM server_events WHERE server_uuid = ? ORDER BY id DESC LIMIT +? OFFSET +?',
  );

  const rowJson = jsonRowReader<ServerRow>(db, 'servers');
  const byUuids = db
    .prepare<[string], string>(
      `SELECT ${rowJson.select('s')} FROM servers s WHERE s.uuid IN (SELECT value FROM json_each(?))`,
    )
    .pluck();
  const statement = statementCache(db);

  /** The labels again in server_labels, keyed by JavaScript's lower case (migration 9). */
  function indexLabels(uuid: string, labels: string) {
    clearLabels.run(uuid);
    (JSON.parse(labels) as Label[]).forEach((label, position) =>
      insertLabel.run(uuid, position, label.key, label.key.toLowerCase(), label.value),
    );
  }

  const insertWithLabels = db.transaction((row: ServerRow) => {
    insert.run(row);
    indexLabels(row.uuid, row.labels);
  });
  const updateWithLabels = db.transaction((row: ServerRow) => {
    const before = labelsJson.get(row.uuid)?.labels;
    update.run(row);
    if (before !== undefined && before !== row.labels) indexLabels(row.uuid, row.labels);
  });

  /**
   * An account's servers filtered, sorted and paged in SQL (api-reference-notes §1.6), so that a page of
   * 1,000 servers reads only its own rows (bench/scale.ts). The filters are those of the list:
   * state, zone, a tag, search text in the title or hostname in any case (JavaScript's case
   * folding, js_lower) or in the UUID, and label filters (every one must match; keys without
   * case, api-rules §2.8.3). Sorting is by the column (numbers by value, text by code point), ties by
   * UUID in the same direction; without a sort field oldest first.
   */
  function list(filter: ServerListFilter): ServerRow[] {
    // No account has 2^53 servers; SQLite would refuse an offset it cannot hold as an integer.
    if (!Number.isSafeInteger(filter.offset)) return [];
    const where = ['s.account_id = @owner'];
    const params: Record<string, string | number> = {
      owner: filter.ownerId,
      // SQLite reads a negative LIMIT as no limit.
      limit: filter.limit ?? -1,
      offset: filter.offset,
    };
    if (filter.state !== undefined) {
      where.push('s.state = @state');
      params.state = filter.state;
    }
    if (filter.zone !== undefined) {
      where.push('s.zone = @zone');
      params.zone = filter.zone;
    }
    if (filter.tag !== undefined) {
      // The quoted name appears in the JSON text of every array that holds it: a cheap test
      // before the exact one.
      where.push(
        'instr(s.tags, @tag_json) > 0 AND EXISTS (SELECT 1 FROM json_each(s.tags) t WHERE t.value = @tag)',
      );
      params.tag = filter.tag;
      params.tag_json = JSON.stringify(filter.tag);
    }
    if (filter.search !== undefined) {
      where.push(
        '(instr(js_lower(s.title), @search) > 0 OR instr(js_lower(s.hostname), @search) > 0 OR instr(s.uuid, @search) > 0)',
      );
      params.search = filter.search.toLowerCase();
    }
    if (filter.labels.length > 0) {
      where.push(labelFiltersSql('server_labels'));
      params.label_filters = labelFiltersParameter(filter.labels);
    }
    const direction = filter.descending ? 'DESC' : 'ASC';
    const order = filter.sortBy
      ? `${sortColumns[filter.sortBy]} ${direction}, s.uuid ${direction}`
      : 's.created, s.uuid';
    // `+@limit`, not `@limit`: planned once (store/list-queries.ts).
    const select = (columns: string) =>
      statement(
        `SELECT ${columns} FROM servers s WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT +@limit OFFSET +@offset`,
      ).all(params);
    if (filter.limit === undefined) return select('s.*') as ServerRow[];
    // A page sorts only the keys (less to carry through the sort) and then reads its rows.
    return rowsOf((select('s.uuid') as { uuid: string }[]).map((row) => row.uuid));
  }

  /** The rows of these servers in this order, read by one query. */
  function rowsOf(uuids: readonly string[]): ServerRow[] {
    if (uuids.length === 0) return [];
    const rows = rowJson.rows(byUuids.get(JSON.stringify(uuids))!);
    const byUuid = new Map(rows.map((row) => [row.uuid, row]));
    return uuids.map((uuid) => byUuid.get(uuid)!);
  }

  return {
    find: (uuid: string) => byUuid.get(uuid),
    listByAccount: (accountId: number) => byAccount.all(accountId),
    list,
    insert: (row: ServerRow) => void insertWithLabels(row),
    update: (row: ServerRow) => void updateWithLabels(row),
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
    /** Puts another storage in a device, keeping its address, boot flag and place in the order. */
    replaceDeviceStorage: (serverUuid: string, address: string, storageUuid: string) =>
      void replaceStorage.run(storageUuid, serverUuid, address),
    addEvent: (event: EventRow) => void insertEvent.run(event),
    /** Newest first (api-reference-notes §13). */
    events: (serverUuid: string, offset: number, count: number) =>
      eventsOf.all(serverUuid, count, offset),
  };
}
export type ServerRepository = ReturnType<typeof createServerRepository>;
