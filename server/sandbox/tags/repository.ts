import type { Db } from '../store/database';

export interface TagRow {
  account_id: number;
  name: string;
  description: string;
  created_at: string;
}

/**
 * The account's tags. A server may carry a name that has no row (tagged through
 * `/server/{uuid}/tag/{tags}`, which creates tags on the fly): such a name is a tag all the same.
 */
export function createTagRepository(db: Db) {
  const rows = db.prepare<[number], TagRow>(
    'SELECT * FROM tags WHERE account_id = ? ORDER BY created_at, rowid',
  );
  const onServers = db.prepare<[number], { name: string }>(
    `SELECT DISTINCT tag.value AS name FROM servers, json_each(servers.tags) AS tag
     WHERE servers.account_id = ? ORDER BY servers.created, servers.uuid, tag.key`,
  );
  const insert = db.prepare<TagRow>(
    `INSERT INTO tags (account_id, name, description, created_at)
     VALUES (@account_id, @name, @description, @created_at)
     ON CONFLICT (account_id, name) DO UPDATE SET description = excluded.description`,
  );
  const remove = db.prepare<[number, string]>('DELETE FROM tags WHERE account_id = ? AND name = ?');

  /** Every tag of the account: its rows, then the names only servers carry. */
  function list(accountId: number, now: string): TagRow[] {
    const own = rows.all(accountId);
    const known = new Set(own.map((row) => row.name));
    const carried = onServers
      .all(accountId)
      .filter(({ name }) => !known.has(name))
      .map(({ name }) => ({ account_id: accountId, name, description: '', created_at: now }));
    return [...own, ...carried];
  }

  return {
    list,
    find: (accountId: number, name: string, now: string) =>
      list(accountId, now).find((row) => row.name === name),
    save: (row: TagRow) => void insert.run(row),
    delete: (accountId: number, name: string) => void remove.run(accountId, name),
  };
}
