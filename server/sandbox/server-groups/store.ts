import type { AntiAffinityPolicy } from '../../../contract/server-group';
import type { Db } from '../store/database';
import type { ServerRow } from '../store/servers';

export interface ServerGroupRow {
  uuid: string;
  account_id: number;
  title: string;
  /** JSON array of `{key,value}`. */
  labels: string;
  anti_affinity: AntiAffinityPolicy;
  created_at: string;
}

/** The account's server groups; a group's members are the servers whose `server_group` names it. */
export function createServerGroupStore(db: Db) {
  const byUuid = db.prepare<[string], ServerGroupRow>('SELECT * FROM server_groups WHERE uuid = ?');
  const byAccount = db.prepare<[number], ServerGroupRow>(
    'SELECT * FROM server_groups WHERE account_id = ? ORDER BY created_at, rowid',
  );
  const insert = db.prepare<ServerGroupRow>(
    `INSERT INTO server_groups (uuid, account_id, title, labels, anti_affinity, created_at)
     VALUES (@uuid, @account_id, @title, @labels, @anti_affinity, @created_at)`,
  );
  const update = db.prepare<ServerGroupRow>(
    `UPDATE server_groups SET title = @title, labels = @labels, anti_affinity = @anti_affinity
     WHERE uuid = @uuid`,
  );
  const remove = db.prepare<[string]>('DELETE FROM server_groups WHERE uuid = ?');
  const membersOf = db.prepare<[string], ServerRow>(
    'SELECT * FROM servers WHERE server_group = ? ORDER BY created, uuid',
  );
  const groupOf = db.prepare<[string], { server_group: string | null }>(
    'SELECT server_group FROM servers WHERE uuid = ?',
  );
  const release = db.prepare<[string]>(
    'UPDATE servers SET server_group = NULL WHERE server_group = ?',
  );
  const join = db.prepare<[string | null, string]>(
    'UPDATE servers SET server_group = ? WHERE uuid = ?',
  );
  const moveTo = db.prepare<[number, string]>('UPDATE servers SET host = ? WHERE uuid = ?');

  return {
    find: (uuid: string) => byUuid.get(uuid),
    listByAccount: (accountId: number) => byAccount.all(accountId),
    insert: (row: ServerGroupRow) => void insert.run(row),
    update: (row: ServerGroupRow) => void update.run(row),
    /** Deletes the group; its members stay, in no group. */
    delete(uuid: string) {
      release.run(uuid);
      remove.run(uuid);
    },
    members: (uuid: string) => membersOf.all(uuid),
    groupOf: (serverUuid: string) => groupOf.get(serverUuid)?.server_group ?? null,
    /** Makes `servers` the group's whole member list. */
    setMembers(uuid: string, servers: readonly string[]) {
      release.run(uuid);
      for (const server of servers) join.run(uuid, server);
    },
    join: (serverUuid: string, groupUuid: string | null) => void join.run(groupUuid, serverUuid),
    moveTo: (serverUuid: string, host: number) => void moveTo.run(host, serverUuid),
  };
}
export type ServerGroupStore = ReturnType<typeof createServerGroupStore>;
