import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { accountEndpoints } from '../../../contract/account';
import { accountDetailsEndpoint } from '../../../contract/account-details';
import type { Label } from '../../../contract/common';
import { matchesLabelFilters } from '../../../contract/labels';
import { subAccountEndpoints } from '../../../contract/subaccount';
import type { RouteModule } from '../domain';
import { handle } from '../http/endpoint-route';
import type { EndpointRouteOptions } from '../http/endpoint-route';
import { ApiProblem } from '../http/errors';
import { auditContext, mayManageCredentials, mayReadBilling, principalOf } from '../http/principal';
import { readBody } from '../http/request-body';
import { labelFilters } from '../http/validation';
import { accountRoles, newAccountDefaults } from '../store/accounts';
import type { AccountRow } from '../store/accounts';
import { rfc3339 } from '../clock';
import { createQuotas } from '../quotas';

const mainOnly = () =>
  new ApiProblem(403, 'ACCOUNT_FORBIDDEN', 'Only the main account may manage its accounts.');

/** The caller, when it is a main account; otherwise the 403 of account management. */
function mainAccountOf(request: FastifyRequest) {
  const principal = principalOf(request);
  if (principal.account.type !== 'main') throw mainOnly();
  return principal;
}

/**
 * Subaccounts are credentials: a restricted API token may not make or remove them, or a token
 * limited to one address could create a subaccount whose password works from anywhere.
 */
function accountManagerOf(request: FastifyRequest) {
  const principal = mainAccountOf(request);
  if (!mayManageCredentials(principal)) {
    throw new ApiProblem(
      403,
      'TOKEN_CANNOT_MANAGE_ACCOUNTS',
      'This API token cannot create or delete subaccounts: it was made without can_create_tokens.',
    );
  }
  return principal;
}

/** A subaccount's or a restricted token's write is refused for what it is before its body is read. */
interface PermissionFields {
  server_access?: unknown;
  storage_access?: unknown;
  network_access?: unknown;
  tag_access?: unknown;
  ip_filters?: unknown;
}

/** A subaccount body's permissions (kept in their own table) apart from its other fields. */
function permissionsApart<Body extends PermissionFields>(body: Body) {
  const { server_access, storage_access, network_access, tag_access, ip_filters, ...rest } = body;
  return {
    permissions: { server_access, storage_access, network_access, tag_access, ip_filters },
    rest,
  };
}

const mainAccountFirst: EndpointRouteOptions = {
  readBody: (request, schema) => {
    accountManagerOf(request);
    return readBody(request, schema);
  },
};

