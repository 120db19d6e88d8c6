import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkydeckServer } from '../app';
import { createSandboxContext } from './context';
import { createTenants } from './tenants';
import type { Tenant } from './tenants';
import { basicAuth, buildTestServer, demoAuth, expectProblem } from './testing';

let app: SkydeckServer;
beforeAll(async () => {
  app = await buildTestServer();
});
afterAll(() => app.close());

const newTenant = async (remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/_sandbox/tenants', remoteAddress });
const get = (url: string, user: { username: string; password: string }) =>
  app.inject({
    method: 'GET',
    url,
    headers: { authorization: basicAuth(user.username, user.password) },
  });
const titles = (body: { servers: { server: { title: string; uuid: string }[] } }) =>
  body.servers.server.map((server) => server.title).sort();

describe('POST /_sandbox/tenants', () => {
  it('credits what a tenant’s user does to that user, not to the demo user (issue 24 item 5)', async () => {
    const tenant = (await newTenant()).json<Tenant>();
    const servers = (await get('/1.3/server', tenant.users.demo)).json();
    const web = servers.servers.server.find(
      (server: { title: string }) => server.title === 'web-1',
    );
    const start = await app.inject({
      method: 'POST',
      url: `/1.3/server/${web.uuid}/stop`,
      headers: {
        authorization: basicAuth(
          tenant.users.demo_viewer.username,
          tenant.users.demo_viewer.password,
        ),
      },
    });
    expect(start.statusCode).toBe(200);
    const events = (await get(`/1.3/events/${web.uuid}/0,10`, tenant.users.demo)).json();
    const emails = events.events.event.map((event: { email?: string }) => event.email);
    expect(emails).toContain(`${tenant.users.demo_viewer.username}@example.com`);
    expect(emails).toContain(`${tenant.users.demo.username}@example.com`);
    expect(emails.some((email: string) => email.includes('dana.demo'))).toBe(false);
  });

  it('makes a copy of the demo data under new names and passwords, separate from every other', async () => {
    const created = await newTenant();
    expect(created.statusCode).toBe(201);
    const first = created.json<Tenant>();
    const second = (await newTenant()).json<Tenant>();
    expect(second.id).not.toBe(first.id);
    expect(first.users.demo.username).toBe(`demo_t${first.id}`);
    expect(first.users.demo.password).not.toBe(second.users.demo.password);

    const demoServers = (
      await app.inject({ method: 'GET', url: '/1.3/server', headers: { authorization: demoAuth } })
    ).json();
    const firstServers = (await get('/1.3/server', first.users.demo)).json();
    const secondServers = (await get('/1.3/server', second.users.demo)).json();
    expect(titles(firstServers)).toEqual(titles(demoServers));
    expect(titles(secondServers)).toEqual(titles(demoServers));
    const uuids = (body: typeof firstServers) =>
      body.servers.server.map((server: { uuid: string }) => server.uuid);
    expect(uuids(firstServers)).not.toContainEqual(uuids(secondServers)[0]);

    const account = (await get('/1.3/account', first.users.demo_viewer)).json();
    expect(account.account.username).toBe(`demo_viewer_t${first.id}`);
    const subaccounts = (await get('/1.3/account/list', first.users.demo)).json();
    expect(
      subaccounts.accounts.account.map((item: { username: string }) => item.username).sort(),
    ).toEqual([first.users.demo.username, first.users.demo_viewer.username]);
    const partner = (await get('/1.3/account', first.users.partner)).json();
    expect(partner.account.username).toBe(first.users.partner.username);
    const networks = (await get('/1.3/network', first.users.other)).json();
    expect(networks.networks.network.map((item: { name: string }) => item.name)).toContain(
      'other private network',
    );
    // The password of one tenant opens no other.
    expect(
      (await get('/1.3/account', { ...second.users.demo, password: first.users.demo.password }))
        .statusCode,
    ).toBe(401);
  });

  it('answers this machine only', async () => {
    expectProblem(await newTenant('192.0.2.10'), 403, 'FORBIDDEN');
  });

  it('makes at most its limit of tenants', () => {
    const sandbox = createSandboxContext({ database: ':memory:' });
    try {
      const tenants = createTenants(sandbox, 1);
      expect(tenants.create().id).toBe(1);
      expect(() => tenants.create()).toThrow(/made its 1 test tenants/);
    } finally {
      sandbox.jobs.close();
      sandbox.db.close();
    }
  });
});
