import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { accountEndpoints } from '../../../contract/account';
import { accountDetailsEndpoint } from '../../../contract/account-details';
import type { Label } from '../../../contract/common';
import { matchesLabelFilters } from '../../../contract/labels';
import { subAccountEndpoints } from '../../../contract/subaccount';
import type { RouteModule } from '../domain';
import { hashPassword } from '../credentials';
import { handle } from '../http/endpoint-route';
import type { EndpointRouteOptions } from '../http/endpoint-route';
import { ApiProblem } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { readBody } from '../http/request-body';
import { labelFilters } from '../http/validation';
import { accountRoles } from '../store/accounts';
import type { AccountRow } from '../store/accounts';
import { rfc3339 } from '../clock';

const mainOnly = () =>
  new ApiProblem(403, 'ACCOUNT_FORBIDDEN', 'Only the main account may manage its accounts.');

/** The caller, when it is a main account; otherwise the 403 of account management. */
function mainAccountOf(request: FastifyRequest) {
  const principal = principalOf(request);
  if (principal.account.type !== 'main') throw mainOnly();
  return principal;
}

/** A subaccount's write is refused for what it is before its body is read. */
const mainAccountFirst: EndpointRouteOptions = {
  readBody: (request, schema) => {
    mainAccountOf(request);
    return readBody(request, schema);
  },
};

/** Account details, account list and subaccounts (api-rules §4.2; api-reference-notes §10.1, §10.2, §10.5, §10.6). */
export const accountRoutes: RouteModule = (scope, context) => {
  const { accounts, billing, clock, db, audit } = context;
  const subsOf = db.prepare<[number], AccountRow>(
    'SELECT * FROM accounts WHERE main_account_id = ? ORDER BY id',
  );
  const removeAccount = db.prepare<[number]>('DELETE FROM accounts WHERE id = ?');

  handle(scope, accountEndpoints.get, async ({ request }) => {
    const { account, owner } = principalOf(request);
    return {
      account: {
        username: account.username,
        credits: Math.round((owner.credits - billing.creditsUsed(owner.id)) * 10_000) / 10_000,
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
      const principal = mainAccountOf(request);
      const { password, username, roles, labels, allow_api, allow_gui, currency, ...contact } = sub;
      // The account id comes from the insert, so its audit row is written after it here.
      db.transaction(() => {
        if (accounts.findByUsername(username)) {
          throw new ApiProblem(409, 'ACCOUNT_EXISTS', `The username ${username} is already used.`);
        }
        const id = accounts.insert({
          username,
          password_hash: hashPassword(password),
          type: 'sub',
          main_account_id: principal.account.id,
          partner_id: null,
          is_partner: 0,
          account_creation_limit: null,
          allow_api: allow_api === 'no' ? 0 : 1,
          allow_gui: allow_gui === 'no' ? 0 : 1,
          roles: JSON.stringify(roles?.role ?? []),
          credits: 0,
          currency: currency ?? principal.account.currency,
          resource_limits: '{}',
          contact: JSON.stringify(contact),
          labels: JSON.stringify(labels ?? []),
          created_at: clock.now().toISOString(),
        });
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

  handle(scope, subAccountEndpoints.delete, async ({ request, params: { username } }) => {
    const principal = mainAccountOf(request);
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
   * own, or a main account's for one of its subaccounts. The sandbox grants a subaccount every
   * resource (`*`) and keeps no campaigns or IP filters.
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
      },
    };
  });

  handle(scope, accountEndpoints.resourceUsage, async ({ request }) => {
    const { owner } = principalOf(request);
    const servers = context.servers.listByAccount(owner.id);
    const storages = db
      .prepare<[number], { tier: string | null; size: number }>(
        "SELECT tier, size FROM storages WHERE account_id = ? AND type = 'normal'",
      )
      .all(owner.id);
    const sizeOf = (tier: string) =>
      storages.filter((row) => row.tier === tier).reduce((sum, row) => sum + row.size, 0);
    const publicIpv = (family: 'IPv4' | 'IPv6') =>
      context.networking.publicAddressCount(owner.id, family);
    return {
      cores: servers.reduce((sum, server) => sum + server.core_number, 0),
      memory: servers.reduce((sum, server) => sum + server.memory_amount, 0),
      storage_total: storages.reduce((sum, row) => sum + row.size, 0),
      storage_maxiops: sizeOf('maxiops'),
      storage_standard: sizeOf('standard'),
      storage_hdd: sizeOf('hdd'),
      public_ipv4: publicIpv('IPv4'),
      public_ipv6: publicIpv('IPv6'),
    };
  });

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
