import { monotonicFactory } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog } from '../../../contract/audit-log';
import {
  auditCsvColumns,
  auditFilterOptionsSchema,
  auditLogListResponseSchema,
  auditLogSchema,
} from '../../../contract/audit-log';
import {
  basicAuth,
  bearer,
  buildTestServer,
  createToken,
  panelSignIn,
  demoAuth,
  expectProblem,
  manualClock,
  otherAuth,
  viewerAuth,
} from '../testing';
import { demoUsers } from '../seed';
import { expectCredentialsNeeded, sandboxSuite } from './test-helpers';

const day = 24 * 3600 * 1000;
const remoteIp = '203.0.113.7';

const clock = manualClock('2026-01-10T08:00:00.000Z');
/** The rows this suite writes: the seed's rows of the demo resources are older. */
const sinceStart = 'created_after=2026-01-10T08:00:00Z';
const { app, call, ok, createStorage, auditCount } = sandboxSuite({
  clock,
  authFailureLimit: 1_000_000,
});

const get = (url: string, auth = demoAuth) =>
  app().inject({ method: 'GET', url, headers: { authorization: auth } });

async function list(query: string, auth = demoAuth) {
  const response = await get(`/1.3/audit-logs${query}`, auth);
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return {
    rows: auditLogListResponseSchema.parse(response.json()).audit_logs,
    total: Number(response.headers['service-total-count']),
    response,
  };
}

// A history spread over days, by several callers: demo with a password, demo with a token from
// another address, the subaccount, and another account.
let firstDisk: string;
let secondDisk: string;
let viewerDisk: string;
let tokenAuth: string;
beforeAll(async () => {
  firstDisk = (await createStorage({ title: 'first' })).uuid;
  clock.advance(day);
  const token = await createToken(app(), demoAuth, { name: 'audit reader', expires_in: '8760h' });
  tokenAuth = bearer(token.token);
  clock.advance(day);
  const created = await app().inject({
    method: 'POST',
    url: '/1.3/storage',
    headers: { authorization: tokenAuth },
    remoteAddress: remoteIp,
    payload: { storage: { zone: 'fi-hel1', size: 10, title: 'second' } },
  });
  expect(created.statusCode).toBe(201);
  secondDisk = (created.json() as { storage: { uuid: string } }).storage.uuid;
  clock.advance(day);
  await ok('PUT', `/1.3/storage/${firstDisk}`, { storage: { title: 'first renamed' } }, 202);
  viewerDisk = (await createStorage({ title: 'viewer' }, viewerAuth)).uuid;
  await createStorage({ title: 'not demo' }, otherAuth);
  clock.advance(day);
});

