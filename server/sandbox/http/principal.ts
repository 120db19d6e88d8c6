import type { FastifyRequest } from 'fastify';
import type { AuditContext } from '../audit';
import { accountRoles } from '../store/accounts';
import type { AccountRow } from '../store/accounts';
import type { Principal } from './auth';
import { ApiProblem } from './errors';

/** The authenticated caller; the version scope's hook has set it before any handler runs. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route reached without authentication');
  return request.principal;
}

/** Who acted, from where, in which request: what an audit row needs besides the change itself. */
export function auditContext(request: FastifyRequest): AuditContext {
  return { principal: principalOf(request), ip: request.ip, correlationId: request.id };
}

/**
 * A caller that signed in with a password: Basic, or the panel session a password sign-in made
 * (only the panel's sign-in marks a token as one, server/sandbox/routes/tokens.ts).
 */
export const isPasswordSession = (principal: Principal) =>
  principal.method === 'basic' || principal.token?.gui === 1;

/**
 * Managing credentials (subaccounts, other tokens) needs a password session or a token made with
 * `can_create_tokens`: otherwise a restricted token could mint credentials without its
 * restrictions (api-rules §5.2).
 */
export function mayManageCredentials(principal: Principal): boolean {
  return isPasswordSession(principal) || principal.token?.can_create_tokens === 1;
}

/** Whether the account may read billing details: a main account, or a subaccount with a billing role. */
export function mayReadBilling(account: AccountRow): boolean {
  const roles = accountRoles(account);
  return account.type === 'main' || roles.includes('billing') || roles.includes('aux_billing');
}

/**
 * Billing details, credits and network usage are the main account's money: a subaccount reads them
 * only with the billing role (api-rules §5.6; api-reference-notes §10.3).
 */
export function requireBillingRole(request: FastifyRequest): Principal {
  const principal = principalOf(request);
  if (!mayReadBilling(principal.account)) {
    throw new ApiProblem(
      403,
      'BILLING_FORBIDDEN',
      'This account has no permission to read billing details (billing role needed).',
    );
  }
  return principal;
}