/** Account details, account list and subaccounts (api-rules §4.2; api-reference-notes §10.1, §10.2, §10.5, §10.6). */
export const accountRoutes: RouteModule = (scope, context) => {
  const { accounts, billing, clock, db, audit, hashPassword } = context;
  const subsOf = db.prepare<[number], AccountRow>(
    'SELECT * FROM accounts WHERE main_account_id = ? ORDER BY id',
  );
  const removeAccount = db.prepare<[number]>('DELETE FROM accounts WHERE id = ?');
  const quotas = createQuotas(db);
  const permissionsOf = db.prepare<[number], { permissions: string }>(
    'SELECT permissions FROM accounts WHERE id = ?',
  );
  const setPermissions = db.prepare<[string, number]>(
    'UPDATE accounts SET permissions = ? WHERE id = ?',
  );
  const updateSub = db.prepare<{
    id: number;
    allow_api: number;
    allow_gui: number;
    roles: string;
    currency: string;
    contact: string;
    permissions: string;
  }>(
    `UPDATE accounts SET allow_api = @allow_api, allow_gui = @allow_gui, roles = @roles,
       currency = @currency, contact = @contact, permissions = @permissions WHERE id = @id`,
  );

  /** The caller's own subaccount `username`: 404 when there is none, 403 when it is not theirs. */
  function subAccountOf(request: FastifyRequest, username: string) {
    const principal = accountManagerOf(request);
    const target = accounts.findByUsername(username);
    if (!target) {
      throw new ApiProblem(404, 'ACCOUNT_NOT_FOUND', `The account ${username} does not exist.`);
    }
    if (target.main_account_id !== principal.account.id) {
      throw new ApiProblem(
        403,
        'ACCOUNT_FORBIDDEN',
        `The account ${username} is not a subaccount of this account.`,
      );
    }
    return target;
  }

  handle(scope, accountEndpoints.get, async ({ request }) => {
    const { account, owner } = principalOf(request);
    return {
      account: {
        username: account.username,
        // The main account's money is for a subaccount with the billing role only.
        ...(mayReadBilling(account)
          ? {
              credits:
                Math.round((owner.credits - billing.creditsUsed(owner.id)) * 10_000) / 10_000,
            }
          : {}),
        currency: owner.currency,
        resource_limits: JSON.parse(owner.resource_limits) as Record<string, number | null>,
        ...(account.is_partner
          ? {
              partner: {
                account_creation_limit: account.account_creation_limit,
                accounts_created: accounts.countCreatedBy(account.id),
              },
            }
          : {}),
      },
    };
  });

  handle(scope, accountEndpoints.list, async ({ request, query: { label } }) => {
    const { account } = mainAccountOf(request);
    const filters = labelFilters(label);
    const list = [account, ...subsOf.all(account.id)].filter((row) =>
      matchesLabelFilters(JSON.parse(row.labels) as Label[], filters),
    );
    return {
      accounts: {
        account: list.map((row) => ({
          type: row.type,
          username: row.username,
          roles: { role: accountRoles(row) },
          labels: JSON.parse(row.labels) as Label[],
        })),
      },
    };
  });

  handle(
    scope,
    subAccountEndpoints.create,
    async ({ request, body: { sub_account: sub } }) => {
      const principal = accountManagerOf(request);
      const {
        permissions,
        rest: { password, username, roles, labels, allow_api, allow_gui, currency, ...contact },
      } = permissionsApart(sub);
      // The account id comes from the insert, so its audit row is written after it here.
      db.transaction(() => {
        if (accounts.findByUsername(username)) {
          throw new ApiProblem(409, 'ACCOUNT_EXISTS', `The username ${username} is already used.`);
        }
        const id = accounts.insert({
          username,
          password_hash: hashPassword(password),
          ...newAccountDefaults,
          type: 'sub',
          main_account_id: principal.account.id,
          allow_api: allow_api === 'no' ? 0 : 1,
          allow_gui: allow_gui === 'no' ? 0 : 1,
          roles: JSON.stringify(roles?.role ?? []),
          currency: currency ?? principal.account.currency,
          contact: JSON.stringify(contact),
          labels: JSON.stringify(labels ?? []),
          created_at: clock.now().toISOString(),
        });
        setPermissions.run(JSON.stringify(permissions), id);
        audit.record(auditContext(request), {
          action: 'create',
          resourceType: 'account',
          resourceId: String(id),
          current: { username, roles: roles?.role ?? [], allow_api: allow_api ?? 'yes' },
        });
      })();
    },
    mainAccountFirst,
  );

  handle(
    scope,
    subAccountEndpoints.modify,
    async ({ request, params: { username }, body: { account: body } }) => {
      const target = subAccountOf(request, username);
      const {
        permissions: givenPermissions,
        rest: { allow_api, allow_gui, roles, currency, ...contactFields },
      } = permissionsApart(body);
      // "" is an attribute the client left as it was (the Go SDK always sends state and VAT number).
      const changedContact = Object.fromEntries(
        Object.entries(contactFields).filter(([, value]) => value !== '' && value !== undefined),
      );
      const permissions = Object.fromEntries(
        Object.entries(givenPermissions).filter(([, value]) => value !== undefined),
      );
      const before = {
        username: target.username,
        roles: accountRoles(target),
        allow_api: target.allow_api ? 'yes' : 'no',
        allow_gui: target.allow_gui ? 'yes' : 'no',
      };
      const next = {
        id: target.id,
        allow_api: allow_api ? (allow_api === 'yes' ? 1 : 0) : target.allow_api,
        allow_gui: allow_gui ? (allow_gui === 'yes' ? 1 : 0) : target.allow_gui,
        roles: roles ? JSON.stringify(roles.role) : target.roles,
        currency: currency || target.currency,
        contact: JSON.stringify({ ...JSON.parse(target.contact), ...changedContact }),
        permissions: JSON.stringify({
          ...JSON.parse(permissionsOf.get(target.id)?.permissions ?? '{}'),
          ...permissions,
        }),
      };
      audit.change(auditContext(request), {
        action: 'update',
        resourceType: 'account',
        resourceId: String(target.id),
        before: () => before,
        write: () => updateSub.run(next),
        after: () => ({
          username: target.username,
          roles: JSON.parse(next.roles) as string[],
          allow_api: next.allow_api ? 'yes' : 'no',
          allow_gui: next.allow_gui ? 'yes' : 'no',
        }),
      });
    },
    mainAccountFirst,
  );

  handle(scope, subAccountEndpoints.delete, async ({ request, params: { username } }) => {
    const target = subAccountOf(request, username);
    audit.change(auditContext(request), {
      action: 'delete',
      resourceType: 'account',
      resourceId: String(target.id),
      before: () => ({ username: target.username, roles: accountRoles(target) }),
      write: () => removeAccount.run(target.id),
    });
  });

  /**
   * An account's contact details, currency and rights (api-reference-notes §10.1): the caller's
   * own, or a main account's for one of its subaccounts. A subaccount's rights are what
   * `PUT /1.3/account/sub/{username}` stored, every resource (`*`) until then; no campaigns.
   */
  handle(scope, accountDetailsEndpoint, async ({ request, params: { username } }) => {
    const { account } = principalOf(request);
    const target = accounts.findByUsername(username);
    if (!target) {
      throw new ApiProblem(404, 'ACCOUNT_NOT_FOUND', `The account ${username} does not exist.`);
    }
    if (target.id !== account.id && target.main_account_id !== account.id) {
      throw new ApiProblem(
        403,
        'ACCOUNT_FORBIDDEN',
        `The account ${username} is neither this account nor one of its subaccounts.`,
      );
    }
    const contact = JSON.parse(target.contact) as Record<string, string | undefined>;
    const text = (key: string, fallback = '') => contact[key] ?? fallback;
    const yesNo = (value: number) => (value ? 'yes' : 'no') as 'yes' | 'no';
    const main =
      target.main_account_id === null ? target : accounts.findById(target.main_account_id);
    return {
      account: {
        main_account: main?.username ?? target.username,
        type: target.type,
        username: target.username,
        first_name: text('first_name'),
        last_name: text('last_name'),
        company: text('company'),
        address: text('address'),
        postal_code: text('postal_code'),
        city: text('city'),
        email: text('email'),
        phone: text('phone'),
        state: text('state'),
        country: text('country'),
        currency: target.currency,
        language: text('language', 'en'),
        vat_number: text('vat_number'),
        timezone: text('timezone', 'UTC'),
        allow_api: yesNo(target.allow_api),
        allow_gui: yesNo(target.allow_gui),
        simple_backup: 'no' as const,
        enable_3rd_party_services: 'yes' as const,
        campaigns: { campaign: [] },
        roles: { role: accountRoles(target) },
        server_access: { server: [{ uuid: '*', storage: 'yes' as const }] },
        storage_access: { storage: ['*'] },
        network_access: { network: ['*'] },
        tag_access: { tag: [] },
        ip_filters: { ip_filter: [] },
        // What PUT /1.3/account/sub/{username} stored replaces the defaults.
        ...(JSON.parse(permissionsOf.get(target.id)?.permissions ?? '{}') as object),
      },
    };
  });

  // Every limited resource is counted, by the same query that enforces the limits (quotas.ts).
  handle(scope, accountEndpoints.resourceUsage, async ({ request }) =>
    quotas.usage(principalOf(request).owner.id),
  );

  handle(scope, accountEndpoints.msLma, async ({ request }) => {
    principalOf(request);
    const id = `mslma_${crypto.randomBytes(8).toString('hex')}`;
    return {
      signing_status: {
        id,
        state: 'initiated' as const,
        initiated: rfc3339(clock.now()),
        signing_link: `https://sign.example.com/ms-lma/${id}`,
      },
    };
  });
};
