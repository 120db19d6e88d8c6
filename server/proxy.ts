import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { errorBody } from './sandbox/http/errors';

export interface ProxyOptions {
  /** How long the upstream may take to start answering, and between parts of its body (ms). */
  timeoutMs?: number;
}

/** Headers a client could use to tell the upstream a made-up origin of the request. */
const clientForwarding = /^(x-forwarded-.*|forwarded|x-real-ip)$/i;

/** Answers that a browser would follow to their `Location`. */
const redirects = new Set([301, 302, 303, 307, 308]);

interface Answer {
  removeHeader(name: string): unknown;
  code(status: number): { send(payload: unknown): unknown };
}

/** Sends an error object instead of what the upstream answered (its body is thrown away). */
function answerInstead(reply: Answer, status: number, code: string, message: string) {
  for (const header of [
    'content-length',
    'content-type',
    'content-encoding',
    'transfer-encoding',
  ]) {
    reply.removeHeader(header);
  }
  return reply.code(status).send(errorBody(code, message));
}

/**
 * Proxy mode: the real API sends no CORS headers, so the panel reaches it through its own origin.
 * Only /1.2/* and /1.3/* go upstream, to this one origin; Authorization passes through untouched.
 * Nothing the client says about where it is (X-Forwarded-*, Forwarded) and no cookie goes up; no
 * cookie comes down, and a redirect elsewhere than the upstream's own API is not passed on.
 */
export async function registerProxy(
  app: FastifyInstance,
  upstreamUrl: string,
  { timeoutMs = 30_000 }: ProxyOptions = {},
) {
  const upstream = new URL(upstreamUrl);
  if (upstream.protocol !== 'https:' && upstream.protocol !== 'http:') {
    throw new Error(`UPSTREAM_URL must be an http(s) URL, not ${upstreamUrl}`);
  }
  const basePath = upstream.pathname.replace(/\/$/, '');
  for (const version of ['1.2', '1.3']) {
    const upstreamPrefix = `${basePath}/${version}`;
    /** The panel's own path for an upstream URL of this version, or undefined for anywhere else. */
    const localPath = (location: string) => {
      const target = new URL(location, upstream);
      if (target.origin !== upstream.origin) return undefined;
      if (target.pathname !== upstreamPrefix && !target.pathname.startsWith(`${upstreamPrefix}/`)) {
        return undefined;
      }
      return `/${version}${target.pathname.slice(upstreamPrefix.length)}${target.search}`;
    };
    await app.register(httpProxy, {
      upstream: upstream.origin,
      prefix: `/${version}`,
      rewritePrefix: upstreamPrefix,
      http2: false,
      // The proxy rewrites Location itself (below), from the upstream's URL as it was sent.
      internalRewriteLocationHeader: false,
      replyOptions: {
        timeout: timeoutMs,
        rewriteRequestHeaders: (_request, headers) => {
          const kept = Object.entries(headers).filter(
            ([name]) => name !== 'cookie' && !clientForwarding.test(name),
          );
          return { ...(Object.fromEntries(kept) as IncomingHttpHeaders), host: upstream.host };
        },
        rewriteHeaders: (headers) => {
          const kept = { ...headers };
          delete kept['set-cookie'];
          delete kept.location;
          const local =
            typeof headers.location === 'string' ? localPath(headers.location) : undefined;
          return local === undefined ? kept : { ...kept, location: local };
        },
        onResponse: (_request, reply, response) => {
          // rewriteHeaders has kept a Location only where it points into this proxy's own paths.
          if (redirects.has(reply.statusCode) && reply.getHeader('location') === undefined) {
            response.stream.resume();
            return answerInstead(
              reply,
              502,
              'UPSTREAM_REDIRECT_REFUSED',
              `The upstream API at ${upstream.origin} answered with a redirect away from itself.`,
            );
          }
          return reply.send(response.stream);
        },
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'upstream API unreachable');
          // reply-from reports an upstream that accepted and never answered as a 504 error.
          void ('statusCode' in error && error.statusCode === 504
            ? answerInstead(
                reply,
                504,
                'UPSTREAM_TIMEOUT',
                `The upstream API at ${upstream.origin} did not answer within ${timeoutMs / 1000} seconds.`,
              )
            : answerInstead(
                reply,
                502,
                'UPSTREAM_UNAVAILABLE',
                `The upstream API at ${upstream.origin} could not be reached.`,
              ));
        },
      },
    });
  }
}
