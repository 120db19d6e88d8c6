import { describe, expect, it } from 'vitest';
import {
  certificateBundleSchema,
  lbBackendSchema,
  lbMemberSchema,
  lbMetricsSchema,
  lbOperationalStates,
  lbPlanListSchema,
  lbRuleSchema,
  loadBalancerListSchema,
  loadBalancerSchema,
} from '../../../contract/load-balancer';
import { issueClusterCredentials } from '../kubernetes/certificates';
import { sandboxSuite } from '../routes/test-helpers';
import { demoAuth, expectProblem, manualClock, otherAuth } from '../testing';
import { lbBody } from './test-bodies';

const clock = manualClock('2026-05-04T10:00:00.000Z');
const { app, call, ok, okBody, getBody, audited, advance, createNetwork, stoppedServer, server } =
  sandboxSuite({ clock, tickUrl: '/1.3/load-balancer/plans' });

const base = '/1.3/load-balancer';
const unknown = '0a000000-0000-4000-8000-000000000000';

const createLb = async (name: string, extra: Record<string, unknown> = {}, auth = demoAuth) =>
  okBody(loadBalancerSchema, 'POST', base, lbBody(name, extra), 201, auth);

const getLb = (uuid: string) => getBody(loadBalancerSchema, `${base}/${uuid}`);