describe('GET /1.3/audit-logs', () => {
  it('lists the account rows newest first with the reference fields and the total', async () => {
    const { rows, total, response } = await list('');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(total).toBe(rows.length);
    const times = rows.map((row) => row.time);
    expect(times).toEqual([...times].sort().reverse());
    const modify = rows.find((row) => row.resource_id === firstDisk && row.action === 'update');
    expect(modify).toEqual({
      time: '2026-01-13T08:00:00Z',
      cloud_event_id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      upcloud_correlation_id: expect.any(String),
      auth_type: 'basic_auth',
      account_username: 'demo',
      resource_type: 'storage',
      action: 'update',
      origin: 'api',
      ip_address: '127.0.0.1',
      resource_id: firstDisk,
      previous_state: expect.objectContaining({ title: 'first' }),
      current_state: expect.objectContaining({ title: 'first renamed' }),
    } satisfies AuditLog);
    expect(rows.some((row) => row.account_username === 'other')).toBe(false);
  });

  it('q matches a resource UUID (any case), a username or an IP address', async () => {
    const byUuid = await list(`?q=${firstDisk.toUpperCase()}`);
    expect(byUuid.rows.map((row) => row.action)).toEqual(['update', 'create']);
    expect(byUuid.total).toBe(2);

    const byUser = await list('?q=demo_viewer');
    expect(byUser.rows.length).toBeGreaterThan(0);
    expect(byUser.rows.every((row) => row.account_username === 'demo_viewer')).toBe(true);
    expect(byUser.rows.map((row) => row.resource_id)).toContain(viewerDisk);

    const byIp = await list(`?q=${remoteIp}`);
    expect(byIp.rows).toHaveLength(1);
    expect(byIp.rows[0]).toMatchObject({
      resource_id: secondDisk,
      ip_address: remoteIp,
      auth_type: 'api',
    });

    expect(await list('?q=nobody-at-all')).toMatchObject({ rows: [], total: 0 });
  });

  it('filters by actions, origins and resource types, repeated or comma-separated', async () => {
    const updates = await list(`?actions=update&${sinceStart}`);
    expect(updates.rows.map((row) => row.resource_id)).toEqual([firstDisk]);

    const repeated = await list(
      `?actions=update&actions=create&resource_types=storage&${sinceStart}`,
    );
    const commas = await list(`?actions=update,create&resource_types=storage&${sinceStart}`);
    expect(repeated.rows).toEqual(commas.rows);
    expect(repeated.rows.map((row) => row.resource_id).sort()).toEqual(
      [firstDisk, firstDisk, secondDisk, viewerDisk].sort(),
    );

    const tokens = await list('?resource_types=auth');
    expect(tokens.rows.map((row) => [row.action, row.resource_sub_type])).toEqual([
      ['create', 'api-token'],
    ]);

    const gui = await list(`?origins=gui&${sinceStart}`);
    expect(gui.total).toBe(0);
    const api = await list('?origins=api,gui');
    expect(api.total).toBe((await list('')).total);
  });

  it('created_after and created_before are inclusive bounds', async () => {
    const secondDay = await list(
      '?created_after=2026-01-12T08:00:00Z&created_before=2026-01-12T08:00:00Z',
    );
    expect(secondDay.rows.map((row) => row.resource_id)).toEqual([secondDisk]);
    const fromThird = await list('?created_after=2026-01-13T00:00:00.000Z');
    expect(fromThird.rows.map((row) => row.action)).toEqual(['create', 'update']);
    const untilFirst = await list(`?created_before=2026-01-10T08:00:00.500Z&${sinceStart}`);
    expect(untilFirst.rows.map((row) => row.resource_id)).toEqual([firstDisk]);
    const lateStart = await list('?created_after=2026-01-10T08:00:00.500Z&actions=create');
    expect(lateStart.rows.map((row) => row.resource_id)).not.toContain(firstDisk);
    const byDate = await list('?created_after=2026-01-11&created_before=2026-01-11T23:59:59Z');
    expect(byDate.rows.map((row) => row.resource_type)).toEqual(['auth']);
  });

  it('has the seeded resources’ past changes, as their server events tell them (issue 24 item 5)', async () => {
    const seeded = await list('?created_before=2026-01-10T07:59:59Z&limit=200');
    expect(seeded.rows.length).toBeGreaterThan(0);
    expect(seeded.rows.every((row) => row.account_username === 'demo')).toBe(true);
    const servers = seeded.rows.filter((row) => row.resource_type === 'server');
    // Three servers created and started, build-box shut down since.
    expect(servers.map((row) => row.action).sort()).toEqual(
      ['create', 'create', 'create', 'start', 'start', 'start', 'stop'].sort(),
    );
    const build = (await ok('GET', '/1.3/server', undefined, 200)).json() as {
      servers: { server: { uuid: string; title: string }[] };
    };
    const buildBox = build.servers.server.find((server) => server.title === 'build-box')!;
    const events = (
      (await ok('GET', `/1.3/events/${buildBox.uuid}/0,10`, undefined, 200)).json() as {
        events: { event: { time: string; type: string }[] };
      }
    ).events.event;
    const created = events.find((event) => event.type === 'server_create')!;
    expect(
      servers.find((row) => row.resource_id === buildBox.uuid && row.action === 'create'),
    ).toMatchObject({ time: created.time, origin: 'gui' });
    expect(seeded.rows.map((row) => row.resource_type)).toEqual(
      expect.arrayContaining(['storage', 'network', 'router']),
    );
  });

  it('Service-Total-Count counts every match regardless of limit and offset', async () => {
    const all = await list('');
    expect(all.total).toBeGreaterThan(3);
    const first = await list('?limit=2');
    expect(first.rows).toEqual(all.rows.slice(0, 2));
    expect(first.total).toBe(all.total);
    const next = await list('?limit=2&offset=2');
    expect(next.rows).toEqual(all.rows.slice(2, 4));
    expect(next.total).toBe(all.total);
    const last = await list(`?limit=200&offset=${all.total - 1}`);
    expect(last.rows).toEqual(all.rows.slice(-1));
    const beyond = await list(`?offset=${all.total + 10}`);
    expect(beyond).toMatchObject({ rows: [], total: all.total });
    const filtered = await list('?actions=create&limit=1');
    expect(filtered.rows).toHaveLength(1);
    expect(filtered.total).toBe(all.rows.filter((row) => row.action === 'create').length);
  });

  it('limit is 1–200 (default 50) and offset at least 0', async () => {
    for (let n = 0; n < 60; n += 1) {
      await ok('POST', '/1.3/account/tokens', { name: `bulk ${n}`, expires_in: '1h' }, 201);
    }
    const all = await list('?limit=200');
    expect(all.total).toBeGreaterThan(60);
    expect(all.rows).toHaveLength(Math.min(200, all.total));
    expect((await list('')).rows).toHaveLength(50);
    expect((await list('?limit=1')).rows).toHaveLength(1);
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'limit=2.5', 'offset=-1']) {
      const response = await get(`/1.3/audit-logs?${query}`);
      const error = expectProblem(response, 400, 'BAD_REQUEST');
      expect(error.error_message).toContain(query.split('=')[0]);
      expect(response.json()).toMatchObject({
        invalid_params: [{ name: query.split('=')[0] }],
      });
    }
  });

  it('answers 400 for an unknown origin, a bad timestamp or a reversed range', async () => {
    expectProblem(await get('/1.3/audit-logs?origins=browser'), 400, 'BAD_REQUEST');
    expectProblem(await get('/1.3/audit-logs?created_after=yesterday'), 400, 'BAD_REQUEST');
    expectProblem(await get('/1.3/audit-logs?actions=DROP%20TABLE'), 400, 'BAD_REQUEST');
    const many = (name: string, count: number) =>
      Array.from({ length: count }, () => `${name}=create`).join('&');
    expect((await get(`/1.3/audit-logs?${many('actions', 32)}`)).statusCode).toBe(200);
    for (const name of ['actions', 'origins', 'resource_types']) {
      const response = await get(`/1.3/audit-logs?${many(name, 33)}`);
      expectProblem(response, 400, 'BAD_REQUEST');
      expect(response.json()).toMatchObject({ invalid_params: [{ name }] });
    }
    expectProblem(
      await get('/1.3/audit-logs?created_after=2026-02-01T00:00:00Z&created_before=2026-01-01'),
      400,
      'BAD_REQUEST',
    );
  });

  it('a subaccount sees its own rows; the main account sees its subaccounts too', async () => {
    const viewer = await list('', viewerAuth);
    expect(viewer.total).toBeGreaterThan(0);
    expect(viewer.rows.every((row) => row.account_username === 'demo_viewer')).toBe(true);
    const demoView = await list(`?q=${viewerDisk}`);
    expect(demoView.rows.map((row) => row.account_username)).toEqual(['demo_viewer']);
    const other = await list('', otherAuth);
    expect(other.rows.every((row) => row.account_username === 'other')).toBe(true);
    expect(other.rows.map((row) => row.resource_id)).not.toContain(firstDisk);
  });

  it('needs credentials', async () => {
    await expectCredentialsNeeded(app(), '/1.3/audit-logs');
  });
});

