import { describe, expect, it } from 'vitest';
import { withOldDatabase } from '../testing';

const uuid = '00000000-0000-4000-8000-000000000009';

describe('migration 9', () => {
  it('indexes the labels of existing servers, keys lower-cased as JavaScript does', async () => {
    await withOldDatabase(
      8,
      (old) => {
        const insert = old.prepare(
          `INSERT INTO servers (uuid, account_id, title, hostname, zone, plan, core_number,
             memory_amount, state, created, host, labels)
           VALUES (?, 7, 'old server', 'old', 'de-fra1', 'custom', 1, 1024, 'stopped', 0, 1, ?)`,
        );
        insert.run(
          uuid,
          JSON.stringify([
            { key: 'ÄRZTE', value: 'x' },
            { key: 'Env', value: 'prod' },
          ]),
        );
        insert.run('00000000-0000-4000-8000-00000000000a', '[]');
      },
      (app) => {
        const { servers, db } = app.sandbox!;
        expect(
          db.prepare('SELECT * FROM server_labels ORDER BY server_uuid, position').all(),
        ).toEqual([
          { server_uuid: uuid, position: 0, key: 'ÄRZTE', key_lower: 'ärzte', value: 'x' },
          { server_uuid: uuid, position: 1, key: 'Env', key_lower: 'env', value: 'prod' },
        ]);
        const labelled = (...labels: { key: string; value?: string }[]) =>
          servers.list({ ownerId: 7, labels, descending: false, offset: 0 }).map((row) => row.uuid);
        expect(labelled({ key: 'ärzte' })).toEqual([uuid]);
        expect(labelled({ key: 'ENV', value: 'prod' }, { key: 'Ärzte', value: 'x' })).toEqual([
          uuid,
        ]);
        expect(labelled({ key: 'env', value: 'Prod' })).toEqual([]);
      },
    );
  });
});
