import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCookieName } from '../contract/render-cookie';
import type { RenderCookie } from '../contract/render-cookie';
import type { SkydeckServer } from './app';
import type { PageRenderer } from './server-render';
import { fillTemplate, readRenderCookie, serverRender } from './server-render';
import { buildTestServer, createToken, demoAuth } from './sandbox/testing';

const indexHtml =
  '<!doctype html><html lang="en"><head><title>Skydeck</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/a.js">\n</head><body>\n' +
  '<div id="root"><div id="startup"></div></div>\n</body></html>';

/** public/after-paint.js, as a test's build leaves it. */
const afterPaint = 'window.painted = true;';

const cookieOf = (token: string, overrides: Partial<RenderCookie> = {}): RenderCookie => ({
  session: { token, username: 'demo', viaPassword: false },
  wide: true,
  dark: false,
  locale: 'en-US',
  timeZone: 'UTC',
  ...overrides,
});
const header = (value: unknown) =>
  `other=1; ${renderCookieName}=${encodeURIComponent(JSON.stringify(value))}`;

/** The HTML a browser reads from `response`. */
const text = (response: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
  response.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(response.rawPayload).toString()
    : response.rawPayload.toString();

describe('the render cookie', () => {
  it('is read among other cookies, checked against its contract', () => {
    const cookie = cookieOf('abc');
    expect(readRenderCookie(header(cookie))).toEqual(cookie);
    // A zone's older name, as some browsers report it, is a zone all the same.
    const alias = cookieOf('abc', { locale: 'fi', timeZone: 'Asia/Calcutta' });
    expect(readRenderCookie(header(alias))).toEqual(alias);
  });

  it.each([
    ['absent', undefined],
    ['not JSON', `${renderCookieName}=%7Bnot-json`],
    ['not URI-encoded', `${renderCookieName}=%E0%A4%A`],
    ['of the wrong shape', header({ token: 'abc' })],
    ['with an empty token', header(cookieOf(''))],
    ['too long', header(cookieOf('t'.repeat(4000)))],
    // Intl would throw on them in the render, a warning logged on every navigation.
    ['with a malformed locale', header(cookieOf('abc', { locale: 'not a locale' }))],
    ['with a time zone Intl does not know', header(cookieOf('abc', { timeZone: 'Mars/Olympus' }))],
  ])('is ignored when %s', (_case, value) => {
    expect(readRenderCookie(value)).toBeUndefined();
  });
});

describe('the rendered page', () => {
  it('keeps data that looks like markup from ending its script element or its attribute', () => {
    const page = fillTemplate(
      indexHtml,
      {
        html: '<p>rows</p>',
        head: '<style>p{}</style>',
        reads: [
          { key: ['storage'], data: { title: '</script><script>alert(1)</script>' }, updatedAt: 1 },
        ],
        sent: [{ method: 'GET', path: '/1.3/storage?title=</script>' }],
        renderedAt: 5,
      },
      cookieOf('abc', {
        session: { token: 'abc', username: 'a"><b>', viaPassword: false },
        dark: true,
      }),
      afterPaint,
    )!;
    expect(page).toContain('<html lang="en" class="dark">');
    // The scripts are asked for once the page is painted (public/after-paint.js, inline).
    expect(page).toContain(
      '<title>Skydeck</title><style>p{}</style><template id="skydeck-scripts">' +
        '<link rel="modulepreload" crossorigin href="/assets/a.js">\n' +
        '<link rel="modulepreload" crossorigin href="/assets/index-1.js" id="skydeck-entry">' +
        `</template><script>${afterPaint}</script></head>`,
    );
    expect(page.match(/<\/script>/g)).toHaveLength(2);
    const json = /<script type="application\/json" id="skydeck-server-reads">(.*)<\/script>/.exec(
      page,
    )![1]!;
    expect(JSON.parse(json)).toEqual({
      reads: [
        { key: ['storage'], data: { title: '</script><script>alert(1)</script>' }, updatedAt: 1 },
      ],
      sent: [{ method: 'GET', path: '/1.3/storage?title=</script>' }],
    });
  });
});

describe('a navigation with the render cookie', () => {
  let staticDir: string;
  let app: SkydeckServer;
  let token: string;
  const calls: string[] = [];
  let hold: Promise<void> | undefined;
  let failWith: Error | undefined;
  let onCall: (() => void) | undefined;
  /** Renders the account's name, read through the server's own API with the cookie's token. */
  const renderer: PageRenderer = {
    async render({ url, session, fetch }) {
      calls.push(url);
      onCall?.();
      if (failWith) throw failWith;
      await hold;
      if (url.startsWith('/tokens')) return undefined;
      const answer = await fetch('/1.3/account', {
        headers: { Accept: 'application/json', Authorization: `Bearer ${session.token}` },
      });
      if (!answer.ok) return undefined;
      const { account } = (await answer.json()) as { account: { username: string } };
      return {
        html: `<h1>${account.username}</h1>`,
        head: '',
        reads: [],
        sent: [],
        renderedAt: 1,
      };
    },
  };

  beforeAll(async () => {
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-server-render-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(staticDir, 'after-paint.js'), afterPaint);
    fs.writeFileSync(
      path.join(staticDir, 'route-preloads.json'),
      JSON.stringify({ '/storage': [], '/tokens': [] }),
    );
    app = await buildTestServer({ staticDir, renderer });
    token = (await createToken(app, demoAuth, { name: 'render', expires_in: '1h' })).token;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const open = (url: string, cookie?: string) =>
    app.inject({
      url,
      headers: { accept: 'text/html', 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
    });

  it('gets the page rendered for the cookie’s session, kept by no cache', async () => {
    const response = await open('/storage?type=backup', header(cookieOf(token)));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(text(response)).toContain(
      '<div id="root" data-rendered-for="demo" data-rendered-at="1" data-rendered-wide="true"><h1>demo</h1></div>',
    );
    expect(calls.at(-1)).toBe('/storage?type=backup');
  });

  it('carries public/after-paint.js inline, which the page’s CSP allows by its hash alone', async () => {
    const response = await open('/storage', header(cookieOf(token)));
    expect(text(response)).toContain(`</template><script>${afterPaint}</script></head>`);
    const hash = createHash('sha256').update(afterPaint).digest('base64');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    // Other answers allow no inline script.
    const unrendered = await open('/storage');
    expect(unrendered.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('gets the page unrendered while the build has no after-paint.js, which would take it over', async () => {
    const file = path.join(staticDir, 'after-paint.js');
    fs.renameSync(file, `${file}.away`);
    try {
      const response = await open('/storage', header(cookieOf(token)));
      expect(response.statusCode).toBe(200);
      expect(text(response)).toBe(indexHtml);
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
    expect(text(await open('/storage', header(cookieOf(token))))).toContain('<h1>demo</h1>');
  });

  it('says whether it rendered the page for a wide screen, as the cookie said', async () => {
    const response = await open('/storage', header(cookieOf(token, { wide: false })));
    expect(text(response)).toContain('data-rendered-wide="false"');
  });

  it.each([
    ['without the cookie', '/storage', undefined],
    ['with a refused token', '/storage', 'refused'],
    ['to a page the renderer does not render', '/tokens', 'valid'],
    ['to a path that opens no group', '/', 'valid'],
  ])('gets the page unrendered %s', async (_case, url, cookie) => {
    const value = cookie && header(cookieOf(cookie === 'valid' ? token : 'not-a-token'));
    const response = await open(url, value);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(text(response)).toBe(indexHtml);
  });

  it('gets the page unrendered when the render fails, not an error', async () => {
    failWith = new Error('renderer broke');
    try {
      const response = await open('/storage', header(cookieOf(token)));
      expect(response.statusCode).toBe(200);
      expect(text(response)).toBe(indexHtml);
    } finally {
      failWith = undefined;
    }
  });

  it('renders at most four pages at once: the fifth navigation gets its page unrendered', async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const before = calls.length;
    const rendering = new Promise<void>((resolve) => {
      onCall = () => calls.length - before === 4 && resolve();
    });
    const held = Array.from({ length: 4 }, () => open('/storage', header(cookieOf(token))));
    await rendering;
    const fifth = await open('/storage', header(cookieOf(token)));
    expect(text(fifth)).toBe(indexHtml);
    expect(calls.length - before).toBe(4);
    hold = undefined;
    release();
    for (const response of await Promise.all(held))
      expect(text(response)).toContain('<h1>demo</h1>');
  });

  /** A navigation to the storage list with the cookie, as the render's handler is given it. */
  const navigation = () =>
    ({ url: '/storage', ip: '127.0.0.1', headers: { cookie: header(cookieOf(token)) } }) as never;

  it('keeps a given-up render’s place until that render ends', async () => {
    let end!: () => void;
    let renders = 0;
    const render = serverRender(app, {
      afterPaintFile: path.join(staticDir, 'after-paint.js'),
      renderer: {
        render: () => {
          renders += 1;
          return new Promise<undefined>((resolve) => (end = () => resolve(undefined)));
        },
      },
      timeoutMs: 1,
      maxConcurrent: 1,
    });
    await expect(render(navigation(), indexHtml)).resolves.toBeUndefined();
    // Given up, and still running (a proxied read runs on to its own timeout): no second render.
    await expect(render(navigation(), indexHtml)).resolves.toBeUndefined();
    expect(renders).toBe(1);
    // Once it ends, the place is free again.
    end();
    await expect
      .poll(async () => {
        await render(navigation(), indexHtml);
        return renders;
      })
      .toBe(2);
    end();
  });

  it('gives a render up when its time is out, even one that never ends', async () => {
    const render = serverRender(app, {
      afterPaintFile: path.join(staticDir, 'after-paint.js'),
      renderer: { render: () => new Promise<undefined>(() => undefined) },
      timeoutMs: 1,
    });
    await expect(render(navigation(), indexHtml)).resolves.toBeUndefined();
  });
});
