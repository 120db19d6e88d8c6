import type { FirewallRule, FirewallRuleInput } from '../../../contract/firewall';
import { unsetRuleAttributes } from '../../../contract/firewall';
import type { DomainMigration } from '../domain';
import type { Db } from '../store/database';

/** A rule as stored: the record without its position, which is the row's place in the set. */
export type StoredRule = Omit<FirewallRule, 'position'>;

export const firewallMigrations: readonly DomainMigration[] = [
  {
    version: 1,
    // Deleting a server deletes its rules with it.
    sql: `
      CREATE TABLE firewall_rules (
        server_uuid TEXT NOT NULL REFERENCES servers(uuid) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        rule TEXT NOT NULL,
        PRIMARY KEY (server_uuid, position)
      );
    `,
  },
];

/** A client's rule as the API answers it: every attribute, unset ones `""` (api-reference-notes §2.7). */
export const storedRule = (input: FirewallRuleInput): StoredRule => ({
  ...unsetRuleAttributes,
  ...input,
});

/** Each server's rules in order; a change rewrites the set, so positions stay 1…n. */
export function createFirewallStore(db: Db) {
  const select = db.prepare<[string], { position: number; rule: string }>(
    'SELECT position, rule FROM firewall_rules WHERE server_uuid = ? ORDER BY position',
  );
  const clear = db.prepare<[string]>('DELETE FROM firewall_rules WHERE server_uuid = ?');
  const insert = db.prepare<[string, number, string]>(
    'INSERT INTO firewall_rules (server_uuid, position, rule) VALUES (?, ?, ?)',
  );

  return {
    rules: (serverUuid: string): FirewallRule[] =>
      select.all(serverUuid).map(({ position, rule }) => ({
        ...(JSON.parse(rule) as StoredRule),
        position: String(position),
      })),
    /** Replaces the server's set with `rules`, numbered from 1 in order. */
    replace(serverUuid: string, rules: readonly StoredRule[]) {
      clear.run(serverUuid);
      rules.forEach((rule, index) => insert.run(serverUuid, index + 1, JSON.stringify(rule)));
    },
  };
}
