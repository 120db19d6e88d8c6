import type { FastifyRequest } from 'fastify';
import type { AuditContext } from '../audit';
import type { Principal } from './auth';

/** The authenticated caller; the version scope's hook has set it before any handler runs. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route reached without authentication');
  return request.principal;
}

/** Who acted, from where, in which request: what an audit row needs besides the change itself. */
export function auditContext(request: FastifyRequest): AuditContext {
  return { principal: principalOf(request), ip: request.ip, correlationId: request.id };
}
