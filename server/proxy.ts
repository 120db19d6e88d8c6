import type { FastifyInstance } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { errorBody } from './sandbox/http/errors';

/**
 * Proxy mode: the real API sends no CORS headers, so the panel reaches it through its own origin.
 * Only /1.2/* and /1.3/* go upstream, to this one origin; Authorization passes through untouched.
 */
export async function registerProxy(app: FastifyInstance, upstreamUrl: string) {
  const upstream = new URL(upstreamUrl);
  if (upstream.protocol !== 'https:' && upstream.protocol !== 'http:') {
    throw new Error(`UPSTREAM_URL must be an http(s) URL, not ${upstreamUrl}`);
  }
  for (const version of ['1.2', '1.3']) {
    await app.register(httpProxy, {
      upstream: upstream.origin,
      prefix: `/${version}`,
      rewritePrefix: `${upstream.pathname.replace(/\/$/, '')}/${version}`,
      http2: false,
      replyOptions: {
        rewriteRequestHeaders: (_request, headers) => {
          const forwarded = { ...headers, host: upstream.host };
          delete forwarded.cookie;
          return forwarded;
        },
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'upstream API unreachable');
          void reply
            .code(502)
            .send(
              errorBody(
                'UPSTREAM_UNAVAILABLE',
                `The upstream API at ${upstream.origin} could not be reached.`,
              ),
            );
        },
      },
    });
  }
}
