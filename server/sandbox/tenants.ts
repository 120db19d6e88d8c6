import crypto from 'node:crypto';
import type { SandboxContext } from './context';
import { ApiProblem } from './http/errors';
import type { SeedCredentials, SeedUser } from './seed';
import { demoUsers, seedTenant } from './seed';

/** More tenants than any test run takes (one per e2e test, one per component-test file). */
export const tenantLimit = 500;

export interface Tenant {
  id: number;
  /** The tenant's accounts by their role in the demo data, each with its own password. */
  users: SeedCredentials;
}

/**
 * Fresh copies of the demo data for tests: each tenant has its own `demo`, `demo_viewer`,
 * `partner` and `other` accounts (named `demo_t7`, `demo_viewer_t7`, …) and their own servers,
 * storages, networks and routers, so a test that takes a tenant reads nobody else's data and may
 * run in any order, in parallel with others. At most `limit` tenants per sandbox.
 */
export function createTenants(context: SandboxContext, limit = tenantLimit) {
  let created = 0;
  let next = 1;
  const nameOf = (user: SeedUser, n: number) => `${user}_t${n}`;
  return {
    create(): Tenant {
      if (created >= limit) {
        throw new ApiProblem(
          409,
          'TENANT_LIMIT_REACHED',
          `This sandbox has made its ${limit} test tenants; restart it for more.`,
        );
      }
      // A database file may hold tenants of an earlier run.
      while (context.accounts.findByUsername(nameOf('demo', next))) next += 1;
      const id = next;
      next += 1;
      const users = Object.fromEntries(
        (Object.keys(demoUsers) as SeedUser[]).map((user) => [
          user,
          {
            username: nameOf(user, id),
            password: `Tn${crypto.randomBytes(12).toString('base64url')}9`,
          },
        ]),
      ) as SeedCredentials;
      context.db.transaction(() => seedTenant(context, users))();
      created += 1;
      return { id, users };
    },
  };
}