const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('plans and load balancers', () => {
  it('lists the plans, paged', async () => {
    const plans = await getBody(lbPlanListSchema, `${base}/plans`);
    expect(plans.map((plan) => plan.name)).toEqual(['development', 'production-small']);
    const second = await getBody(lbPlanListSchema, `${base}/plans?limit=1&offset=1`);
    expect(second).toEqual([plans[1]]);
    expectProblem(await call('GET', `${base}/plans?limit=0`), 400, 'LIMIT_INVALID');
  });

  it('creates a service that moves through the setup states to running on the clock', async () => {
    const created = await audited(1, () => createLb('states'));
    expect(created).toMatchObject({
      name: 'states',
      operational_state: 'pending',
      configured_status: 'started',
      nodes: [],
      maintenance_dow: 'sunday',
    });
    expect(created.uuid.startsWith('0a')).toBe(true);
    expect(created.dns_name).toMatch(/^lb-0a[0-9a-f]{30}-1\.upcloudlb\.com$/);
    expect(created.frontends[0]).toMatchObject({
      networks: [{ name: 'public' }],
      properties: { timeout_client: 10, http2_enabled: false },
    });
    const seen = [created.operational_state];
    for (let step = 0; step < 7; step += 1) {
      await advance(10_000);
      seen.push((await getLb(created.uuid)).operational_state);
    }
    // Every state the API lists before running, in its order.
    expect(seen).toEqual(lbOperationalStates.slice(0, lbOperationalStates.indexOf('running') + 1));
    const running = await getLb(created.uuid);
    expect(running.nodes).toEqual([
      {
        operational_state: 'running',
        networks: [{ name: 'public', type: 'public', ip_addresses: [expect.any(Object)] }],
      },
    ]);

    // A change is applied again by the nodes: the state leaves running, then comes back.
    await ok('PATCH', `${base}/${created.uuid}`, { configured_status: 'stopped' }, 200);
    const stopped = await getLb(created.uuid);
    expect(stopped).toMatchObject({ configured_status: 'stopped', operational_state: 'setup-lb' });
    expect(stopped.nodes[0]!.operational_state).toBe('stopped');
    for (let step = 0; step < 3; step += 1) await advance(10_000);
    expect((await getLb(created.uuid)).operational_state).toBe('running');
  });

  it('takes a private network from the account’s SDN networks in the same zone', async () => {
    const network = await createNetwork({ name: 'lb private' });
    const created = await createLb('private', {
      networks: [
        { name: 'public', type: 'public', family: 'IPv4' },
        { name: 'inside', type: 'private', family: 'IPv4', uuid: network.uuid },
      ],
    });
    const inside = created.networks.find((item) => item.name === 'inside')!;
    expect(inside).toMatchObject({ type: 'private', uuid: network.uuid });
    expect(inside.ip_addresses[0]!.address).toMatch(/^172\.20\.0\.\d+$/);

    const otherZone = await createNetwork({ name: 'helsinki', zone: 'fi-hel1' });
    const response = await call(
      'POST',
      base,
      lbBody('elsewhere', {
        networks: [{ name: 'inside', type: 'private', family: 'IPv4', uuid: otherZone.uuid }],
        frontends: [],
      }),
    );
    expectProblem(response, 400, 'UUID_INVALID');
    const foreign = await createNetwork({ name: 'theirs' }, otherAuth);
    expectProblem(
      await call(
        'POST',
        base,
        lbBody('foreign', {
          networks: [{ name: 'inside', type: 'private', family: 'IPv4', uuid: foreign.uuid }],
          frontends: [],
        }),
      ),
      404,
      'NETWORK_NOT_FOUND',
    );
  });

  it('validates every body with the error object', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ networks: undefined }, 'NETWORKS_MISSING'],
      [{ plan: 'huge' }, 'PLAN_INVALID'],
      [{ zone: 'xx-nowhere1' }, 'ZONE_INVALID'],
      [{ colour: 'blue' }, 'UNKNOWN_ATTRIBUTE'],
      [{ name: 'no spaces allowed' }, 'NAME_INVALID'],
      [
        { frontends: [{ name: 'web', mode: 'udp', port: 80, default_backend: 'app' }] },
        'MODE_INVALID',
      ],
      [
        { frontends: [{ name: 'web', mode: 'http', port: 80, default_backend: 'nothing' }] },
        'DEFAULT_BACKEND_INVALID',
      ],
      [
        {
          backends: [
            { name: 'app', members: [] },
            { name: 'app', members: [] },
          ],
        },
        'BACKENDS_INVALID',
      ],
      [
        {
          frontends: [
            {
              name: 'web',
              mode: 'http',
              port: 80,
              default_backend: 'app',
              properties: { http2_enabled: true },
            },
          ],
        },
        'HTTP2_ENABLED_INVALID',
      ],
      [
        {
          backends: [
            {
              name: 'app',
              members: [{ name: 'm', type: 'static', weight: 1, max_sessions: 1, enabled: true }],
            },
          ],
        },
        'IP_MISSING',
      ],
      [
        {
          backends: Array.from({ length: 17 }, (_, index) => ({ name: `b${index}`, members: [] })),
        },
        'BACKENDS_INVALID',
      ],
    ];
    for (const [extra, code] of cases) {
      const response = await audited(0, () => call('POST', base, lbBody('invalid', extra)));
      expectProblem(response, 400, code);
    }
  });

  it('keeps names unique within their parent', async () => {
    const created = await createLb('unique');
    expectProblem(await call('POST', base, lbBody('unique')), 409, 'LOAD_BALANCER_ALREADY_EXISTS');
    expectProblem(
      await call('POST', `${base}/${created.uuid}/backends`, { name: 'app', members: [] }),
      409,
      'BACKEND_ALREADY_EXISTS',
    );
    expectProblem(
      await call('POST', `${base}/${created.uuid}/frontends`, {
        name: 'web',
        mode: 'tcp',
        port: 81,
        default_backend: 'app',
      }),
      409,
      'FRONTEND_ALREADY_EXISTS',
    );
    expectProblem(
      await call('POST', `${base}/${created.uuid}/frontends`, {
        name: 'other',
        mode: 'tcp',
        port: 80,
        default_backend: 'app',
      }),
      409,
      'PORT_IN_USE',
    );
    // Another account may use the same name.
    await createLb('unique', {}, otherAuth);
  });

  it('filters by labels and pages the list', async () => {
    const labelled = await createLb('labelled', { labels: [{ key: 'Team', value: 'blue' }] });
    await createLb('unlabelled');
    const byKey = await getBody(loadBalancerListSchema, `${base}?label=team`);
    expect(byKey.map((item) => item.uuid)).toEqual([labelled.uuid]);
    const byValue = await getBody(loadBalancerListSchema, `${base}?label=team%3Dred`);
    expect(byValue).toEqual([]);
    const all = await getBody(loadBalancerListSchema, base);
    const page = await getBody(loadBalancerListSchema, `${base}?limit=2&offset=1`);
    expect(page.map((item) => item.uuid)).toEqual(all.slice(1, 3).map((item) => item.uuid));
    const relabelled = await okBody(
      loadBalancerSchema,
      'PATCH',
      `${base}/${labelled.uuid}`,
      { labels: [{ key: 'team', value: 'red' }] },
      200,
    );
    expect(relabelled.labels).toEqual([{ key: 'team', value: 'red' }]);
    const red = await getBody(loadBalancerListSchema, `${base}?label=team%3Dred`);
    expect(red.map((item) => item.uuid)).toEqual([labelled.uuid]);
  });

  it('answers 404 for another account’s service and for unknown ones', async () => {
    const theirs = await createLb('theirs', {}, otherAuth);
    for (const [method, url, body] of [
      ['GET', `${base}/${theirs.uuid}`, undefined],
      ['PATCH', `${base}/${theirs.uuid}`, { name: 'mine' }],
      ['DELETE', `${base}/${theirs.uuid}`, undefined],
      ['GET', `${base}/${theirs.uuid}/backends`, undefined],
      ['POST', `${base}/${theirs.uuid}/backends`, { name: 'x', members: [] }],
      ['GET', `${base}/${unknown}`, undefined],
      ['GET', `${base}/not-a-uuid`, undefined],
    ] as const) {
      expectProblem(await call(method, url, body), 404, 'LOAD_BALANCER_NOT_FOUND');
    }
    const mine = await getBody(loadBalancerListSchema, base);
    expect(mine.some((item) => item.uuid === theirs.uuid)).toBe(false);
  });
});

