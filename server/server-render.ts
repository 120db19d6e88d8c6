import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  renderCookieMaxLength,
  renderCookieName,
  renderCookieSchema,
  serverReadsId,
} from '../contract/render-cookie';
import type {
  RenderCookie,
  RenderRequest,
  RenderedPage,
  ServerReads,
} from '../contract/render-cookie';

/** What src/entry-server.tsx exports, as this server calls it (its build, dist-server/). */
export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderedPage | undefined>;
}

export interface ServerRenderOptions {
  /** The renderer, or the file of its build to import on first use. */
  renderer: PageRenderer | string;
  /**
   * public/after-paint.js as the build leaves it, which each rendered page carries inline
   * (`fillTemplate`). Without it no page is rendered: nothing would take the page over.
   */
  afterPaintFile: string;
  /** A render not done by then is given up and the page goes out unrendered (default 2 s). */
  timeoutMs?: number;
  /** Renders under way at once; a navigation beyond them gets the page unrendered (default 4). */
  maxConcurrent?: number;
}

/** The render cookie's value in a Cookie header, checked; undefined when absent or malformed. */
export function readRenderCookie(header: string | undefined): RenderCookie | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.split('=');
    if (name?.trim() !== renderCookieName) continue;
    const text = value.join('=').trim();
    if (text.length > renderCookieMaxLength) return undefined;
    try {
      const parsed = renderCookieSchema().safeParse(JSON.parse(decodeURIComponent(text)));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * JSON inside a script element: `<` escaped, so no `</script>` or `<!--` in the data (a storage's
 * title, say) can end the element or change how it is read.
 */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The panel's entry as the build names it in index.html, and the scripts the page names for
 * preloading. In a rendered page they are all asked for once the page is painted
 * (public/after-paint.js), from an inert `<template>`: run as the parser finished, the entry held
 * that paint back; fetched from the head, they shared a phone's bandwidth with the page, and
 * Lighthouse counted their download in its first paint (1.8 s on the storage list, simulated).
 */
const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;
const preloadLink = /<link rel="modulepreload"[^>]*>\n?/g;

/**
 * The template's head with the page's styles (`pageHead`) at its end and its scripts after them,
 * inert until `afterPaint` (public/after-paint.js, inline) puts them in place. The scripts are
 * looked for in the template's head alone, a few kilobytes, not in the page's styles after it
 * (tens of kilobytes, on every page sent).
 */
function headWithScriptsAfterPaint(head: string, pageHead: string, afterPaint: string): string {
  const entry = entryScript.exec(head);
  if (!entry) return head.replace('</head>', () => `${pageHead}</head>`);
  const preloads = head.match(preloadLink) ?? [];
  const scripts =
    `<template id="skydeck-scripts">${preloads.join('')}` +
    `<link rel="modulepreload" crossorigin href="${entry[1]}" id="skydeck-entry"></template>`;
  return head
    .replace(entryScript, '')
    .replace(preloadLink, '')
    .replace('</head>', () => `${pageHead}${scripts}<script>${afterPaint}</script></head>`);
}

/** A script a rendered page carries inline, and its hash for the page's CSP. */
interface InlineScript {
  source: string;
  /** SHA-256, base64, as a CSP source names it (`'sha256-…'`). */
  hash: string;
}

/**
 * The script in `file`, read again when a build changes it; undefined while there is none (or
 * it cannot be read), or if it holds `</script`, which would end its element early. Inline, not
 * fetched: a deferred script held the end of parsing, and with it the first frame, until it came
 * (about 10 ms of the storage list's first row at 1280 px, on an idle 2-core machine,
 * `npm run bench`).
 */
function inlineScript(file: string) {
  let read: { stamp: number; script: InlineScript | undefined } | undefined;
  return () => {
    const stamp = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (stamp === undefined) return undefined;
    if (read?.stamp !== stamp) {
      let source: string;
      try {
        source = fs.readFileSync(file, 'utf8');
      } catch {
        // Gone between the two calls (a build replacing it): the page goes out unrendered.
        return undefined;
      }
      const script = /<\/script/i.test(source)
        ? undefined
        : { source, hash: createHash('sha256').update(source).digest('base64') };
      read = { stamp, script };
    }
    return read.script;
  };
}

/**
 * `template` (the panel's index.html for the path) with the rendered page in #root, and
 * `afterPaint` (public/after-paint.js) inline in its head.
 */
export function fillTemplate(
  template: string,
  page: RenderedPage,
  cookie: RenderCookie,
  afterPaint: string,
): string | undefined {
  const start = template.indexOf('<div id="root">');
  const end = template.lastIndexOf('</body>');
  if (start < 0 || end < start) return undefined;
  const html = headWithScriptsAfterPaint(
    template.slice(0, start).replace(/<html([^>]*)>/, (_tag, attributes: string) =>
      // The colour scheme's class, as the theme sets it (src/app/theme.ts, colorSchemeSelector).
      cookie.dark ? `<html${attributes} class="dark">` : `<html${attributes} class="light">`,
    ),
    page.head,
    afterPaint,
  );
  return (
    `${html}<div id="root" data-rendered-for="${escapeAttribute(cookie.session.username)}" ` +
    `data-rendered-at="${page.renderedAt}" data-rendered-wide="${cookie.wide}">${page.html}</div>\n` +
    `<script type="application/json" id="${serverReadsId}">${scriptJson({ reads: page.reads, sent: page.sent } satisfies ServerReads)}</script>\n` +
    template.slice(end)
  );
}

/** A request of the render, answered by this server's own routes without a socket. */
function localFetch(app: FastifyInstance, from: FastifyRequest) {
  return async (url: string, init: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: from.ip,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of [value].flat())
        if (one !== undefined) responseHeaders.append(name, String(one));
    }
    const empty = [204, 205, 304].includes(answer.statusCode);
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}

