import type { FastifyRequest } from 'fastify';
import type { PartnerAccount } from '../../../contract/partner';
import { contactFields, partnerEndpoints } from '../../../contract/partner';
import type { RouteModule } from '../domain';
import { handle } from '../http/endpoint-route';
import { ApiProblem } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { readBody } from '../http/request-body';
import type { AccountRow } from '../store/accounts';
import { newAccountDefaults } from '../store/accounts';

/** The §2.9 record of an account: contact fields from its stored contact, unset ones as "". */
export function partnerAccountRecord(account: AccountRow): PartnerAccount {
  const contact = JSON.parse(account.contact) as Record<string, unknown>;
  const record = { username: account.username } as PartnerAccount;
  for (const field of contactFields) {
    const value = contact[field];
    record[field] = typeof value === 'string' ? value : '';
  }
  return record;
}

/** Partner accounts (api-rules §4.9; api-reference-notes §15): a partner lists and creates its customers. */
export const partnerRoutes: RouteModule = (scope, context) => {
  const { accounts, audit, clock, db, hashPassword } = context;

  function partnerOf(request: FastifyRequest): AccountRow {
    const { account } = principalOf(request);
    if (!account.is_partner) {
      throw new ApiProblem(
        403,
        'ACCOUNT_FORBIDDEN',
        'Partner operations are available only to accounts provisioned as partner accounts.',
      );
    }
    return account;
  }

  handle(
    scope,
    partnerEndpoints.listAccounts,
    async ({ request }) => accounts.listCreatedBy(partnerOf(request).id).map(partnerAccountRecord),
    { config: { xmlRoot: 'accounts' } },
  );

  handle(
    scope,
    partnerEndpoints.createAccount,
    async ({ request, body }) => {
      const partner = partnerOf(request);
      const contact = {
        ...partnerAccountRecord(partner),
        ...(body.contact_details
          ? {
              ...Object.fromEntries(contactFields.map((field) => [field, ''])),
              ...body.contact_details,
            }
          : {}),
        username: body.username,
      };
      const { username, ...contactOnly } = contact;
      // scrypt is deliberately slow: hash before the write transaction, not inside it.
      const passwordHash = hashPassword(body.password);
      return db.transaction(() => {
        const limit = partner.account_creation_limit;
        if (limit !== null && accounts.countCreatedBy(partner.id) >= limit) {
          throw new ApiProblem(
            403,
            'ACCOUNT_CREATION_LIMIT_REACHED',
            `Partner account creation limit has been reached (${limit} accounts).`,
          );
        }
        if (accounts.findByUsername(username)) {
          throw new ApiProblem(
            409,
            'ACCOUNT_EXISTS',
            `An account using the username ${username} already exists.`,
          );
        }
        // A main account of its own, billed on the partner's invoicing (api-rules §4.9).
        const id = accounts.insert({
          username,
          password_hash: passwordHash,
          ...newAccountDefaults,
          partner_id: partner.id,
          currency: partner.currency,
          resource_limits: partner.resource_limits,
          contact: JSON.stringify(contactOnly),
          created_at: clock.now().toISOString(),
        });
        const record = partnerAccountRecord(accounts.findById(id)!);
        audit.record(auditContext(request), {
          action: 'create',
          resourceType: 'account',
          resourceSubType: 'partner-account',
          resourceId: String(id),
          current: record,
        });
        return record;
      })();
    },
    {
      config: { xmlRoot: 'account' },
      // A caller that is no partner is refused for that before its body is read.
      readBody: (request, schema) => {
        partnerOf(request);
        return readBody(request, schema);
      },
    },
  );
};
