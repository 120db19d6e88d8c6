import { inject } from 'vitest';
import { apiAs, blockAllocator, createTenant } from './factories';
import type { Credentials, Tenant, TenantUser } from './factories';

/**
 * Each component-test file has a tenant of its own (setup.ts takes it before the file's tests):
 * its `demo`, `demo_viewer`, `partner` and `other` accounts and their data belong to no other
 * file, so files run in any order and in parallel without reading each other's data.
 */
let tenant: Tenant | undefined;

export async function takeTenant() {
  tenant = await createTenant(inject('sandboxUrl'));
}

/** The name and password of one of this file's accounts. */
export function tenantUser(user: TenantUser): Credentials {
  if (!tenant) throw new Error('No tenant yet: setup.ts takes one before the tests run.');
  return tenant.users[user];
}

/** Calls the API as one of this file's accounts, or with a token. */
export const apiAsUser = (as: TenantUser | { token: string }) =>
  apiAs(inject('sandboxUrl'), typeof as === 'string' ? tenantUser(as) : as);

/** The next /24 of this file, so two networks of its tests never overlap. */
export const nextBlock = blockAllocator();
