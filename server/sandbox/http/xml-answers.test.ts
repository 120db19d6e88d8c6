import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkydeckServer } from '../../app';
import { kubernetesClient } from '../routes/kubernetes-test-helpers';
import { buildTestServer, createToken, demoAuth, manualClock } from '../testing';

type Json = Record<string, unknown>;

/** The first item of a list answer, wrapped (`{"servers":{"server":[…]}}`) or bare. */
function firstOf(body: unknown): Json | undefined {
  let value = body;
  while (value && typeof value === 'object' && !Array.isArray(value)) {
    const values = Object.values(value as Json);
    if (values.length !== 1) return undefined;
    value = values[0];
  }
  return Array.isArray(value) ? (value[0] as Json | undefined) : undefined;
}

describe('XML answers', () => {
  let app: SkydeckServer;
  const json = async (url: string) =>
    (await app.inject({ url, headers: { authorization: demoAuth } })).json<unknown>();
  const idOf = async (url: string, field = 'uuid') => String(firstOf(await json(url))?.[field]);

  let values: Record<string, string>;
  beforeAll(async () => {
    const clock = manualClock('2026-01-01T00:00:00Z');
    app = await buildTestServer({ clock });
    await createToken(app, demoAuth, { name: 'for the audit log' });
    const kubernetes = (await kubernetesClient(() => app).createCluster()).uuid;
    const server = await idOf('/1.3/server');
    clock.advance(3 * 86_400_000);
    const month = '2026-01';
    values = {
      'account:id': await idOf('/1.3/account/tokens', 'id'),
      'storage:uuid': await idOf('/1.3/storage'),
      'server:uuid': server,
      'server:index': '1',
      // The server has no firewall rules and no server group exists: their 404s, well-formed.
      'server:position': '1',
      'server-group:uuid': '0b000000-0000-4000-8000-000000000000',
      'events:uuid': server,
      'events:offset_count': '0,10',
      'account:month': month,
      'account:resource': server,
      'network:uuid': await idOf('/1.3/network/interface'),
      'router:uuid': await idOf('/1.3/router'),
      'ip_address:address': await idOf('/1.3/ip_address', 'address'),
      'network-peering:uuid': await idOf('/1.3/network-peering'),
      'audit-logs:cloudEventId': await idOf('/1.3/audit-logs', 'cloud_event_id'),
      'kubernetes:uuid': kubernetes,
      'kubernetes:name': await idOf(`/1.3/kubernetes/${kubernetes}/node-groups`, 'name'),
      'account:username': 'demo',
      'tag:name': 'none',
      // No load balancer exists: these routes answer their 404, which must be well-formed too.
      'load-balancer:uuid': '0a000000-0000-4000-8000-000000000000',
      'load-balancer:frontend': 'web',
      'load-balancer:backend': 'web',
      'load-balancer:rule': 'rule',
      'load-balancer:name': 'tls',
      'load-balancer:member': 'member',
      'load-balancer:resolver': 'resolver',
    };
  });
  afterAll(() => app.close());

  it('renders every GET route’s answer as well-formed XML', async () => {
    const routes = app.sandbox!.routes.filter((route) => route.method === 'GET');
    expect(routes.length).toBeGreaterThan(70);
    const answered: string[] = [];
    for (const route of routes) {
      const group = route.url.split('/')[2]!;
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
        const value = values[`${group}:${name}`];
        expect(value, `${route.url}: ${name}`).toBeDefined();
        return value!.split(',').map(encodeURIComponent).join(',');
      });
      const query = url.includes('audit-logs/export')
        ? '?format=json'
        : '?from=2026-01-01T00:00:00Z&to=2026-01-03T00:00:00Z';
      const response = await app.inject({
        url: `${url}${query}`,
        headers: { authorization: demoAuth, accept: 'application/xml' },
      });
      const type = String(response.headers['content-type'] ?? '');
      if (!type.startsWith('application/xml')) continue;
      expect(XMLValidator.validate(response.body), `${url}: ${response.body}`).toBe(true);
      if (response.statusCode === 200) answered.push(route.url);
    }
    // The routes with a resource in their path were reached, not just refused.
    expect(answered).toEqual(
      expect.arrayContaining([
        '/1.3/account/resource_billing_summary/:resource/:month',
        '/1.3/server/:uuid/networking/interface/:index',
        '/1.3/kubernetes/:uuid/node-groups/:name',
        '/1.3/audit-logs/:cloudEventId',
        '/1.3/storage/:uuid',
      ]),
    );
    expect(answered.length).toBeGreaterThan(60);
  });

  it('names a record’s entries that are no element names in a key attribute', async () => {
    const server = values['account:resource']!;
    const response = await app.inject({
      url: `/1.3/account/resource_billing_summary/${server}/${values['account:month']}`,
      headers: { authorization: demoAuth, accept: 'application/xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(
      /<daily_sums><entry key="2026-01-01">[\d.]+<\/entry><entry key="2026-01-02">/,
    );
  });
});