describe('GET /1.3/audit-logs/{cloudEventID}', () => {
  it('answers one row without a wrapper', async () => {
    const [row] = (await list(`?q=${secondDisk}`)).rows;
    const response = await get(`/1.3/audit-logs/${row!.cloud_event_id}`);
    expect(response.statusCode).toBe(200);
    expect(auditLogSchema.parse(response.json())).toEqual(row);
  });

  it('answers 400 for a malformed id, 404 for an unknown one, 403 for another account’s', async () => {
    const [mine] = (await list('?limit=1&q=demo')).rows;
    for (const [id, auth, status, code] of [
      ['not-an-event', demoAuth, 400, 'BAD_REQUEST'],
      ['01ARZ3NDEKTSV4RRFFQ69G5FAV', demoAuth, 404, 'RESOURCE_NOT_FOUND'],
      [mine!.cloud_event_id, otherAuth, 403, 'FORBIDDEN'],
      [mine!.cloud_event_id, viewerAuth, 403, 'FORBIDDEN'],
    ] as const) {
      expectProblem(await get(`/1.3/audit-logs/${id}`, auth), status, code);
    }
  });
});

describe('q over usernames and ids that are not UUIDs', () => {
  it('matches rows by the user and rows about the user, each once, newest first', async () => {
    const demo = app().sandbox!.accounts.findByUsername('demo')!;
    const context = {
      principal: { account: demo, owner: demo, method: 'basic' as const },
      ip: '127.0.0.1',
      correlationId: 'test',
    };
    clock.advance(1000);
    app().sandbox!.audit.record(context, {
      action: 'update',
      resourceType: 'account',
      resourceId: 'demo_viewer',
    });
    app().sandbox!.audit.record(context, {
      action: 'update',
      resourceType: 'account',
      resourceId: '12345',
    });
    app().sandbox!.audit.record(context, {
      action: 'update',
      resourceType: 'ip_address',
      resourceId: remoteIp,
    });
    const byAddress = await list(`?q=${remoteIp}`);
    expect(byAddress.rows.map((row) => [row.resource_type, row.ip_address])).toEqual([
      ['ip_address', '127.0.0.1'],
      ['storage', remoteIp],
    ]);
    const numeric = await list('?q=12345');
    expect(numeric.rows.map((row) => [row.action, row.resource_id])).toEqual([['update', '12345']]);
    const byViewer = (await list('?q=demo_viewer&limit=200')).rows;
    expect(byViewer[0]).toMatchObject({ account_username: 'demo', resource_id: 'demo_viewer' });
    expect(byViewer.slice(1).every((row) => row.account_username === 'demo_viewer')).toBe(true);
    const ids = byViewer.map((row) => row.cloud_event_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort().reverse());
    const paged = await list('?q=demo_viewer&limit=1&offset=1');
    expect(paged.rows).toEqual([byViewer[1]]);
    expect(paged.total).toBe(byViewer.length);
  });
});

