import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SkydeckServer } from './app';
import { buildServer } from './app';
import { demoUsers } from './sandbox/seed';
import { basicAuth, bearer, demoAuth, expectProblem, startUpstream } from './sandbox/testing';

type Upstream = Awaited<ReturnType<typeof startUpstream>>;

describe('proxy mode', () => {
  let upstream: Upstream;
  let app: SkydeckServer;
  beforeAll(async () => {
    upstream = await startUpstream();
    // panel.local: the name of a deployment behind a name (ALLOWED_HOSTS).
    app = await buildServer({ upstreamUrl: upstream.url, allowedHosts: ['panel.local'] });
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });
  beforeEach(() => {
    upstream.hits.length = 0;
  });

  it('runs no sandbox', () => {
    expect(app.sandbox).toBeUndefined();
  });

  it.each([
    ['GET', '/1.3/account'],
    ['GET', '/1.2/zone'],
    ['GET', '/1.2/price?zone=de-fra1'],
    ['GET', '/1.3/zone'],
    ['GET', '/1.3/storage/01000000-0000-4000-8000-000020060100'],
    ['DELETE', '/1.3/account/tokens/0c000000-0000-4000-8000-000000000000'],
    ['GET', '/1.3'],
    ['GET', '/1.2'],
  ] as const)('forwards %s %s with the Authorization header intact', async (method, url) => {
    const authorization = bearer('ucat_FORWARDED00000000000000000');
    const response = await app.inject({ method, url, headers: { authorization } });
    expect(response.statusCode).toBe(200);
    expect(upstream.hits).toHaveLength(1);
    expect(upstream.hits[0]).toMatchObject({ method, url, authorization });
    expect(response.json()).toMatchObject({ upstream: { url, authorization } });
  });

  it('forwards a request body and its Content-Type unchanged', async () => {
    const payload = '<token><name>x</name><expires_in>1h</expires_in></token>';
    const response = await app.inject({
      method: 'POST',
      url: '/1.3/account/tokens',
      payload,
      headers: { authorization: demoAuth, 'content-type': 'application/xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(upstream.hits).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: payload,
        contentType: 'application/xml',
        authorization: demoAuth,
      }),
    ]);
  });

  it('passes the upstream’s failures through unchanged', async () => {
    const response = await app.inject({
      url: '/1.3/account?status=401',
      headers: { authorization: demoAuth },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="upstream"');
    expect(response.json()).toEqual({
      error: { error_code: 'UPSTREAM_SAYS_NO', error_message: 'The upstream refused.' },
    });
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the upstream its own Host and never the panel’s cookies', async () => {
    await app.inject({
      url: '/1.3/account',
      headers: { authorization: demoAuth, cookie: 'session=panel-secret', host: 'panel.local' },
    });
    expect(upstream.hits).toHaveLength(1);
    expect(upstream.hits[0]!.cookie).toBeNull();
    expect(upstream.hits[0]!.host).toBe(new URL(upstream.url).host);
  });

  it.each([
    ['/1.4/zone', 400, 'API_VERSION_INVALID'],
    ['/2.0/account', 400, 'API_VERSION_INVALID'],
    ['/1.30/zone', 400, 'API_VERSION_INVALID'],
    ['/1.1/account', 400, 'API_VERSION_OBSOLETE'],
    ['/1.0/zone', 400, 'API_VERSION_OBSOLETE'],
    ['/other', 404, 'NOT_FOUND'],
    ['/', 404, 'NOT_FOUND'],
    ['/1.3x/account', 404, 'NOT_FOUND'],
    ['/api/1.3/account', 404, 'NOT_FOUND'],
    ['//1.3/account', 404, 'NOT_FOUND'],
  ] as const)('answers %s itself and never forwards it', async (url, status, code) => {
    const response = await app.inject({ url, headers: { authorization: demoAuth } });
    expectProblem(response, status, code);
    expect(upstream.hits).toEqual([]);
  });

  it('lets no sandbox credential work locally', async () => {
    for (const auth of [demoAuth, basicAuth('demo_viewer', demoUsers.demo_viewer)]) {
      const response = await app.inject({ url: '/1.3/account', headers: { authorization: auth } });
      expect(response.json()).not.toHaveProperty('account');
      expect(response.json()).toMatchObject({
        upstream: { url: '/1.3/account', authorization: auth },
      });
    }
    expect(upstream.hits).toHaveLength(2);
  });

  it('keeps dot segments from escaping /1.2 and /1.3 (over a real socket)', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const rawGet = (rawPath: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, path: rawPath, method: 'GET' },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end();
      });
    for (const rawPath of [
      '/1.3/../other',
      '/1.3/%2e%2e/other',
      '/1.2/..%2fother',
      '/1.3/a/../../../etc/passwd',
      '/1.3/%2E%2E/%2E%2E/x',
    ]) {
      const status = await rawGet(rawPath);
      expect(status, rawPath).toBeGreaterThanOrEqual(400);
      expect(status, rawPath).toBeLessThan(500);
    }
    expect(upstream.hits).toEqual([]);
    expect(await rawGet('/1.3/account')).toBe(200);
    expect(upstream.hits.map((hit) => hit.url)).toEqual(['/1.3/account']);
  });
});

describe('proxy mode with an upstream base path', () => {
  it('puts the version path under the upstream’s path', async () => {
    const upstream = await startUpstream();
    const app = await buildServer({ upstreamUrl: `${upstream.url}/api/` });
    try {
      await app.inject({ url: '/1.3/account?x=1', headers: { authorization: demoAuth } });
      await app.inject({ url: '/1.2/zone', headers: { authorization: demoAuth } });
      expect(upstream.hits.map((hit) => hit.url)).toEqual([
        '/api/1.3/account?x=1',
        '/api/1.2/zone',
      ]);
    } finally {
      await app.close();
      await upstream.close();
    }
  });

  it('refuses an upstream that is not http(s)', async () => {
    await expect(buildServer({ upstreamUrl: 'ftp://127.0.0.1/' })).rejects.toThrow(/http\(s\)/);
  });
});
