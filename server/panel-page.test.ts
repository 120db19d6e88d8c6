import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkydeckServer } from './app';
import { buildServer } from './app';
import { buildTestServer, startUpstream } from './sandbox/testing';

const indexHtml =
  '<!doctype html><html lang="en"><head><title>Skydeck</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
// What scripts/vite-route-preloads.ts writes: a group's first segment and its pages' scripts.
const routePreloads = {
  '/storage': ['/assets/shell.js', '/assets/storage.js'],
  '/network-usage': ['/assets/shell.js', '/assets/usage.js'],
};
const storagePage = indexHtml.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shell.js">\n' +
    '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/storage.js">\n</head>',
);

/** The page's HTML, decoded as a browser would. */
function html(response: LightMyRequestResponse) {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
  return response.body;
}

describe('the panel page of a group’s path', () => {
  let staticDir: string;
  let sandbox: SkydeckServer;
  let proxy: SkydeckServer;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-route-pages-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(staticDir, 'route-preloads.json'), JSON.stringify(routePreloads));
    upstream = await startUpstream();
    sandbox = await buildTestServer({ staticDir });
    proxy = await buildServer({ upstreamUrl: upstream.url, staticDir });
  });
  afterAll(async () => {
    await sandbox.close();
    await proxy.close();
    await upstream.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const open = (app: SkydeckServer, url: string, acceptEncoding?: string) =>
    app.inject({
      url,
      headers: {
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it.each([
    ['sandbox', '/storage'],
    ['sandbox', '/storage/01aaaaaa-0000-4000-8000-000000000000?tab=backups'],
    ['sandbox', '/storage?label=env%3Dprod'],
    ['proxy', '/storage'],
  ])('names the scripts of the page in the %s mode’s page for %s', async (mode, url) => {
    const response = await open(mode === 'proxy' ? proxy : sandbox, url, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(html(response)).toBe(storagePage);
  });

  it.each([['/'], ['/sign-in'], ['/storagex'], ['/servers/01aaaaaa-0000-4000-8000-000000000000']])(
    'answers %s with index.html as built',
    async (url) => {
      const response = await open(sandbox, url, 'br');
      expect(response.statusCode).toBe(200);
      expect(html(response)).toBe(indexHtml);
    },
  );

  it.each([
    [undefined, undefined],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
  ])('with Accept-Encoding %s answers in %s', async (acceptEncoding, encoding) => {
    const response = await open(sandbox, '/network-usage', acceptEncoding);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(html(response)).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/usage.js">',
    );
  });

  it('names the scripts of a build made while the server runs', async () => {
    const listFile = path.join(staticDir, 'route-preloads.json');
    fs.writeFileSync(listFile, JSON.stringify({ '/storage': ['/assets/rebuilt.js'] }));
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(listFile, later, later);
    try {
      const response = await open(sandbox, '/storage');
      expect(html(response)).toContain('href="/assets/rebuilt.js"');
      expect(html(response)).not.toContain('href="/assets/storage.js"');
      // Half written, as during a build: index.html as it is.
      fs.writeFileSync(listFile, '{"/storage": [');
      fs.utimesSync(listFile, new Date(), new Date());
      expect(html(await open(sandbox, '/storage'))).toBe(indexHtml);
    } finally {
      fs.writeFileSync(listFile, JSON.stringify(routePreloads));
      fs.utimesSync(listFile, new Date(0), new Date(0));
    }
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await sandbox.inject({
      method: 'HEAD',
      url: '/storage',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe('');
  });
});