describe('frontends, rules, backends and members', () => {
  it('manages rules with matchers and actions, and refuses to delete a backend a rule uses', async () => {
    const lb = await createLb('rules', {
      backends: [
        { name: 'app', members: [] },
        { name: 'api', members: [] },
      ],
    });
    const rulesUrl = `${base}/${lb.uuid}/frontends/web/rules`;
    const rule = await audited(1, () =>
      okBody(
        lbRuleSchema,
        'POST',
        rulesUrl,
        {
          name: 'to-api',
          priority: 10,
          matchers: [
            { type: 'path', match_path: { method: 'starts', value: '/api' } },
            { type: 'host', match_host: { value: 'example.com' }, inverse: true },
            { type: 'src_ip', match_src_ip: { value: '10.0.0.0/8' } },
            { type: 'request_header', match_request_header: { method: 'exists', name: 'X-Api' } },
          ],
          actions: [
            { type: 'set_forwarded_headers', action_set_forwarded_headers: {} },
            { type: 'use_backend', action_use_backend: { backend: 'api' } },
          ],
        },
        201,
      ),
    );
    expect(rule).toMatchObject({
      matching_condition: 'and',
      matchers: [{ inverse: false }, { inverse: true }, {}, {}],
    });

    const refused = await audited(0, () => call('DELETE', `${base}/${lb.uuid}/backends/api`));
    const error = expectProblem(refused, 409, 'BACKEND_IN_USE');
    expect(error.error_message).toContain('rule to-api of frontend web');
    expectProblem(await call('DELETE', `${base}/${lb.uuid}/backends/app`), 409, 'BACKEND_IN_USE');

    expectProblem(
      await call('POST', rulesUrl, {
        name: 'bad',
        priority: 1,
        matchers: [{ type: 'path', match_host: { value: 'x.com' } }],
        actions: [{ type: 'tcp_reject', action_tcp_reject: {} }],
      }),
      400,
      'MATCHERS_INVALID',
    );
    expectProblem(
      await call('POST', rulesUrl, {
        name: 'bad',
        priority: 1,
        matchers: [],
        actions: [{ type: 'use_backend', action_use_backend: { backend: 'nothing' } }],
      }),
      400,
      'BACKEND_INVALID',
    );
    const redirect = await okBody(
      lbRuleSchema,
      'PUT',
      `${rulesUrl}/to-api`,
      {
        name: 'to-https',
        priority: 5,
        matchers: [],
        actions: [
          { type: 'http_redirect', action_http_redirect: { scheme: 'https', status: 301 } },
        ],
      },
      200,
    );
    expect(redirect.name).toBe('to-https');
    expectProblem(await call('GET', `${rulesUrl}/to-api`), 404, 'RULE_NOT_FOUND');
    // With no rule using it any more, the backend goes.
    await audited(1, () => ok('DELETE', `${base}/${lb.uuid}/backends/api`, undefined, 204));
    const renamed = await okBody(
      lbBackendSchema,
      'PATCH',
      `${base}/${lb.uuid}/backends/app`,
      { name: 'app2', properties: { health_check_type: 'http' } },
      200,
    );
    expect(renamed.properties).toMatchObject({ health_check_type: 'http', timeout_tunnel: 3600 });
    expect((await getLb(lb.uuid)).frontends[0]!.default_backend).toBe('app2');
    await ok('DELETE', `${rulesUrl}/to-https`, undefined, 204);
    await ok('DELETE', `${base}/${lb.uuid}/frontends/web`, undefined, 204);
    await ok('DELETE', `${base}/${lb.uuid}/backends/app2`, undefined, 204);
  });

  it('shows a member down once its server stops', async () => {
    const stopped = await stoppedServer('lb-member');
    const address = (await server(stopped.uuid)).ip_addresses.ip_address.find(
      (item) => item.access === 'public' && item.family === 'IPv4',
    )!.address;
    const lb = await createLb('health');
    const member = await okBody(
      lbMemberSchema,
      'POST',
      `${base}/${lb.uuid}/backends/app/members`,
      {
        name: 'one',
        type: 'static',
        ip: address,
        port: 80,
        weight: 100,
        max_sessions: 100,
        enabled: true,
      },
      201,
    );
    expect(member).toMatchObject({ ip: address, port: 80 });
    await ok(
      'POST',
      `${base}/${lb.uuid}/backends/app/members`,
      {
        name: 'off',
        type: 'static',
        ip: '10.9.9.9',
        port: 80,
        weight: 1,
        max_sessions: 1,
        enabled: false,
      },
      201,
    );
    const status = async () =>
      (await getBody(lbMetricsSchema, `${base}/${lb.uuid}/metrics`)).backends[0]!.members.map(
        (item) => item.status,
      );
    expect(await status()).toEqual(['down', 'maint']);
    await ok('POST', `/1.3/server/${stopped.uuid}/start`, undefined, 200);
    await advance(31_000);
    expect(await status()).toEqual(['up', 'maint']);
    await ok('POST', `/1.3/server/${stopped.uuid}/stop`, undefined, 200);
    await advance(16_000);
    expect(await status()).toEqual(['down', 'maint']);
    expectProblem(
      await call('PATCH', `${base}/${lb.uuid}/backends/app/members/one`, { ip: null }),
      400,
      'IP_INVALID',
    );
  });

  it('manages resolvers, refusing to delete one a backend uses', async () => {
    const lb = await createLb('resolvers', {
      resolvers: [
        {
          name: 'dns',
          nameservers: ['94.237.127.9:53'],
          retries: 5,
          timeout: 10,
          timeout_retry: 10,
          cache_valid: 100,
          cache_invalid: 10,
        },
      ],
      backends: [
        {
          name: 'app',
          resolver: 'dns',
          members: [{ name: 'dyn', type: 'dynamic', weight: 100, max_sessions: 10, enabled: true }],
        },
      ],
    });
    expectProblem(await call('DELETE', `${base}/${lb.uuid}/resolvers/dns`), 409, 'RESOLVER_IN_USE');
    expectProblem(
      await call('POST', `${base}/${lb.uuid}/backends`, {
        name: 'nodns',
        members: [{ name: 'dyn', type: 'dynamic', weight: 100, max_sessions: 10, enabled: true }],
      }),
      400,
      'RESOLVER_INVALID',
    );
  });
});