describe('GET /1.3/audit-logs/filter-options', () => {
  it('lists the reference choices and every value the account has recorded', async () => {
    const response = await get('/1.3/audit-logs/filter-options');
    expect(response.statusCode).toBe(200);
    const options = auditFilterOptionsSchema.parse(response.json());
    expect(options.origins).toEqual(['api', 'gui', 'upcloud_internal']);
    expect(options.actions).toEqual(expect.arrayContaining(['create', 'update', 'login']));
    expect(options.resource_types).toEqual(expect.arrayContaining(['storage', 'server', 'auth']));
    app().sandbox!.audit.record(
      {
        principal: {
          account: app().sandbox!.accounts.findByUsername('demo')!,
          owner: app().sandbox!.accounts.findByUsername('demo')!,
          method: 'basic',
        },
        ip: '127.0.0.1',
        correlationId: 'test',
      },
      { action: 'peer', resourceType: 'network_peering', resourceId: 'x' },
    );
    const after = auditFilterOptionsSchema.parse(
      (await get('/1.3/audit-logs/filter-options')).json(),
    );
    expect(after.actions).toContain('peer');
    expect(after.resource_types).toContain('network_peering');
    expect([...after.resource_types].sort()).toEqual(after.resource_types);
  });
});

describe('GET /1.3/audit-logs/export', () => {
  it('exports the filtered rows as CSV by default', async () => {
    const response = await get(`/1.3/audit-logs/export?q=${firstDisk}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-logs-\d{8}T\d{6}Z\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(auditCsvColumns.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',update,storage,,' + firstDisk);
    // States are JSON in one quoted cell.
    expect(lines[1]).toMatch(/"\{""[a-z_]+"":/);
  });

  it('exports JSON with format=json', async () => {
    const response = await get(
      `/1.3/audit-logs/export?format=json&actions=update&resource_types=storage`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = auditLogListResponseSchema.parse(response.json());
    expect(body.audit_logs.map((row) => row.resource_id)).toEqual([firstDisk]);
    expect(body).toEqual({
      audit_logs: (await list('?actions=update&resource_types=storage')).rows,
    });
  });

  it('covers at most 180 days: a longer range answers 400', async () => {
    const ok180 = await get(
      '/1.3/audit-logs/export?created_after=2025-07-20T00:00:00Z&created_before=2026-01-16T00:00:00Z',
    );
    expect(ok180.statusCode).toBe(200);
    expect(ok180.body.trimEnd().split('\r\n').length).toBeGreaterThan(1);
    const tooLong = await get(
      '/1.3/audit-logs/export?created_after=2025-07-19T23:59:59Z&created_before=2026-01-16T00:00:00Z',
    );
    const error = expectProblem(tooLong, 400, 'BAD_REQUEST');
    expect(error.error_message).toMatch(/180 days/);
    // A start without an end runs to now.
    const sinceLongAgo = await get('/1.3/audit-logs/export?created_after=2025-01-01T00:00:00Z');
    expectProblem(sinceLongAgo, 400, 'BAD_REQUEST');
  });

  it('without a range exports the last 180 days only', async () => {
    clock.advance(200 * day);
    await ok('POST', '/1.3/account/tokens', { name: 'late', expires_in: '1h' }, 201);
    const response = await get('/1.3/audit-logs/export?format=json');
    const rows = auditLogListResponseSchema.parse(response.json()).audit_logs;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.resource_id)).not.toContain(firstDisk);
    clock.advance(-200 * day);
  });

  it('format decides the file whatever Accept asks for', async () => {
    const csv = await app().inject({
      method: 'GET',
      url: `/1.3/audit-logs/export?q=${firstDisk}`,
      headers: { authorization: demoAuth, accept: 'application/xml' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.startsWith(`${auditCsvColumns.join(',')}\r\n`)).toBe(true);
    const json = await app().inject({
      method: 'GET',
      url: `/1.3/audit-logs/export?q=${firstDisk}&format=json`,
      headers: { authorization: demoAuth, accept: 'text/csv' },
    });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(auditLogListResponseSchema.parse(json.json()).audit_logs).toHaveLength(2);
  });

  it('answers 400 for an unknown format', async () => {
    expectProblem(await get('/1.3/audit-logs/export?format=xlsx'), 400, 'BAD_REQUEST');
  });
});

describe('audit rows follow successful changes only', () => {
  it('a rejected server or storage create writes no row', async () => {
    const before = auditCount();
    const totalBefore = (await list('')).total;
    const noZone = await call('POST', '/1.3/server', {
      server: { title: 'no zone', hostname: 'x.example.com' },
    });
    expect(noZone.statusCode).toBe(400);
    const badZone = await call('POST', '/1.3/server', {
      server: {
        zone: 'nowhere',
        title: 'bad zone',
        hostname: 'x.example.com',
        storage_devices: { storage_device: [{ action: 'create', size: 10, title: 'd' }] },
      },
    });
    expect(badZone.statusCode).toBe(400);
    const tooBig = await call('POST', '/1.3/storage', {
      storage: { zone: 'fi-hel1', size: 99999, title: 'huge' },
    });
    expect(tooBig.statusCode).toBe(400);
    const foreign = await call('DELETE', `/1.3/storage/${firstDisk}`, undefined, otherAuth);
    expect(foreign.statusCode).toBe(403);
    expect(auditCount()).toBe(before);
    expect((await list('')).total).toBe(totalBefore);
  });

  it('a panel sign-in and sign-out are recorded from the gui and can be found by username', async () => {
    const session = await panelSignIn(app(), basicAuth('demo_viewer', demoUsers.demo_viewer), {
      name: 'Skydeck panel session',
      expires_in: '8h',
      gui: true,
    });
    await app().inject({
      method: 'DELETE',
      url: `/1.3/account/tokens/${session.id}`,
      headers: { authorization: bearer(session.token) },
    });
    const { rows } = await list('?origins=gui&q=demo_viewer');
    expect(rows.map((row) => [row.action, row.auth_type, row.resource_type])).toEqual([
      ['logout', 'gui', 'auth'],
      ['login', 'basic_auth', 'auth'],
    ]);
  });

  it('reading the audit log writes nothing', async () => {
    const before = auditCount();
    await list('');
    await get('/1.3/audit-logs/filter-options', tokenAuth);
    await get('/1.3/audit-logs/export');
    expect(auditCount()).toBe(before);
  });
});

describe('GET /1.3/audit-logs/export of many rows', () => {
  it('streams the answer in batches instead of building it whole', async () => {
    const big = await buildTestServer({ clock: manualClock('2026-01-10T08:00:00.000Z') });
    try {
      const nextId = monotonicFactory();
      const insert = big.sandbox!.db.prepare(
        `INSERT INTO audit_logs (cloud_event_id, account_id, time, correlation_id, auth_type,
           account_username, resource_type, action, origin, ip_address, resource_id, current_state)
         SELECT ?, id, ?, 'c', 'api', 'demo', 'storage', 'update', 'api', '127.0.0.1', ?, '{"title":"t"}'
         FROM accounts WHERE username = 'demo'`,
      );
      const inserted = new Set<string>();
      big.sandbox!.db.transaction(() => {
        for (let index = 0; index < 1_234; index += 1) {
          const id = nextId(Date.parse('2026-01-05T00:00:00Z') + index * 1000);
          inserted.add(id);
          insert.run(
            id,
            new Date(Date.parse('2026-01-05T00:00:00Z') + index * 1000)
              .toISOString()
              .replace('.000', ''),
            `r${index}`,
          );
        }
      })();
      const exportAs = (format: string) =>
        big.inject({
          url: `/1.3/audit-logs/export?format=${format}&actions=update`,
          headers: { authorization: demoAuth },
        });

      const json = await exportAs('json');
      expect(json.statusCode).toBe(200);
      expect(json.headers['content-length']).toBeUndefined();
      expect(json.headers['transfer-encoding']).toBe('chunked');
      const rows = auditLogListResponseSchema.parse(json.json()).audit_logs;
      expect(rows).toHaveLength(1_234);
      expect(new Set(rows.map((row) => row.cloud_event_id))).toEqual(inserted);

      const csv = await exportAs('csv');
      expect(csv.headers['content-length']).toBeUndefined();
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(auditCsvColumns.join(','));
      expect(lines).toHaveLength(1_235);
    } finally {
      await big.close();
    }
  });
});
