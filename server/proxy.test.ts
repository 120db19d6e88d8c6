import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** An upstream answering with `handler`, for what startUpstream does not do. */
async function rawUpstream(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('proxy mode against a hostile or stuck upstream', () => {
  it('answers 504 UPSTREAM_TIMEOUT when the upstream accepts and never answers', async () => {
    const held: http.ServerResponse[] = [];
    const upstream = await rawUpstream((_request, response) => void held.push(response));
    const app = await buildServer({ upstreamUrl: upstream.url, upstreamTimeoutMs: 150 });
    try {
      const started = Date.now();
      const response = await app.inject({
        url: '/1.3/account',
        headers: { authorization: demoAuth },
      });
      expectProblem(response, 504, 'UPSTREAM_TIMEOUT');
      expect(held).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
      await upstream.close();
    }
  });

  it('sends no client X-Forwarded-* or Forwarded header up and passes no Set-Cookie down', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const upstream = await rawUpstream((request, response) => {
      seen.push(request.headers);
      response.setHeader('Set-Cookie', ['session=upstream; HttpOnly', 'other=1']);
      response.setHeader('Content-Type', 'application/json');
      response.end('{"account":{"username":"u"}}');
    });
    const app = await buildServer({ upstreamUrl: upstream.url });
    try {
      const response = await app.inject({
        url: '/1.3/account',
        headers: {
          authorization: demoAuth,
          'x-forwarded-for': '10.9.9.9',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
          'x-real-ip': '10.9.9.9',
          forwarded: 'for=10.9.9.9;host=evil.example',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ account: { username: 'u' } });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(seen).toHaveLength(1);
      expect(seen[0]!.authorization).toBe(demoAuth);
      for (const name of [
        'x-forwarded-for',
        'x-forwarded-host',
        'x-forwarded-proto',
        'x-real-ip',
        'forwarded',
      ]) {
        expect(seen[0]).not.toHaveProperty(name);
      }
    } finally {
      await app.close();
      await upstream.close();
    }
  });

  it('refuses a redirect to another origin and rewrites one within the upstream API', async () => {
    const upstream = await rawUpstream((request, response) => {
      const target = new URL(request.url ?? '/', 'http://upstream').searchParams.get('to')!;
      response.writeHead(302, { Location: target, 'Content-Type': 'text/html' });
      response.end('<a href="elsewhere">moved</a>');
    });
    const app = await buildServer({ upstreamUrl: `${upstream.url}/api` });
    const redirect = (to: string) =>
      app.inject({
        url: `/1.3/account?to=${encodeURIComponent(to)}`,
        headers: { authorization: demoAuth },
      });
    try {
      for (const away of [
        'https://evil.example/1.3/account',
        '//evil.example/1.3/account',
        `${upstream.url.replace('127.0.0.1', 'localhost')}/api/1.3/account`,
        `${upstream.url}/elsewhere`,
      ]) {
        const response = await redirect(away);
        expectProblem(response, 502, 'UPSTREAM_REDIRECT_REFUSED');
        expect(response.headers.location, away).toBeUndefined();
      }
      const within = await redirect(`${upstream.url}/api/1.3/server?limit=1`);
      expect(within.statusCode).toBe(302);
      expect(within.headers.location).toBe('/1.3/server?limit=1');
      const relative = await redirect('/api/1.3/storage');
      expect(relative.statusCode).toBe(302);
      expect(relative.headers.location).toBe('/1.3/storage');
    } finally {
      await app.close();
      await upstream.close();
    }
  });
});
