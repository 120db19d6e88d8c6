import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkydeckServer } from './app';
import { buildServer } from './app';
import { demoUsers } from './sandbox/seed';
import {
  basicAuth,
  bearer,
  buildTestServer,
  createToken,
  demoAuth,
  expectProblem,
  startUpstream,
} from './sandbox/testing';

const indexHtml =
  '<!doctype html><html lang="en"><title>Skydeck</title><script type="module" src="/assets/app.js"></script></html>';
const appJs = 'console.log("skydeck");\n';
const chunkJs = 'export const skydeck = "a chunk of the panel";\n'.repeat(200);

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['script-src']).toEqual(["'self'"]);
  expect(csp).not.toContain("'unsafe-eval'");
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['connect-src']).toEqual(["'self'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

describe('serving the panel', () => {
  let staticDir: string;
  let app: SkydeckServer;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), indexHtml);
    fs.mkdirSync(path.join(staticDir, 'assets'));
    fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), appJs);
    // As the build leaves a chunk: with its Brotli and gzip copies (scripts/vite-precompress.ts).
    fs.writeFileSync(path.join(staticDir, 'assets', 'chunk.js'), chunkJs);
    fs.writeFileSync(
      path.join(staticDir, 'assets', 'chunk.js.br'),
      zlib.brotliCompressSync(chunkJs),
    );
    fs.writeFileSync(path.join(staticDir, 'assets', 'chunk.js.gz'), zlib.gzipSync(chunkJs));
    app = await buildTestServer({ staticDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const page = (url: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });

  it.each([
    ['/'],
    ['/storage'],
    ['/servers/00aaaaaa-0000-4000-8000-000000000000'],
    ['/account/tokens?page=2'],
  ])('serves index.html for the page %s', async (url) => {
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(indexHtml);
    expectSecurityHeaders(response);
  });

  it.each([
    ['/', undefined],
    ['/', '*/*'],
    ['/', 'application/json'],
    ['/sign-in?next=%2Fbilling', undefined],
  ])('serves the panel at the page %s for Accept %s, as curl asks', async (url, accept) => {
    const response = await app.inject({ url, headers: accept ? { accept } : {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe(indexHtml);
    expectSecurityHeaders(response);
    const head = await app.inject({ method: 'HEAD', url, headers: accept ? { accept } : {} });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('serves a group page to a browser and the error object to other clients', async () => {
    const page = '/servers/00aaaaaa-0000-4000-8000-000000000000';
    const browser = await app.inject({ url: page, headers: { accept: 'text/html' } });
    expect(browser.statusCode).toBe(200);
    expect(browser.body).toBe(indexHtml);
    expectProblem(await app.inject({ url: page, headers: { accept: '*/*' } }), 404, 'NOT_FOUND');
  });

  it('keeps JSON answers for API and control paths whatever the client accepts', async () => {
    expectProblem(await app.inject({ url: '/1.3/account' }), 401, 'AUTHENTICATION_FAILED');
    expectProblem(await app.inject({ url: '/1.4/zone' }), 400, 'API_VERSION_INVALID');
    expectProblem(await app.inject({ url: '/_sandbox/nothing' }), 404, 'NOT_FOUND');
    expectProblem(await app.inject({ url: '/assets/missing.js' }), 404, 'NOT_FOUND');
  });

  it('serves built assets with a long cache lifetime', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(appJs);
    expectSecurityHeaders(response);
  });

  it.each([
    ['br, gzip, deflate', 'br', zlib.brotliDecompressSync],
    ['gzip, deflate', 'gzip', zlib.gunzipSync],
  ])(
    'sends the compressed copy of a chunk to a browser accepting %s',
    async (acceptEncoding, encoding, decompress) => {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/chunk.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(chunkJs.length / 5);
      expect(decompress(response.rawPayload).toString()).toBe(chunkJs);
    },
  );

  it('sends a chunk as it is to a client accepting no compression', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/chunk.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(chunkJs);
  });

  it('answers a missing asset with the 404 error object, never the page', async () => {
    const response = await page('/assets/missing.js');
    expectProblem(response, 404, 'NOT_FOUND');
    expectSecurityHeaders(response);
  });

  it.each([
    ['GET', '/favicon.ico', undefined],
    ['GET', '/nothing', 'application/json'],
    ['GET', '/nothing', undefined],
    ['POST', '/', 'text/html'],
    ['DELETE', '/storage', 'text/html'],
  ] as const)(
    'answers %s %s (Accept %s) with the 404 error object',
    async (method, url, accept) => {
      const response = await app.inject({ method, url, headers: accept ? { accept } : {} });
      const error = expectProblem(response, 404, 'NOT_FOUND');
      expect(error.error_message).toContain(url);
      expectSecurityHeaders(response);
    },
  );

  it('never answers an API path with the page', async () => {
    expectProblem(
      await app.inject({ url: '/1.3/zone', headers: { accept: 'text/html' } }),
      406,
      'NOT_ACCEPTABLE',
    );
    const browser = await page('/1.3/zone');
    expect(browser.statusCode).toBe(401);
    expect(browser.headers['content-type']).toBe('application/xml; charset=utf-8');
    expectProblem(await page('/1.4/zone'), 400, 'API_VERSION_INVALID');
    expectProblem(await page('/1.1/zone'), 400, 'API_VERSION_OBSOLETE');
    const unknown = await app.inject({
      url: '/1.3/nothing',
      headers: { accept: 'text/html', authorization: demoAuth },
    });
    expect(unknown.statusCode).toBe(406);
  });

  it('puts the security headers on API answers too', async () => {
    const ok = await app.inject({ url: '/1.3/account', headers: { authorization: demoAuth } });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok);
    const refused = await app.inject({ url: '/1.3/account' });
    expectProblem(refused, 401, 'AUTHENTICATION_FAILED');
    expectSecurityHeaders(refused);
    const xml = await app.inject({
      url: '/1.2/zone',
      headers: { authorization: demoAuth, accept: 'application/xml' },
    });
    expectSecurityHeaders(xml);
    expectSecurityHeaders(await app.inject({ url: '/2.0/zone' }));
    expectSecurityHeaders(
      await app.inject({ url: '/1.3/account/tokens/%zz', headers: { authorization: demoAuth } }),
    );
  });
});

describe('without a built panel', () => {
  it('serves only the API, answering pages with the 404 error object', async () => {
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-empty-'));
    const withoutIndex = await buildTestServer({ staticDir: emptyDir });
    const withoutDir = await buildTestServer();
    try {
      for (const app of [withoutIndex, withoutDir]) {
        const response = await app.inject({ url: '/', headers: { accept: 'text/html' } });
        expectProblem(response, 404, 'NOT_FOUND');
        expectSecurityHeaders(response);
        expect(
          (await app.inject({ url: '/1.2/zone', headers: { authorization: demoAuth } })).statusCode,
        ).toBe(200);
      }
    } finally {
      await withoutIndex.close();
      await withoutDir.close();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});

describe('the Host a request names (DNS rebinding)', () => {
  const foreign = 'rebind.evil.example:8080';
  const requests = [
    { method: 'GET', url: '/1.3/account', headers: { authorization: demoAuth } },
    { method: 'GET', url: '/', headers: { accept: 'text/html' } },
    {
      method: 'PUT',
      url: '/_sandbox/faults',
      headers: { origin: 'http://rebind.evil.example:8080' },
      payload: { maintenance: true },
    },
  ] as const;

  /** GET /1.3/account as demo under each `Host`: every one answers 200. */
  async function expectAnswered(app: SkydeckServer, hosts: string[]) {
    for (const host of hosts) {
      const response = await app.inject({
        url: '/1.3/account',
        headers: { host, authorization: demoAuth },
      });
      expect(response.statusCode, host).toBe(200);
    }
  }

  async function withServers(
    options: { allowedHosts?: string[] },
    check: (app: SkydeckServer) => Promise<void>,
  ) {
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-host-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), indexHtml);
    const upstream = await startUpstream();
    const sandbox = await buildTestServer({ staticDir, ...options });
    const proxy = await buildServer({ upstreamUrl: upstream.url, staticDir, ...options });
    try {
      await check(sandbox);
      await check(proxy);
      return { sandbox, upstream };
    } finally {
      await sandbox.close();
      await proxy.close();
      await upstream.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
  }

  it('answers a foreign Host with 421 on every path, in sandbox and proxy mode', async () => {
    const { sandbox, upstream } = await withServers({}, async (app) => {
      for (const request of requests) {
        const response = await app.inject({
          ...request,
          headers: { ...request.headers, host: foreign },
        });
        const error = expectProblem(response, 421, 'HOST_NOT_ALLOWED');
        expect(error.error_message).toContain('rebind.evil.example');
        expectSecurityHeaders(response);
      }
    });
    expect(upstream.hits).toEqual([]);
    expect(sandbox.sandbox!.faults.settings()).toMatchObject({ maintenance: false });
  });

  it('answers localhost, 127.0.0.1 and [::1] on any port, in any case', async () => {
    await withServers({}, async (app) => {
      await expectAnswered(app, [
        'localhost',
        'localhost:80',
        'LOCALHOST:8080',
        '127.0.0.1:5173',
        '127.0.0.1',
        '[::1]:8080',
        '[::1]',
      ]);
      for (const host of ['localhost.evil.example', '127.0.0.1.evil.example', '::1']) {
        const response = await app.inject({ url: '/1.3/account', headers: { host } });
        expect(response.statusCode, host).toBe(421);
      }
    });
  });

  it('answers the hosts it is configured for (ALLOWED_HOSTS, a named HOST)', async () => {
    await withServers({ allowedHosts: ['panel.example.com', 'Intranet', '::2'] }, async (app) => {
      await expectAnswered(app, [
        'panel.example.com',
        'PANEL.example.com:443',
        'intranet:8080',
        '[::2]:80',
      ]);
      expectProblem(
        await app.inject({ url: '/', headers: { host: foreign, accept: 'text/html' } }),
        421,
        'HOST_NOT_ALLOWED',
      );
    });
  });
});

describe('the demo accounts the sign-in page offers', () => {
  it('lists the seeded sign-ins in sandbox mode, from any address, and nothing in proxy mode', async () => {
    const sandbox = await buildTestServer();
    const upstream = await startUpstream();
    const proxy = await buildServer({ upstreamUrl: upstream.url });
    try {
      const answer = await sandbox.inject({
        url: '/_sandbox/demo-accounts',
        remoteAddress: '203.0.113.9',
      });
      expect(answer.statusCode).toBe(200);
      const { accounts } = answer.json<{ accounts: { username: string; password: string }[] }>();
      expect(accounts.map(({ username, password }) => [username, password])).toEqual(
        Object.entries(demoUsers),
      );
      expectProblem(await proxy.inject({ url: '/_sandbox/demo-accounts' }), 404, 'NOT_FOUND');
      expect(upstream.hits).toEqual([]);
    } finally {
      await sandbox.close();
      await proxy.close();
      await upstream.close();
    }
  });
});

describe('requests Node refuses before routing', () => {
  /** Writes `request` on a raw socket and reads the answer until the server closes it. */
  function rawExchange(port: number, request: string) {
    return new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  }

  function expectErrorAnswer(answer: string, status: number, code: string) {
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head).toMatch(/\r\ncontent-type: application\/json\b/i);
    expect(head).toMatch(/\r\nconnection: close\b/i);
    expect(JSON.parse(body)).toEqual({
      error: { error_code: code, error_message: expect.stringMatching(/./) },
    });
  }

  let app: SkydeckServer;
  let port: number;
  beforeAll(async () => {
    app = await buildTestServer();
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it('answers 431 with the error object for headers over 16 KiB', async () => {
    const answer = await rawExchange(
      port,
      `GET /1.3/zone HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'x'.repeat(17 * 1024)}\r\n\r\n`,
    );
    expectErrorAnswer(answer, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers 400 with the error object for a request line that is not HTTP', async () => {
    expectErrorAnswer(
      await rawExchange(port, 'NOT AN HTTP REQUEST\r\n\r\n'),
      400,
      'REQUEST_INVALID',
    );
  });

  it('answers 400 with the error object for an HTTP/1.1 request without a Host header', async () => {
    expectErrorAnswer(
      await rawExchange(port, `GET /1.3/account HTTP/1.1\r\nAuthorization: ${demoAuth}\r\n\r\n`),
      400,
      'REQUEST_INVALID',
    );
  });

  it('answers 408 with the error object and closes a request whose body never ends', async () => {
    const slow = await buildTestServer({ requestTimeoutMs: 300 });
    try {
      await slow.listen({ host: '127.0.0.1', port: 0 });
      const started = Date.now();
      const answer = await rawExchange(
        (slow.server.address() as AddressInfo).port,
        `POST /1.3/account/tokens HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${demoAuth}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
      );
      expectErrorAnswer(answer, 408, 'REQUEST_TIMEOUT');
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await slow.close();
    }
  });
});

describe('logging', () => {
  const capture = () => {
    const lines: string[] = [];
    return { lines, stream: { write: (line: string) => void lines.push(line) } };
  };

  function expectNoSecret(lines: string[], secrets: string[]) {
    const log = lines.join('');
    expect(lines.some((line) => line.includes('"msg":"incoming request"'))).toBe(true);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(log, `a log line holds ${secret}`).not.toContain(secret);
    }
  }

  it('never logs credentials or token secrets in sandbox mode', async () => {
    const { lines, stream } = capture();
    const app = await buildTestServer({ logStream: stream, authFailureLimit: 2 });
    const wrongPassword = 'Wr0ngButSecret';
    try {
      const token = await createToken(app, demoAuth, { name: 'logged?' });
      expect(
        (await app.inject({ url: '/1.3/account', headers: { authorization: bearer(token.token) } }))
          .statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ url: '/1.3/account', headers: { authorization: demoAuth } }))
          .statusCode,
      ).toBe(200);
      const wrong = basicAuth('demo', wrongPassword);
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await app.inject({
          url: '/1.3/account',
          headers: { authorization: wrong },
          remoteAddress: '192.0.2.5',
        });
      }
      expect(
        (
          await app.inject({
            url: '/1.3/account',
            headers: { authorization: wrong },
            remoteAddress: '192.0.2.5',
          })
        ).statusCode,
      ).toBe(429);
      await app.inject({
        method: 'POST',
        url: '/1.3/account/tokens',
        headers: { authorization: bearer(token.token) },
        payload: '{bad',
      });
      await app.inject({ url: '/1.3/account/tokens/%zz', headers: { authorization: demoAuth } });
      expectNoSecret(lines, [
        token.token,
        token.token.slice('ucat_'.length),
        demoAuth,
        demoAuth.slice('Basic '.length),
        demoUsers.demo,
        wrongPassword,
        basicAuth('demo', wrongPassword).slice('Basic '.length),
      ]);
    } finally {
      await app.close();
    }
  });

  it('never logs the Authorization header in proxy mode, also when the upstream fails', async () => {
    const upstream = await startUpstream();
    const { lines, stream } = capture();
    const proxy = await buildServer({ upstreamUrl: upstream.url, logStream: stream });
    const gone = await startUpstream();
    await gone.close();
    const brokenProxy = await buildServer({ upstreamUrl: gone.url, logStream: stream });
    const secret = 'ucat_PROXYSECRET0000000000000';
    const basic = basicAuth('someone', 'Upstr3amPassword');
    try {
      const forwarded = await proxy.inject({
        url: '/1.3/account',
        headers: { authorization: bearer(secret) },
      });
      expect(forwarded.statusCode).toBe(200);
      expect(upstream.hits.map((hit) => hit.authorization)).toEqual([bearer(secret)]);
      await proxy.inject({ url: '/1.2/zone', headers: { authorization: basic } });
      await proxy.inject({
        url: '/1.3/account?status=401',
        headers: { authorization: bearer(secret) },
      });
      const failed = await brokenProxy.inject({
        url: '/1.3/account',
        headers: { authorization: bearer(secret) },
      });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({
        error: { error_code: 'UPSTREAM_UNAVAILABLE', error_message: expect.any(String) },
      });
      expect(lines.some((line) => line.includes('ECONNREFUSED'))).toBe(true);
      expectNoSecret(lines, [
        secret,
        secret.slice('ucat_'.length),
        basic.slice('Basic '.length),
        'Upstr3amPassword',
      ]);
    } finally {
      await proxy.close();
      await brokenProxy.close();
      await upstream.close();
    }
  });
});
