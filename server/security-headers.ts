import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * No inline script is allowed but one a page names by its hash (a page the server rendered
 * carries public/after-paint.js inline, server/server-render.ts); inline styles are, because MUI
 * (emotion) injects style elements. connect-src 'self' keeps the panel talking only to its own
 * origin (the sandbox or the proxy).
 */
function contentSecurityPolicy(scriptHashes: readonly string[] = []) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const defaultPolicy = contentSecurityPolicy();

const headers = {
  'Content-Security-Policy': defaultPolicy,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Policies answers were given in place of the default (`allowInlineScripts`). */
const ownPolicies = new WeakMap<FastifyReply, string>();

/** This answer's policy allows, beside the default, the inline scripts of these hashes. */
export function allowInlineScripts(reply: FastifyReply, scriptHashes: readonly string[]) {
  ownPolicies.set(reply, contentSecurityPolicy(scriptHashes));
  return reply;
}

export function setSecurityHeaders(reply: FastifyReply): FastifyReply {
  reply.headers(headers);
  const own = ownPolicies.get(reply);
  return own ? reply.header('Content-Security-Policy', own) : reply;
}

/**
 * The onSend hook of every answer. It takes a callback rather than being async: Fastify waits on
 * an async hook's promise, a turn of the microtask queue on every request for nothing to wait on.
 */
export function securityHeaders(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
) {
  setSecurityHeaders(reply);
  done(null, payload);
}
