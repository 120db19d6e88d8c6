import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkydeckServer } from '../app';
import {
  basicAuth,
  bearer,
  buildTestServer,
  createToken,
  demoAuth,
  panelSignIn,
  viewerAuth,
} from './testing';
import { demoUsers } from './seed';

interface AuditRow {
  action: string;
  resource_type: string;
  resource_sub_type: string | null;
  resource_id: string | null;
  origin: string;
  auth_type: string;
  account_username: string;
  ip_address: string;
  correlation_id: string;
  current_state: string | null;
  previous_state: string | null;
  cloud_event_id: string;
}

describe('audit rows of token changes', () => {
  let app: SkydeckServer;
  const rows = () =>
    app.sandbox!.db.prepare('SELECT * FROM audit_logs ORDER BY cloud_event_id').all() as AuditRow[];

  beforeAll(async () => {
    app = await buildTestServer();
  });
  afterAll(() => app.close());

  it('records a created token without its secret, in the same request', async () => {
    const before = rows().length;
    const created = await createToken(app, demoAuth, { name: 'audited', expires_in: '1h' });
    const added = rows().slice(before);
    expect(added).toHaveLength(1);
    const row = added[0]!;
    expect(row).toMatchObject({
      action: 'create',
      resource_type: 'auth',
      resource_sub_type: 'api-token',
      resource_id: created.id,
      origin: 'api',
      auth_type: 'basic_auth',
      account_username: 'demo',
      ip_address: '127.0.0.1',
    });
    expect(row.cloud_event_id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(row.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(row.current_state!)).toMatchObject({ id: created.id, name: 'audited' });
    expect(row.current_state).not.toContain(created.token);
  });

  it('records a panel sign-in and sign-out as login and logout from the gui', async () => {
    const before = rows().length;
    const session = await panelSignIn(app, basicAuth('demo_viewer', demoUsers.demo_viewer), {
      name: 'Skydeck panel session',
      expires_in: '8h',
      gui: true,
    });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/1.3/account/tokens/${session.id}`,
      headers: { authorization: bearer(session.token) },
    });
    expect(deleted.statusCode).toBe(204);
    const added = rows().slice(before);
    expect(
      added.map((row) => [row.action, row.origin, row.auth_type, row.account_username]),
    ).toEqual([
      ['login', 'gui', 'basic_auth', 'demo_viewer'],
      ['logout', 'gui', 'gui', 'demo_viewer'],
    ]);
  });

  it('writes no row for a rejected change', async () => {
    const before = rows().length;
    const bad = await app.inject({
      method: 'POST',
      url: '/1.3/account/tokens',
      headers: { authorization: viewerAuth, 'content-type': 'application/json' },
      payload: { name: 'no expiry' },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await app.inject({
      method: 'DELETE',
      url: '/1.3/account/tokens/0c000000-0000-4000-8000-000000000000',
      headers: { authorization: demoAuth },
    });
    expect(missing.statusCode).toBe(404);
    expect(rows()).toHaveLength(before);
  });
});

describe('audit rows of updates', () => {
  let app: SkydeckServer;
  beforeAll(async () => {
    app = await buildTestServer();
  });
  afterAll(() => app.close());

  it('store only the fields a change made (and those naming the resource), bounded', async () => {
    const servers = await app.inject({ url: '/1.3/server', headers: { authorization: demoAuth } });
    const uuid = (servers.json() as { servers: { server: { uuid: string }[] } }).servers.server[0]!
      .uuid;
    const labels = Array.from({ length: 40 }, (_, index) => ({
      key: `key${index}`,
      value: 'v'.repeat(255),
    }));
    const rename = (fields: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: `/1.3/server/${uuid}`,
        headers: { authorization: demoAuth },
        payload: { server: fields },
      });
    expect((await rename({ labels: { label: labels } })).statusCode).toBe(202);
    for (let change = 1; change <= 5; change += 1) {
      expect((await rename({ title: `renamed ${change}` })).statusCode).toBe(202);
    }
    const rows = app
      .sandbox!.db.prepare(
        "SELECT previous_state, current_state FROM audit_logs WHERE resource_id = ? AND action = 'update' ORDER BY cloud_event_id",
      )
      .all(uuid) as { previous_state: string; current_state: string }[];
    expect(rows).toHaveLength(6);
    const [labelled, ...renames] = rows;
    expect(JSON.parse(labelled!.current_state)).toEqual({
      uuid,
      title: expect.any(String),
      labels: expect.stringMatching(/^\(\d+ characters, not recorded\)$/),
    });
    for (const [index, row] of renames.entries()) {
      expect(JSON.parse(row.current_state)).toEqual({ uuid, title: `renamed ${index + 1}` });
      expect(Object.keys(JSON.parse(row.previous_state))).toEqual(['uuid', 'title']);
      expect(row.current_state.length + row.previous_state.length).toBeLessThan(200);
    }
  });
});
