import type { Token } from '../../../contract/tokens';
import {
  maxTokenLifetimeSeconds,
  panelSignInHeader,
  parseDurationSeconds,
  tokenEndpoints,
} from '../../../contract/tokens';
import { uuidPrefixes, uuidSchema } from '../../../contract/common';
import type { RouteModule } from '../domain';
import { hashTokenSecret, newTokenSecret, newUuid } from '../credentials';
import { handle } from '../http/endpoint-route';
import { ApiProblem, forbidden, invalidAttribute, notFound } from '../http/errors';
import type { Principal } from '../http/auth';
import { rangesOutside } from '../http/ip-range-cover';
import {
  auditContext,
  isPasswordSession,
  mayManageCredentials,
  principalOf,
} from '../http/principal';
import { readBody } from '../http/request-body';
import type { TokenRow } from '../store/tokens';

const everywhere = ['0.0.0.0/0', '::/0'];

/**
 * Unexpired tokens one account may hold, so token rows cannot grow without bound. Panel sessions
 * (8 hours each) have a budget of their own, so signing in never fails for API tokens kept.
 */
const activeTokenLimits = { api: 100, sessions: 1_000 };

export function tokenRecord(row: TokenRow): Token {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    created_at: row.created_at,
    expires_at: row.expires_at,
    ...(row.last_used_at ? { last_used_at: row.last_used_at } : {}),
    can_create_tokens: row.can_create_tokens === 1,
    allowed_ip_ranges: JSON.parse(row.allowed_ip_ranges) as string[],
    gui: row.gui === 1,
  };
}

/** A caller may create tokens unless it signed in with a token made without that right. */
function checkMayCreateTokens(request: Parameters<typeof principalOf>[0]) {
  const principal = principalOf(request);
  if (principal.token && principal.token.can_create_tokens !== 1) {
    throw new ApiProblem(
      403,
      'ACTION_FORBIDDEN',
      'This API token cannot create tokens: it was made without can_create_tokens.',
    );
  }
  return principal;
}

/**
 * A token made by a token is held to its parent: it expires no later and is usable from no address
 * the parent is not (api-rules §5.2). Left out, the ranges are the parent's. A password session
 * (Basic, or a panel session) is the account holder and is not held.
 */
function childRestrictions(principal: Principal, expiresAt: Date, ranges: string[] | undefined) {
  const parent = principal.token;
  if (!parent || isPasswordSession(principal)) return ranges ?? everywhere;
  if (expiresAt.getTime() > new Date(parent.expires_at).getTime()) {
    throw new ApiProblem(
      403,
      'TOKEN_EXPIRY_EXCEEDS_PARENT',
      `A token made with an API token must expire no later than that token (${parent.expires_at}).`,
    );
  }
  const parentRanges = JSON.parse(parent.allowed_ip_ranges) as string[];
  if (ranges === undefined) return parentRanges;
  const outside = rangesOutside(ranges, parentRanges);
  if (outside.length > 0) {
    throw new ApiProblem(
      403,
      'TOKEN_IP_RANGES_EXCEED_PARENT',
      `A token made with an API token may be allowed only inside that token's ranges; outside them: ${outside.join(', ')}.`,
    );
  }
  return ranges;
}

