import type { FastifyRequest } from 'fastify';
import type { Principal } from './auth';

/** The authenticated caller; the version scope's hook has set it before any handler runs. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route reached without authentication');
  return request.principal;
}
