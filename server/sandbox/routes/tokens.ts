import type { Token } from '../../../contract/tokens';
import {
  maxTokenLifetimeSeconds,
  parseDurationSeconds,
  tokenEndpoints,
} from '../../../contract/tokens';
import { uuidPrefixes, uuidSchema } from '../../../contract/common';
import type { RouteModule } from '../domain';
import { hashTokenSecret, newTokenSecret, newUuid } from '../credentials';
import { handle } from '../http/endpoint-route';
import { ApiProblem, forbidden, invalidAttribute, notFound } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
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
      const limit = body.gui ? activeTokenLimits.sessions : activeTokenLimits.api;
      if (tokens.countActive(principal.account.id, body.gui ?? false, now.toISOString()) >= limit) {
        throw new ApiProblem(
          409,
          'TOKEN_LIMIT_REACHED',
          `An account may hold at most ${limit} unexpired ${body.gui ? 'panel sessions' : 'API tokens'}; delete one first.`,
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
        allowed_ip_ranges: JSON.stringify(body.allowed_ip_ranges ?? everywhere),
        gui: body.gui ? 1 : 0,
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