describe('certificate bundles', () => {
  it('checks a manual bundle as a real certificate and key pair, and refuses to delete one in use', async () => {
    const one = await issueClusterCredentials('one', clock.now());
    const two = await issueClusterCredentials('two', clock.now());
    const bundlesUrl = `${base}/certificate-bundles`;
    const manual = await audited(1, () =>
      okBody(
        certificateBundleSchema,
        'POST',
        bundlesUrl,
        {
          type: 'manual',
          name: 'site',
          certificate: base64(one.client_certificate),
          private_key: base64(one.client_key),
        },
        201,
      ),
    );
    expect(manual).toMatchObject({ type: 'manual', key_type: 'ecdsa', operational_state: 'idle' });
    expect(Date.parse(manual.not_after)).toBeGreaterThan(Date.parse(manual.not_before));
    expectProblem(
      await call('POST', bundlesUrl, {
        type: 'manual',
        name: 'mismatch',
        certificate: base64(one.client_certificate),
        private_key: base64(two.client_key),
      }),
      400,
      'PRIVATE_KEY_INVALID',
    );
    expectProblem(
      await call('POST', bundlesUrl, {
        type: 'manual',
        name: 'garbage',
        certificate: base64('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'),
        private_key: base64(one.client_key),
      }),
      400,
      'CERTIFICATE_INVALID',
    );
    const authority = await okBody(
      certificateBundleSchema,
      'POST',
      bundlesUrl,
      { type: 'authority', name: 'ca', certificate: base64(one.ca_certificate) },
      201,
    );
    expect(authority.type).toBe('authority');
    const dynamic = await okBody(
      certificateBundleSchema,
      'POST',
      bundlesUrl,
      {
        type: 'dynamic',
        name: 'auto',
        key_type: 'rsa',
        hostnames: ['example.com', 'app.example.com'],
      },
      201,
    );
    expect(dynamic).toMatchObject({
      hostnames: ['example.com', 'app.example.com'],
      not_after: '0001-01-01T00:00:00Z',
    });
    expectProblem(
      await call('POST', bundlesUrl, {
        type: 'dynamic',
        name: 'auto',
        hostnames: ['x.example.com'],
      }),
      409,
      'CERTIFICATE_BUNDLE_ALREADY_EXISTS',
    );
    expectProblem(
      await call('GET', `${bundlesUrl}/${manual.uuid}`, undefined, otherAuth),
      404,
      'CERTIFICATE_BUNDLE_NOT_FOUND',
    );

    const lb = await createLb('tls', {
      frontends: [
        {
          name: 'web',
          mode: 'http',
          port: 443,
          default_backend: 'app',
          tls_configs: [{ name: 'site', certificate_bundle_uuid: manual.uuid }],
          properties: { http2_enabled: true },
        },
      ],
    });
    expect(lb.frontends[0]!.tls_configs[0]).toMatchObject({ certificate_bundle_uuid: manual.uuid });
    expectProblem(
      await call('DELETE', `${bundlesUrl}/${manual.uuid}`),
      409,
      'CERTIFICATE_BUNDLE_IN_USE',
    );
    await ok('DELETE', `${bundlesUrl}/${dynamic.uuid}`, undefined, 204);
    const challenge = (await ok('GET', `${bundlesUrl}/dns-challenge-domain`, undefined, 200)).json<{
      domain: string;
    }>();
    expect(challenge.domain).toMatch(/^_acme-challenge\.[0-9a-f]+\.upcloudlb\.com$/);
  });
});

