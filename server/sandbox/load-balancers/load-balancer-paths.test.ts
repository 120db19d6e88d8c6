import { describe, expect, it } from 'vitest';
import { loadBalancerEndpoints } from '../../../contract/load-balancer';
import { issueClusterCredentials } from '../kubernetes/certificates';
import { sandboxSuite } from '../routes/test-helpers';
import { expectProblem, manualClock } from '../testing';
import { lbBody } from './test-bodies';

/**
 * Walks every endpoint of `loadBalancerEndpoints` once with a success and, where a rule applies,
 * its refusal (404 for an unknown name, 409 for a duplicate). The last test checks that every
 * endpoint was called, so a new endpoint without a test here fails.
 */
const clock = manualClock('2026-05-04T10:00:00.000Z');
const { call } = sandboxSuite({ clock, tickUrl: '/1.3/load-balancer/plans' });

const base = '/1.3/load-balancer';
const unknown = '0a000000-0000-4000-8000-000000000000';
const base64 = (text: string) => Buffer.from(text).toString('base64');

const endpoints = Object.values(loadBalancerEndpoints).map((endpoint) => ({
  key: `${endpoint.method} ${endpoint.path}`,
  params: (endpoint.path.match(/:/g) ?? []).length,
  pattern: new RegExp(`^/1\\.3${endpoint.path.replace(/:[a-z]+/g, '[^/]+')}$`),
  method: endpoint.method,
}));
const called = new Set<string>();

/** The endpoint a request reaches: the matching template with the fewest parameters. */
function record(method: string, url: string) {
  const path = url.split('?')[0]!;
  const match = endpoints
    .filter((endpoint) => endpoint.method === method && endpoint.pattern.test(path))
    .sort((a, b) => a.params - b.params)[0];
  if (match) called.add(match.key);
}

/** A request that must answer `status`; its JSON body (undefined when empty). */
async function expectStatus(method: string, url: string, body: unknown, status: number) {
  record(method, url);
  const response = await call(method, url, body);
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  return response.body ? (response.json() as Record<string, unknown>) : undefined;
}

/** The `field` of each item a list answers. */
async function fieldsAt(url: string, field: 'name' | 'uuid') {
  const list = await expectStatus('GET', url, undefined, 200);
  return (list as unknown as Record<string, string>[]).map((item) => item[field]);
}

/** A request that must be refused with `status` and `code`. */
async function refused(method: string, url: string, body: unknown, status: number, code: string) {
  record(method, url);
  expectProblem(await call(method, url, body), status, code);
}

const resolverBody = (name: string) => ({
  name,
  nameservers: ['10.0.0.53:53'],
  retries: 3,
  timeout: 10,
  timeout_retry: 5,
  cache_valid: 60,
  cache_invalid: 10,
});

const memberBody = (name: string) => ({
  name,
  type: 'static',
  ip: '10.0.0.10',
  port: 8080,
  weight: 100,
  max_sessions: 1000,
  enabled: true,
});

const ruleBody = (name: string, priority = 10) => ({
  name,
  priority,
  matchers: [{ type: 'path', match_path: { method: 'starts', value: '/api' } }],
  actions: [{ type: 'use_backend', action_use_backend: { backend: 'app' } }],
});

let lbUrl = '';
let bundleUuid = '';

