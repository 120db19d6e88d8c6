import type { DomainMigration } from '../domain';

/** The account group's schema changes since the core tables (store/migrations.ts). */
export const accountMigrations: readonly DomainMigration[] = [
  {
    version: 1,
    sql: `
      -- A subaccount's server, storage, network and tag access and IP filters, as the API's
      -- wrapped lists in JSON (contract/subaccount.ts): empty, a subaccount reaches nothing.
      ALTER TABLE accounts ADD COLUMN permissions TEXT NOT NULL DEFAULT '{}';
    `,
  },
];