describe('billing, audit and deletion', () => {
  it('bills by plan per hour, audits changes and takes the service down on the clock', async () => {
    const lb = await createLb('billed');
    await advance(3 * 3_600_000);
    await audited(1, () => ok('PATCH', `${base}/${lb.uuid}`, { plan: 'production-small' }, 200));
    await advance(3_600_000);
    const month = '2026-05';
    const summary = (await ok('GET', `/1.3/account/billing/summary/${month}`, undefined, 200)).json<
      Record<
        string,
        {
          total_amount: number;
          managed_loadbalancers: {
            resources: { resource_id: string; details: { plan: string; hours: number }[] }[];
          };
        }
      >
    >();
    const billed = summary.managed_loadbalancers!.managed_loadbalancers.resources.find(
      (item) => item.resource_id === lb.uuid,
    )!;
    expect(billed.details.map((detail) => detail.plan)).toEqual([
      'development',
      'production-small',
    ]);
    expect(billed.details[0]!.hours).toBeGreaterThanOrEqual(3);
    const rows = app()
      .sandbox!.db.prepare(
        "SELECT action, resource_sub_type FROM audit_logs WHERE resource_id = ? AND resource_type = 'managed-loadbalancer' ORDER BY rowid",
      )
      .all(lb.uuid);
    expect(rows).toEqual([
      { action: 'create', resource_sub_type: null },
      { action: 'update', resource_sub_type: null },
    ]);

    await audited(1, () => ok('DELETE', `${base}/${lb.uuid}`, undefined, 204));
    expect((await getLb(lb.uuid)).operational_state).toBe('delete-dns');
    expectProblem(
      await call('PATCH', `${base}/${lb.uuid}`, { name: 'late' }),
      404,
      'LOAD_BALANCER_NOT_FOUND',
    );
    const teardown = [];
    for (let step = 0; step < 4; step += 1) {
      await advance(10_000);
      const response = await call('GET', `${base}/${lb.uuid}`);
      teardown.push(
        response.statusCode === 200
          ? response.json<{ operational_state: string }>().operational_state
          : response.statusCode,
      );
    }
    expect(teardown).toEqual(['delete-network', 'delete-server', 'delete-service', 404]);
    expectProblem(await call('GET', `${base}/${lb.uuid}`), 404, 'LOAD_BALANCER_NOT_FOUND');
    // The deleted service still bills its lifetime.
    const after = (await ok('GET', `/1.3/account/billing/summary/${month}`, undefined, 200)).json<
      Record<string, { managed_loadbalancers: { resources: { resource_id: string }[] } }>
    >();
    expect(
      after.managed_loadbalancers!.managed_loadbalancers.resources.map((item) => item.resource_id),
    ).toContain(lb.uuid);
  });
});