/** API tokens (api-reference-notes §11; api-rules §5.2): the secret is shown once and stored only as a hash. */
export const tokenRoutes: RouteModule = (scope, context) => {
  const { tokens, clock, audit } = context;

  function ownToken(request: Parameters<typeof principalOf>[0], id: string): TokenRow {
    if (!uuidSchema.safeParse(id).success) {
      throw new ApiProblem(400, 'TOKEN_INVALID', 'The token id is not a valid UUID.');
    }
    const row = tokens.findById(id);
    if (!row) throw notFound('token', id);
    if (row.account_id !== principalOf(request).account.id) throw forbidden('token', id);
    return row;
  }

  handle(
    scope,
    tokenEndpoints.list,
    async ({ request, query }) =>
      tokens
        .listByAccount(principalOf(request).account.id, query.limit ?? 1000, query.offset ?? 0)
        .map(tokenRecord),
    { config: { xmlRoot: 'tokens' } },
  );

  handle(
    scope,
    tokenEndpoints.create,
    async ({ request, body }) => {
      const principal = checkMayCreateTokens(request);
      const now = clock.now();
      let expiresAt: Date;
      if (body.expires_in !== undefined) {
        expiresAt = new Date(now.getTime() + parseDurationSeconds(body.expires_in)! * 1000);
      } else {
        expiresAt = new Date(body.expires_at!);
        const ahead = (expiresAt.getTime() - now.getTime()) / 1000;
        if (ahead <= 0)
          throw invalidAttribute('expires_at', 'Token expiration time must be in the future.');
        if (ahead > maxTokenLifetimeSeconds)
          throw invalidAttribute('expires_at', 'A token may live at most one year.');
      }
      const allowedRanges = childRestrictions(principal, expiresAt, body.allowed_ip_ranges);
      // Only the panel's own password sign-in makes a panel session; `gui` from any other client
      // is not taken, so no API client can have a sign-in audited that never happened.
      const viaPanel = request.headers[panelSignInHeader.toLowerCase()] === 'panel';
      const panelSession = body.gui === true && principal.method === 'basic' && viaPanel;
      if (panelSession && principal.account.allow_gui !== 1) {
        throw new ApiProblem(
          403,
          'GUI_ACCESS_DISABLED',
          'This account may not sign in to the control panel (allow_gui is no). Ask the main account to allow it, or use the API.',
        );
      }
      const limit = panelSession ? activeTokenLimits.sessions : activeTokenLimits.api;
      if (tokens.countActive(principal.account.id, panelSession, now.toISOString()) >= limit) {
        throw new ApiProblem(
          409,
          'TOKEN_LIMIT_REACHED',
          `An account may hold at most ${limit} unexpired ${panelSession ? 'panel sessions' : 'API tokens'}; delete one first.`,
        );
      }
      const secret = newTokenSecret();
      const row: TokenRow = {
        id: newUuid(uuidPrefixes.token),
        account_id: principal.account.id,
        name: body.name,
        type: 'workspace',
        secret_hash: hashTokenSecret(secret),
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        last_used_at: null,
        can_create_tokens: body.can_create_tokens ? 1 : 0,
        allowed_ip_ranges: JSON.stringify(allowedRanges),
        gui: panelSession ? 1 : 0,
      };
      const record = tokenRecord(row);
      const write = () => tokens.insert(row);
      // A panel session token made with a password is how a person signs in to the panel.
      audit.change(
        auditContext(request),
        row.gui
          ? {
              action: 'login',
              resourceType: 'auth',
              resourceSubType: 'session-api-token',
              resourceId: row.id,
              origin: 'gui',
              write,
            }
          : {
              action: 'create',
              resourceType: 'auth',
              resourceSubType: 'api-token',
              resourceId: row.id,
              write,
              after: () => record,
            },
      );
      return { ...record, token: secret };
    },
    {
      config: { xmlRoot: 'token' },
      // A token without can_create_tokens is refused for that before its body is read.
      readBody: (request, schema) => {
        checkMayCreateTokens(request);
        return readBody(request, schema);
      },
    },
  );

  handle(
    scope,
    tokenEndpoints.get,
    async ({ request, params }) => tokenRecord(ownToken(request, params.id)),
    { config: { xmlRoot: 'token' } },
  );

  handle(scope, tokenEndpoints.delete, async ({ request, params }) => {
    const row = ownToken(request, params.id);
    const principal = principalOf(request);
    // A token may always end itself (a sign-out); ending another needs the right to make tokens.
    if (principal.token?.id !== row.id && !mayManageCredentials(principal)) {
      throw new ApiProblem(
        403,
        'TOKEN_DELETE_FORBIDDEN',
        'This API token cannot delete other tokens: it was made without can_create_tokens.',
      );
    }
    const write = () => tokens.delete(row.id);
    audit.change(
      auditContext(request),
      row.gui
        ? {
            action: 'logout',
            resourceType: 'auth',
            resourceSubType: 'session-api-token',
            resourceId: row.id,
            write,
          }
        : {
            action: 'delete',
            resourceType: 'auth',
            resourceSubType: 'api-token',
            resourceId: row.id,
            before: () => tokenRecord(row),
            write,
          },
    );
  });
};
