import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { SandboxOptions } from './sandbox/context';
import { createSandboxContext } from './sandbox/context';
import { sandboxApi, versionProblem } from './sandbox/api';
import { sendProblem, toProblem } from './sandbox/http/problem';
import { sandboxControl, sandboxDemoAccounts } from './sandbox/control';
import { ApiProblem } from './sandbox/http/errors';
import { registerProxy } from './proxy';
import { preferredEncoding, routePages } from './panel-page';
import { encodePage, serverRender } from './server-render';
import type { PageRenderer } from './server-render';
import { allowInlineScripts, securityHeaders, setSecurityHeaders } from './security-headers';

export interface ServerOptions extends Partial<SandboxOptions> {
  /** Proxy mode: forward /1.2 and /1.3 to this origin instead of running the sandbox. */
  upstreamUrl?: string;
  /** The built panel; omitted or missing, only the API is served. */
  staticDir?: string;
  logger?: boolean | { level: string };
  /** Sends `info` logs to this stream instead (tests read them to check no secret is logged). */
  logStream?: { write(line: string): void };
  /** Host names besides the loopback ones this server answers to (ALLOWED_HOSTS, a non-wildcard HOST). */
  allowedHosts?: readonly string[];
  /** How long a client may take to send a whole request, body included (default 30 s). */
  requestTimeoutMs?: number;
  /** Proxy mode: how long the upstream may take to answer (default 30 s). */
  upstreamTimeoutMs?: number;
  /**
   * Renders signed-in pages on the server (server-render.ts): the renderer, or the file of its
   * build (`defaultRendererFile`). Without it every navigation gets the page unrendered.
   */
  renderer?: PageRenderer | string;
}

/** The names of this machine, answered on any port. */
const loopbackHosts = ['localhost', '127.0.0.1', '::1'];

/** A host name as compared: lower case, an IPv6 address without its brackets. */
const normalHost = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');

/** The host name of a Host header (`name`, `name:port`, `[v6]` or `[v6]:port`), without the port. */
function hostName(header: string | undefined) {
  if (!header) return undefined;
  const value = header.trim();
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(value);
  if (bracketed) return normalHost(bracketed[1]!);
  return value.includes('[') || value.split(':').length > 2
    ? undefined
    : normalHost(value.replace(/:\d*$/, ''));
}

/**
 * Against DNS rebinding: a web page whose name is made to resolve to 127.0.0.1 reaches this server
 * from the browser with its own name in the Host header, and could sign in with the published demo
 * password. Only requests naming this machine or a configured host are answered (421 otherwise).
 */
function hostCheck(allowedHosts: readonly string[]) {
  const allowed = new Set([...loopbackHosts, ...allowedHosts].map(normalHost));
  // Clients send the same Host header on every request: the last one allowed is known at a glance.
  let lastAllowed: string | undefined;
  // A callback, not an async hook: nothing to wait on (security-headers.ts).
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const header = request.headers.host;
    if (header !== undefined && header === lastAllowed) return done();
    if (header === undefined) {
      // Node would refuse it itself with an empty 400 (`requireHostHeader`, off below).
      return sendProblem(
        reply.header('connection', 'close'),
        new ApiProblem(
          400,
          'REQUEST_INVALID',
          'The request has no Host header; HTTP/1.1 needs one.',
        ),
      );
    }
    const name = hostName(header);
    if (name !== undefined && allowed.has(name)) {
      lastAllowed = header;
      return done();
    }
    sendProblem(
      reply,
      new ApiProblem(
        421,
        'HOST_NOT_ALLOWED',
        `This server does not answer to the host ${JSON.stringify(request.headers.host ?? '')}; use localhost or add the name to ALLOWED_HOSTS.`,
      ),
    );
  };
}

export const defaultStaticDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist',
);

/** Where `npm run build` writes the server's build of the panel (vite.ssr.config.ts). */
export const defaultRendererFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist-server/entry-server.js',
);

/**
 * The panel's front door (`/`, `/sign-in`, src/app/paths.ts) answers the page whatever the Accept
 * header says, so `curl` of the URL `npm start` prints gets it. Other paths outside the API get the
 * page only when they ask for HTML, as a browser's navigation does; a group adds no line here.
 */
const isPanelPage = (url: string) => ['/', '/sign-in'].includes(url.split('?')[0]!);

/** Node's own refusals before any request exists: the status, its reason phrase and the API code. */
function clientErrorAnswer(code: string | undefined) {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: '431 Request Header Fields Too Large',
      error_code: 'HEADERS_TOO_LARGE',
      error_message: 'The request headers are too large.',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: '408 Request Timeout',
      error_code: 'REQUEST_TIMEOUT',
      error_message: 'The request took too long to arrive.',
    };
  }
  return {
    status: '400 Bad Request',
    error_code: 'REQUEST_INVALID',
    error_message: 'The request could not be read as HTTP.',
  };
}

