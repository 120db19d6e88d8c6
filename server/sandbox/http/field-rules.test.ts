import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkydeckServer } from '../../app';
import { subAccountBody } from '../routes/test-helpers';
import { buildTestServer, demoAuth, expectProblem } from '../testing';

/**
 * Free text a client sends is bounded and checked for its format, and names, titles, usernames
 * and passwords refuse characters that would make them read as something else.
 */
describe('field rules of request bodies', () => {
  let app: SkydeckServer;
  let server: string;
  let storage: string;
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    app.inject({ method, url, payload, headers: { authorization: demoAuth } });
  const modifyServer = (fields: Record<string, unknown>) =>
    call('PUT', `/1.3/server/${server}`, { server: fields });

  beforeAll(async () => {
    app = await buildTestServer();
    const first = <T>(body: unknown) => {
      const wrapper = Object.values(body as Record<string, Record<string, T[]>>)[0]!;
      return Object.values(wrapper)[0]![0]!;
    };
    const list = (url: string) => app.inject({ url, headers: { authorization: demoAuth } });
    server = first<{ uuid: string }>((await list('/1.3/server')).json()).uuid;
    storage = first<{ uuid: string }>((await list('/1.3/storage/normal')).json()).uuid;
  });
  afterAll(() => app.close());

  it.each([
    ['a 900 KB timezone', { timezone: 'Europe/Helsinki'.repeat(64_000) }, 'TIMEZONE_INVALID'],
    ['an unknown timezone', { timezone: 'Mars/Olympus_Mons' }, 'TIMEZONE_INVALID'],
    ['an unknown boot device', { boot_order: 'disk,floppy' }, 'BOOT_ORDER_INVALID'],
    ['a boot device twice', { boot_order: 'disk,disk' }, 'BOOT_ORDER_INVALID'],
    ['a long boot order', { boot_order: `disk${',cdrom'.repeat(10_000)}` }, 'BOOT_ORDER_INVALID'],
    ['a backup without a plan', { simple_backup: '0430' }, 'SIMPLE_BACKUP_INVALID'],
    ['a backup at 25:00', { simple_backup: '2500,dailies' }, 'SIMPLE_BACKUP_INVALID'],
    ['an unknown backup plan', { simple_backup: '0430,hourlies' }, 'SIMPLE_BACKUP_INVALID'],
    [
      'a long remote access password',
      { remote_access_password: 'x'.repeat(65) },
      'REMOTE_ACCESS_PASSWORD_INVALID',
    ],
    [
      'a remote access password with NUL bytes',
      { remote_access_password: 'secret\u0000\u0000' },
      'REMOTE_ACCESS_PASSWORD_INVALID',
    ],
    ['a title with a bidi override', { title: 'web\u202egnp.exe' }, 'TITLE_INVALID'],
    ['a title with a line break', { title: 'web\n1' }, 'TITLE_INVALID'],
    ['a title with a lone surrogate', { title: 'web\ud800' }, 'TITLE_INVALID'],
    ['a title with a C1 control', { title: 'web\u0085' }, 'TITLE_INVALID'],
    ['a plan of any text', { plan: `${'1xCPU-1GB '.repeat(10)}` }, 'PLAN_INVALID'],
  ])('refuses %s on a server with 400', async (_name, fields, code) => {
    expectProblem(await modifyServer(fields), 400, code);
  });

  it('accepts the formats it documents', async () => {
    const response = await modifyServer({
      title: 'web 1 — ünïcode 😀',
      timezone: 'Europe/Helsinki',
      boot_order: 'cdrom,disk,network',
      simple_backup: '0430,dailies',
      remote_access_password: 'Passw0rd!',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      server: {
        title: 'web 1 — ünïcode 😀',
        timezone: 'Europe/Helsinki',
        boot_order: 'cdrom,disk,network',
        simple_backup: '0430,dailies',
      },
    });
    expect((await modifyServer({ timezone: 'UTC', simple_backup: 'no' })).statusCode).toBe(202);
  });

  it('takes at most 100 labels on a resource', async () => {
    const labels = (count: number) =>
      Array.from({ length: count }, (_, n) => ({ key: `k${n}`, value: 'v' }));
    const serverLabels = (count: number) => modifyServer({ labels: { label: labels(count) } });
    expectProblem(await serverLabels(101), 400, 'LABEL_INVALID');
    expect((await serverLabels(100)).statusCode).toBe(202);
    const storageLabels = (count: number) =>
      call('PUT', `/1.3/storage/${storage}`, { storage: { labels: labels(count) } });
    expectProblem(await storageLabels(101), 400, 'LABELS_INVALID');
    expect((await storageLabels(100)).statusCode).toBe(202);
    const router = { name: 'labelled', labels: labels(101) };
    expectProblem(await call('POST', '/1.3/router', { router }), 400, 'LABELS_INVALID');
  });

  it.each([
    [
      'a retention of 1.5 days',
      { interval: 'daily', time: '0430', retention: 1.5 },
      'RETENTION_INVALID',
    ],
    ['no retention', { interval: 'daily', time: '0430' }, 'RETENTION_MISSING'],
    ['an unknown interval', { interval: 'hourly', time: '0430', retention: 7 }, 'INTERVAL_INVALID'],
    ['a list', [], 'BACKUP_RULE_INVALID'],
  ])(
    'names the backup rule’s field at fault, not its fields as unknown, for %s',
    async (_what, rule, code) => {
      const response = await call('PUT', `/1.3/storage/${storage}`, {
        storage: { backup_rule: rule },
      });
      expectProblem(response, 400, code);
    },
  );

  it.each([-1, 0, 1e12, '3601'])(
    'takes a stop timeout of 1–3600 seconds, not %s',
    async (timeout) => {
      const stop = { stop_server: { stop_type: 'soft', timeout } };
      expectProblem(await call('POST', `/1.3/server/${server}/stop`, stop), 400, 'TIMEOUT_INVALID');
    },
  );

  it('refuses control characters in tag descriptions and firewall rule comments', async () => {
    expectProblem(
      await call('POST', '/1.3/tag', { tag: { name: 'ctl', description: 'a\u0000b' } }),
      400,
      'DESCRIPTION_INVALID',
    );
    const rule = { direction: 'in', action: 'drop', comment: 'a\u202eb' };
    expectProblem(
      await call('POST', `/1.3/server/${server}/firewall_rule`, { firewall_rule: rule }),
      400,
      'COMMENT_INVALID',
    );
  });

  it('refuses control characters in storage titles and token names', async () => {
    expectProblem(
      await call('PUT', `/1.3/storage/${storage}`, { storage: { title: 'disk\u0000' } }),
      400,
      'TITLE_INVALID',
    );
    const token = await call('POST', '/1.3/account/tokens', {
      name: 'ci\u2066token',
      expires_in: '1h',
    });
    expect(token.statusCode).toBe(400);
  });

  it('refuses a subaccount password with trailing NUL bytes and an unknown timezone', async () => {
    const nul = {
      username: 'nul_user',
      first_name: 'Nul',
      last_name: 'User',
      email: 'nul@example.com',
    };
    const subAccount = (fields: Record<string, unknown>) => subAccountBody(nul, fields);
    expectProblem(
      await call(
        'POST',
        '/1.3/account/sub',
        subAccount({ password: 'mySecr3tPassword\u0000\u0000' }),
      ),
      400,
      'PASSWORD_INVALID',
    );
    expectProblem(
      await call('POST', '/1.3/account/sub', subAccount({ first_name: 'N\u202eul' })),
      400,
      'FIRST_NAME_INVALID',
    );
    expectProblem(
      await call('POST', '/1.3/account/sub', subAccount({ timezone: 'Europe/Atlantis' })),
      400,
      'TIMEZONE_INVALID',
    );
  });
});
