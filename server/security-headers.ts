import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * No inline script is allowed; inline styles are, because MUI (emotion) injects style elements.
 * connect-src 'self' keeps the panel talking only to its own origin (the sandbox or the proxy).
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const headers = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export function setSecurityHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers(headers);
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