/**
 * A malformed or oversized request never reaches Fastify's routing: it still answers the error
 * object, then the connection closes (its bytes cannot be trusted to frame another request).
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, ...answer } = clientErrorAnswer(error.code);
  const body = JSON.stringify({ error: answer });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Builds the one server (panel + sandbox or proxy) without listening, so tests can inject(). */
export async function buildServer(options: ServerOptions = {}) {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const app = Fastify({
    logger: options.logStream
      ? { level: 'info', stream: options.logStream }
      : (options.logger ?? false),
    // A path parameter may be long (a comma-separated list of tags): the route's own checks answer
    // for it, not the router's refusal of anything over 100 characters as an unreadable URL.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    bodyLimit: 1024 * 1024,
    // A request whose headers or body never finish is answered 408 (clientErrorHandler) and closed,
    // instead of holding its socket open; Node checks for them at this interval. Node reads the
    // timeout when it creates the server, so it is given there too.
    requestTimeout,
    http: {
      requestTimeout,
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
      // A request without a Host header gets the error object from hostCheck, not Node's empty 400.
      requireHostHeader: false,
    },
    // Also the audit rows' correlation id, so it must be unique across restarts.
    genReqId: () => crypto.randomUUID(),
    // A URL the router cannot decode reaches no route and no onSend hook; it gets the error object
    // and the security headers all the same.
    frameworkErrors: (error, _request, reply) =>
      sendProblem(setSecurityHeaders(reply), toProblem(error)),
    clientErrorHandler,
  });
  app.addHook('onSend', securityHeaders);
  // First of all hooks (before auth, faults and the proxy), on every path.
  app.addHook('onRequest', hostCheck(options.allowedHosts ?? []));

  const sandbox = options.upstreamUrl
    ? undefined
    : createSandboxContext({ database: ':memory:', ...options });
  if (options.upstreamUrl) {
    await registerProxy(app, options.upstreamUrl, { timeoutMs: options.upstreamTimeoutMs });
  } else await sandboxApi(app, sandbox!);
  if (sandbox) {
    await app.register(sandboxControl(sandbox), { prefix: '/_sandbox' });
    await sandboxDemoAccounts(app);
    app.addHook('onReady', async () => sandbox.jobs.start());
    app.addHook('onClose', async () => {
      sandbox.jobs.close();
      sandbox.db.close();
    });
  }

  const staticDir = options.staticDir;
  const indexHtml = staticDir && fs.existsSync(path.join(staticDir, 'index.html'));
  if (staticDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (scripts/vite-precompress.ts); served by Accept-Encoding.
      preCompressed: true,
      setHeaders(res, file) {
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const routePage = staticDir && indexHtml ? routePages(staticDir) : undefined;
  const renderPage =
    options.renderer && staticDir && indexHtml
      ? serverRender(app, {
          renderer: options.renderer,
          afterPaintFile: path.join(staticDir, 'after-paint.js'),
        })
      : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const problem = versionProblem(request.url);
    if (problem) return sendProblem(reply, problem);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      ((request.headers.accept ?? '').includes('text/html') || isPanelPage(request.url));
    if (indexHtml && wantsPage && !request.url.startsWith('/assets/')) {
      const template = request.method === 'GET' ? routePage?.template(request.url) : undefined;
      const rendered = template && (await renderPage?.(request, template));
      if (rendered) {
        // A page of the account's own data: kept by no cache, and only for this cookie.
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        if (encoding) reply.header('Content-Encoding', encoding);
        return allowInlineScripts(reply, [rendered.scriptHash])
          .header('Cache-Control', 'no-store')
          .header('Vary', 'Accept-Encoding, Cookie')
          .type('text/html; charset=utf-8')
          .send(encodePage(rendered.html, encoding));
      }
      reply.header('Cache-Control', 'no-cache');
      const page = routePage?.(request.url, request.headers['accept-encoding']);
      if (!page) return reply.sendFile('index.html');
      if (page.encoding) reply.header('Content-Encoding', page.encoding);
      return reply
        .header('Vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(page.body);
    }
    return sendProblem(
      reply,
      new ApiProblem(404, 'NOT_FOUND', `There is nothing at ${request.url.split('?')[0]}.`),
    );
  });

  // Widened from Fastify's thenable type: awaiting a thenable would drop `sandbox` from the result type.
  const server: FastifyInstance = app;
  return Object.assign(server, { sandbox });
}
export type SkydeckServer = Awaited<ReturnType<typeof buildServer>>;
