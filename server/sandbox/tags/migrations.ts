import type { DomainMigration } from '../domain';

export const tagMigrations: readonly DomainMigration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE tags (
        account_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        PRIMARY KEY (account_id, name)
      );
    `,
  },
];
