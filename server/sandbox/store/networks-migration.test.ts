import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import { sharedNetworkUuid } from '../networking';
import { migrations } from './migrations';

const jsonInterfaces = [
  {
    index: 1,
    type: 'utility',
    network: sharedNetworkUuid('de-fra1', 'utility'),
    mac: 'da:45:c4:00:00:01',
    source_ip_filtering: 'yes',
    bootable: 'no',
    ip_addresses: { ip_address: [{ address: '10.1.4.5', family: 'IPv4', floating: 'no' }] },
  },
  {
    index: 2,
    type: 'public',
    network: sharedNetworkUuid('de-fra1', 'public'),
    mac: 'da:45:c4:00:00:02',
    source_ip_filtering: 'yes',
    bootable: 'no',
    ip_addresses: { ip_address: [{ address: '94.237.16.77', family: 'IPv4', floating: 'no' }] },
  },
];

describe('migration 5', () => {
  it("moves a server's JSON interfaces onto the networking tables", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-migration-'));
    const database = path.join(dir, 'sandbox.db');
    try {
      const old = new Database(database);
      old.exec(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
      );
      for (const migration of migrations.filter((item) => item.version <= 4)) {
        old.exec(migration.sql);
        old.prepare('INSERT INTO schema_migrations VALUES (?, ?)').run(migration.version, 'then');
      }
      old
        .prepare(
          "INSERT INTO accounts (id, username, password_hash, type, created_at) VALUES (7, 'old', 'x', 'main', 'then')",
        )
        .run();
      old
        .prepare(
          `INSERT INTO servers (uuid, account_id, title, hostname, zone, plan, core_number,
             memory_amount, state, created, host, interfaces)
           VALUES ('00000000-0000-4000-8000-000000000001', 7, 'old server', 'old', 'de-fra1',
             'custom', 1, 1024, 'stopped', 0, 1, ?)`,
        )
        .run(JSON.stringify(jsonInterfaces));
      old.close();

      const app = await buildServer({ database });
      try {
        const sandbox = app.sandbox!;
        const row = sandbox.servers.find('00000000-0000-4000-8000-000000000001')!;
        expect(row).not.toHaveProperty('interfaces');
        expect(sandbox.resources.serverDetails(row).networking.interfaces.interface).toEqual(
          jsonInterfaces,
        );
        const [publicAddress] = sandbox.interfaces.addressesNamed('94.237.16.77');
        expect(sandbox.networking.ipAddressRecord(publicAddress!)).toMatchObject({
          access: 'public',
          ptr_record: '94-237-16-77.de-fra1.upcloud.host',
          server: row.uuid,
          mac: 'da:45:c4:00:00:02',
        });
        const network = sandbox.networks.find(sharedNetworkUuid('de-fra1', 'public'))!;
        expect(sandbox.networking.networkRecord(network, 7)).toMatchObject({
          name: 'Public 94.237.16.0/20',
          type: 'public',
          servers: { server: [{ uuid: row.uuid, title: 'old server' }] },
        });
      } finally {
        await app.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
