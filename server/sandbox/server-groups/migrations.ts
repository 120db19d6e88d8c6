import type { DomainMigration } from '../domain';

/** A server belongs to at most one group: the group is a column of the server's own row. */
export const serverGroupMigrations: readonly DomainMigration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE server_groups (
        uuid TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL,
        title TEXT NOT NULL,
        labels TEXT NOT NULL DEFAULT '[]',
        anti_affinity TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX server_groups_by_account ON server_groups (account_id, created_at);
      ALTER TABLE servers ADD COLUMN server_group TEXT;
      CREATE INDEX servers_by_group ON servers (server_group);
    `,
  },
];
