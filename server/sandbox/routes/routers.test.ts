import { describe, expect, it } from 'vitest';
import { routerListResponseSchema, routerResponseSchema } from '../../../contract/router';
import { demoAuth, expectProblem, otherAuth } from '../testing';
import { ipv4Block, sandboxSuite } from './test-helpers';

const { call, ok, auditCount, createRouter, createNetwork } = sandboxSuite({
  authFailureLimit: 1_000_000,
});

const routers = async (query = '', auth = demoAuth) =>
  routerListResponseSchema.parse(
    (await ok('GET', `/1.3/router${query}`, undefined, 200, auth)).json(),
  ).routers.router;

describe('routers', () => {
  it("lists the account's routers with their attached networks", async () => {
    const [seeded] = await routers();
    expect(seeded).toEqual({
      uuid: expect.stringMatching(/^04/),
      name: 'demo router',
      type: 'normal',
      attached_networks: { network: [{ uuid: expect.stringMatching(/^03/) }] },
      attached_network_gateways: [],
      static_routes: [],
      labels: [{ key: 'env', value: 'prod' }],
    });
    expect((await routers('', otherAuth)).map((router) => router.name)).toEqual(['other router']);
    expect(await routers('?label=env%3Dprod')).toHaveLength(1);
    expect(await routers('?label=env%3Dtest')).toHaveLength(0);
  });

  it('creates a router with static routes and labels, and audits it', async () => {
    const before = auditCount();
    const router = await createRouter({
      name: 'edge',
      static_routes: [
        { route: '0.0.0.0/0', nexthop: '10.0.0.100' },
        { name: 'v6', route: '::/0', nexthop: 'no-nexthop' },
        { name: 'ignored', route: '10.0.0.0/8', nexthop: '10.0.0.1', type: 'service' },
      ],
      labels: [{ key: 'env', value: 'test' }],
    });
    expect(auditCount() - before).toBe(1);
    expect(router).toMatchObject({
      name: 'edge',
      type: 'normal',
      attached_networks: { network: [] },
      static_routes: [
        { name: 'route0', route: '0.0.0.0/0', nexthop: '10.0.0.100', type: 'user' },
        { name: 'v6', route: '::/0', nexthop: 'no-nexthop', type: 'user' },
      ],
      labels: [{ key: 'env', value: 'test' }],
    });
    expect((await ok('GET', `/1.3/router/${router.uuid}`, undefined, 200)).json()).toEqual({
      router,
    });
  });

  it('refuses bad routers and routes', async () => {
    const before = auditCount();
    const post = (body: unknown) => call('POST', '/1.3/router', { router: body });
    const twice = [
      { route: '10.1.0.0/16', nexthop: '10.0.0.1' },
      { route: '10.1.0.0/16', nexthop: '10.0.0.2' },
    ];
    for (const [body, code] of [
      [{}, 'NAME_MISSING'],
      [
        { name: 'r', static_routes: [{ route: '0.0.0.0/0', nexthop: 'fd00::1' }] },
        'NEXTHOP_INVALID',
      ],
      [{ name: 'r', static_routes: [{ route: '10.0.0.0', nexthop: '10.0.0.1' }] }, 'ROUTE_INVALID'],
      [{ name: 'r', static_routes: twice }, 'DUPLICATE_ROUTE'],
    ] as const) {
      expectProblem(await post(body), 400, code);
    }
    expect(auditCount()).toBe(before);
  });

  it('modifies name, routes and labels with PATCH', async () => {
    const router = await createRouter({ name: 'patch me' });
    const patched = routerResponseSchema.parse(
      (
        await ok(
          'PATCH',
          `/1.3/router/${router.uuid}`,
          {
            router: {
              name: 'patched',
              static_routes: [{ name: 'def', route: '0.0.0.0/0', nexthop: '172.16.0.1' }],
            },
          },
          200,
        )
      ).json(),
    ).router;
    expect(patched).toMatchObject({
      name: 'patched',
      static_routes: [{ name: 'def', route: '0.0.0.0/0', nexthop: '172.16.0.1', type: 'user' }],
      labels: [],
    });
    expect((await ok('GET', `/1.3/router/${router.uuid}`, undefined, 200)).json().router).toEqual(
      patched,
    );
  });

  it('attaches to a network through the network, and deletes only when detached', async () => {
    const router = await createRouter({ name: 'attach me' });
    const net = await createNetwork({
      name: 'routed',
      zone: 'fi-hel1',
      ip_networks: { ip_network: [ipv4Block('192.168.50.0/24')] },
    });
    await ok('PUT', `/1.3/network/${net.uuid}`, { network: { router: router.uuid } }, 200);
    const attached = routerResponseSchema.parse(
      (await ok('GET', `/1.3/router/${router.uuid}`, undefined, 200)).json(),
    ).router;
    expect(attached.attached_networks.network).toEqual([{ uuid: net.uuid }]);
    const refused = expectProblem(
      await call('DELETE', `/1.3/router/${router.uuid}`),
      409,
      'ROUTER_ATTACHED',
    );
    expect(refused.error_message).toContain(net.uuid);
    await ok('PUT', `/1.3/network/${net.uuid}`, { network: { router: null } }, 200);
    const before = auditCount();
    await ok('DELETE', `/1.3/router/${router.uuid}`, undefined, 204);
    expect(auditCount() - before).toBe(1);
    expectProblem(await call('GET', `/1.3/router/${router.uuid}`), 404, 'ROUTER_NOT_FOUND');
  });

  it("answers 403 for another account's router and 400 for a bad UUID", async () => {
    const [theirs] = await routers('', otherAuth);
    expectProblem(await call('GET', `/1.3/router/${theirs!.uuid}`), 403, 'ROUTER_FORBIDDEN');
    expectProblem(
      await call('PATCH', `/1.3/router/${theirs!.uuid}`, { router: { name: 'mine' } }),
      403,
      'ROUTER_FORBIDDEN',
    );
    expectProblem(await call('DELETE', `/1.3/router/${theirs!.uuid}`), 403, 'ROUTER_FORBIDDEN');
    expectProblem(await call('GET', '/1.3/router/nope'), 400, 'ROUTER_INVALID');
    expect((await routers('', otherAuth))[0]!.name).toBe('other router');
  });
});