describe('every load-balancer path', () => {
  it('plans, list, create, get, modify and metrics', async () => {
    const plans = await expectStatus('GET', `${base}/plans`, undefined, 200);
    expect(Array.isArray(plans)).toBe(true);
    await refused('GET', `${base}/plans?limit=0`, undefined, 400, 'LIMIT_INVALID');
    const created = (await expectStatus('POST', base, lbBody('paths'), 201))!;
    lbUrl = `${base}/${created.uuid as string}`;
    await refused('POST', base, lbBody('paths'), 409, 'LOAD_BALANCER_ALREADY_EXISTS');
    expect(await fieldsAt(base, 'name')).toContain('paths');
    expect(await expectStatus('GET', lbUrl, undefined, 200)).toMatchObject({ name: 'paths' });
    await refused('GET', `${base}/${unknown}`, undefined, 404, 'LOAD_BALANCER_NOT_FOUND');
    expect(await expectStatus('PATCH', lbUrl, { maintenance_dow: 'monday' }, 200)).toMatchObject({
      maintenance_dow: 'monday',
    });
    await refused('PATCH', `${base}/${unknown}`, { name: 'x' }, 404, 'LOAD_BALANCER_NOT_FOUND');
    expect(await expectStatus('GET', `${lbUrl}/metrics`, undefined, 200)).toMatchObject({
      backends: [{ name: 'app', members: [] }],
    });
    await refused('GET', `${base}/${unknown}/metrics`, undefined, 404, 'LOAD_BALANCER_NOT_FOUND');
  });

  it('networks and floating addresses', async () => {
    expect(await fieldsAt(`${lbUrl}/networks`, 'name')).toEqual(['public']);
    expect(
      await expectStatus('PATCH', `${lbUrl}/networks/public`, { name: 'outside' }, 200),
    ).toMatchObject({ name: 'outside', type: 'public' });
    await refused('PATCH', `${lbUrl}/networks/nope`, { name: 'x' }, 404, 'NETWORK_NOT_FOUND');

    const floating = await call('POST', '/1.3/ip_address', {
      ip_address: { family: 'IPv4', floating: 'yes', zone: 'de-fra1' },
    });
    expect(floating.statusCode).toBe(201);
    const address = (floating.json() as { ip_address: { address: string } }).ip_address.address;
    const addresses = `${lbUrl}/ip-addresses`;
    const body = { address, network_name: 'outside' };
    expect(await expectStatus('GET', addresses, undefined, 200)).toEqual([]);
    expect(await expectStatus('POST', addresses, body, 201)).toMatchObject(body);
    await refused('POST', addresses, body, 409, 'IP_ADDRESS_IN_USE');
    await expectStatus('DELETE', `${addresses}/${address}`, undefined, 204);
    await refused('DELETE', `${addresses}/${address}`, undefined, 404, 'IP_ADDRESS_NOT_FOUND');
  });

  it('backends, members and resolvers', async () => {
    expect(await expectStatus('GET', `${lbUrl}/resolvers`, undefined, 200)).toEqual([]);
    await expectStatus('POST', `${lbUrl}/resolvers`, resolverBody('dns'), 201);
    await refused(
      'POST',
      `${lbUrl}/resolvers`,
      resolverBody('dns'),
      409,
      'RESOLVER_ALREADY_EXISTS',
    );
    expect(await expectStatus('GET', `${lbUrl}/resolvers/dns`, undefined, 200)).toMatchObject({
      name: 'dns',
    });
    await refused('GET', `${lbUrl}/resolvers/nope`, undefined, 404, 'RESOLVER_NOT_FOUND');
    expect(
      await expectStatus('PATCH', `${lbUrl}/resolvers/dns`, { retries: 5 }, 200),
    ).toMatchObject({ retries: 5 });

    await expectStatus('POST', `${lbUrl}/backends`, { name: 'api', members: [] }, 201);
    await refused(
      'POST',
      `${lbUrl}/backends`,
      { name: 'api', members: [] },
      409,
      'BACKEND_ALREADY_EXISTS',
    );
    expect(await fieldsAt(`${lbUrl}/backends`, 'name')).toEqual(['app', 'api']);
    expect(await expectStatus('GET', `${lbUrl}/backends/api`, undefined, 200)).toMatchObject({
      name: 'api',
    });
    await refused('GET', `${lbUrl}/backends/nope`, undefined, 404, 'BACKEND_NOT_FOUND');
    expect(
      await expectStatus('PATCH', `${lbUrl}/backends/api`, { resolver: 'dns' }, 200),
    ).toMatchObject({ resolver: 'dns' });
    await refused('DELETE', `${lbUrl}/resolvers/dns`, undefined, 409, 'RESOLVER_IN_USE');

    const members = `${lbUrl}/backends/api/members`;
    expect(await expectStatus('GET', members, undefined, 200)).toEqual([]);
    await expectStatus('POST', members, memberBody('one'), 201);
    await refused('POST', members, memberBody('one'), 409, 'MEMBER_ALREADY_EXISTS');
    expect(await expectStatus('GET', `${members}/one`, undefined, 200)).toMatchObject({
      name: 'one',
      port: 8080,
    });
    await refused('GET', `${members}/nope`, undefined, 404, 'MEMBER_NOT_FOUND');
    expect(await expectStatus('PATCH', `${members}/one`, { weight: 50 }, 200)).toMatchObject({
      weight: 50,
    });
    await expectStatus('DELETE', `${members}/one`, undefined, 204);
    await refused('DELETE', `${members}/one`, undefined, 404, 'MEMBER_NOT_FOUND');

    await expectStatus('PATCH', `${lbUrl}/backends/api`, { resolver: '' }, 200);
    await expectStatus('DELETE', `${lbUrl}/resolvers/dns`, undefined, 204);
    await refused('DELETE', `${lbUrl}/resolvers/dns`, undefined, 404, 'RESOLVER_NOT_FOUND');
  });

  it('frontends and rules', async () => {
    await expectStatus(
      'POST',
      `${lbUrl}/frontends`,
      { name: 'alt', mode: 'http', port: 8080, default_backend: 'api' },
      201,
    );
    await refused(
      'POST',
      `${lbUrl}/frontends`,
      { name: 'alt', mode: 'http', port: 8081, default_backend: 'api' },
      409,
      'FRONTEND_ALREADY_EXISTS',
    );
    expect(await fieldsAt(`${lbUrl}/frontends`, 'name')).toEqual(['web', 'alt']);
    expect(await expectStatus('GET', `${lbUrl}/frontends/alt`, undefined, 200)).toMatchObject({
      name: 'alt',
      port: 8080,
    });
    await refused('GET', `${lbUrl}/frontends/nope`, undefined, 404, 'FRONTEND_NOT_FOUND');
    expect(
      await expectStatus('PATCH', `${lbUrl}/frontends/alt`, { port: 8443 }, 200),
    ).toMatchObject({ port: 8443 });

    const rules = `${lbUrl}/frontends/web/rules`;
    await expectStatus('POST', rules, ruleBody('r1'), 201);
    await refused('POST', rules, ruleBody('r1'), 409, 'RULE_ALREADY_EXISTS');
    expect(await fieldsAt(rules, 'name')).toEqual(['r1']);
    expect(await expectStatus('GET', `${rules}/r1`, undefined, 200)).toMatchObject({
      name: 'r1',
      priority: 10,
    });
    await refused('GET', `${rules}/nope`, undefined, 404, 'RULE_NOT_FOUND');
    expect(await expectStatus('PUT', `${rules}/r1`, ruleBody('r1', 20), 200)).toMatchObject({
      name: 'r1',
      priority: 20,
    });
    await refused('PUT', `${rules}/nope`, ruleBody('nope'), 404, 'RULE_NOT_FOUND');
    expect(await expectStatus('PATCH', `${rules}/r1`, { priority: 30 }, 200)).toMatchObject({
      priority: 30,
    });
    await expectStatus('DELETE', `${rules}/r1`, undefined, 204);
    await refused('DELETE', `${rules}/r1`, undefined, 404, 'RULE_NOT_FOUND');

    await expectStatus('DELETE', `${lbUrl}/frontends/alt`, undefined, 204);
    await refused('DELETE', `${lbUrl}/frontends/alt`, undefined, 404, 'FRONTEND_NOT_FOUND');
    await expectStatus('DELETE', `${lbUrl}/backends/api`, undefined, 204);
    await refused('DELETE', `${lbUrl}/backends/api`, undefined, 404, 'BACKEND_NOT_FOUND');
  });

  it('certificate bundles', async () => {
    const bundles = `${base}/certificate-bundles`;
    const pair = await issueClusterCredentials('paths', clock.now());
    const body = {
      type: 'manual',
      name: 'site',
      certificate: base64(pair.client_certificate),
      private_key: base64(pair.client_key),
    };
    const created = (await expectStatus('POST', bundles, body, 201))!;
    bundleUuid = created.uuid as string;
    await refused('POST', bundles, body, 409, 'CERTIFICATE_BUNDLE_ALREADY_EXISTS');
    expect(await fieldsAt(bundles, 'uuid')).toContain(bundleUuid);
    await refused('GET', `${bundles}?limit=0`, undefined, 400, 'LIMIT_INVALID');
    expect(await expectStatus('GET', `${bundles}/${bundleUuid}`, undefined, 200)).toMatchObject({
      name: 'site',
    });
    await refused('GET', `${bundles}/${unknown}`, undefined, 404, 'CERTIFICATE_BUNDLE_NOT_FOUND');
    expect(
      await expectStatus('PATCH', `${bundles}/${bundleUuid}`, { name: 'site2' }, 200),
    ).toMatchObject({ name: 'site2' });
    await refused(
      'PATCH',
      `${bundles}/${unknown}`,
      { name: 'x' },
      404,
      'CERTIFICATE_BUNDLE_NOT_FOUND',
    );
    const domain = await expectStatus('GET', `${bundles}/dns-challenge-domain`, undefined, 200);
    expect(typeof domain!.domain).toBe('string');
  });

  it.each(['frontends/web', 'backends/app'])('TLS configs of %s', async (holder) => {
    const tls = `${lbUrl}/${holder}/tls-configs`;
    const body = { name: 'cert', certificate_bundle_uuid: bundleUuid };
    expect(await expectStatus('GET', tls, undefined, 200)).toEqual([]);
    await expectStatus('POST', tls, body, 201);
    await refused('POST', tls, body, 409, 'TLS_CONFIG_ALREADY_EXISTS');
    expect(await expectStatus('GET', `${tls}/cert`, undefined, 200)).toMatchObject({
      name: 'cert',
      certificate_bundle_uuid: bundleUuid,
    });
    await refused('GET', `${tls}/nope`, undefined, 404, 'TLS_CONFIG_NOT_FOUND');
    expect(await expectStatus('PATCH', `${tls}/cert`, { name: 'cert2' }, 200)).toMatchObject({
      name: 'cert2',
    });
    await refused('PATCH', `${tls}/nope`, { name: 'x' }, 404, 'TLS_CONFIG_NOT_FOUND');
    const bundle = `${base}/certificate-bundles/${bundleUuid}`;
    await refused('DELETE', bundle, undefined, 409, 'CERTIFICATE_BUNDLE_IN_USE');
    await expectStatus('DELETE', `${tls}/cert2`, undefined, 204);
    await refused('DELETE', `${tls}/cert2`, undefined, 404, 'TLS_CONFIG_NOT_FOUND');
  });

  it('deletes the bundle and the service', async () => {
    const bundle = `${base}/certificate-bundles/${bundleUuid}`;
    await expectStatus('DELETE', bundle, undefined, 204);
    await refused('DELETE', bundle, undefined, 404, 'CERTIFICATE_BUNDLE_NOT_FOUND');
    await expectStatus('DELETE', lbUrl, undefined, 204);
    await refused('DELETE', lbUrl, undefined, 404, 'LOAD_BALANCER_NOT_FOUND');
  });

  it('called every endpoint of the contract', () => {
    expect(endpoints.map((endpoint) => endpoint.key).filter((key) => !called.has(key))).toEqual([]);
  });
});