/**
 * Renders a signed-in page on the server (src/entry-server.tsx), for a navigation that carries
 * the render cookie: the page is on the screen when its HTML arrives, not after the panel's code
 * has loaded, run and read the page's data. Whatever goes wrong (no build of the renderer, a
 * refused token, an API error, too slow, too many at once) answers undefined, and the navigation
 * gets the panel's page unrendered, as without the cookie.
 */
export function serverRender(app: FastifyInstance, options: ServerRenderOptions) {
  const { timeoutMs = 2_000, maxConcurrent = 4 } = options;
  const afterPaint = inlineScript(options.afterPaintFile);
  let renderer: Promise<PageRenderer | undefined> | undefined;
  const load = () =>
    (renderer ??=
      typeof options.renderer === 'string'
        ? fs.existsSync(options.renderer)
          ? (import(pathToFileURL(options.renderer).href) as Promise<PageRenderer>).catch(
              (error: unknown) => {
                app.log.warn({ err: error }, 'The server render could not be loaded.');
                return undefined;
              },
            )
          : Promise.resolve(undefined)
        : Promise.resolve(options.renderer));
  let active = 0;

  return async (
    request: FastifyRequest,
    template: string,
  ): Promise<{ html: string; scriptHash: string } | undefined> => {
    const cookie = readRenderCookie(request.headers.cookie);
    if (!cookie || active >= maxConcurrent) return undefined;
    const script = afterPaint();
    if (!script) return undefined;
    active += 1;
    const signal = AbortSignal.timeout(timeoutMs);
    // The navigation waits no longer than that, whether or not the render heeds the signal (a
    // read of the proxy's upstream does not).
    const givenUp = new Promise<undefined>((resolve) =>
      signal.addEventListener('abort', () => resolve(undefined), { once: true }),
    );
    let rendering: Promise<RenderedPage | undefined> | undefined;
    try {
      const renderer = await load();
      rendering = renderer?.render({
        url: request.url,
        session: cookie.session,
        locale: cookie.locale,
        timeZone: cookie.timeZone,
        wide: cookie.wide,
        fetch: localFetch(app, request),
        signal,
      });
      const page = await Promise.race([rendering, givenUp]);
      const html = page && !signal.aborted && fillTemplate(template, page, cookie, script.source);
      return html ? { html, scriptHash: script.hash } : undefined;
    } catch (error) {
      if (!signal.aborted)
        app.log.warn({ err: error, url: request.url }, 'A server render failed.');
      return undefined;
    } finally {
      // A render given up keeps its place until it ends: a read of the proxy's upstream runs on
      // to the proxy's own timeout, and such renders must not pile up beyond the limit.
      if (rendering) void rendering.catch(() => undefined).finally(() => (active -= 1));
      else active -= 1;
    }
  };
}

/** The rendered page in an encoding the client takes: fast settings, it is made per request. */
export function encodePage(html: string, encoding: 'br' | 'gzip' | undefined) {
  if (encoding === 'br') {
    return zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    });
  }
  if (encoding === 'gzip') return zlib.gzipSync(html, { level: 6 });
  return html;
}
