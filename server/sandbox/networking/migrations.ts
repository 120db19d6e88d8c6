import type { DomainMigration } from '../domain';

/** The networks group's own schema changes since the core tables (store/migrations.ts). */
export const networkMigrations: readonly DomainMigration[] = [
  {
    version: 1,
    sql: `
      -- Real clients send dhcp_routes_configuration on every create and modify (UpCloud's Go SDK,
      -- upcloud/network.go); a block written before it existed has auto population off.
      ALTER TABLE ip_networks ADD COLUMN dhcp_routes_configuration TEXT NOT NULL
        DEFAULT '{"effective_routes_auto_population":{"enabled":"no"}}';
    `,
  },
];
