import type { SandboxDomain } from '../domain';
import { serverGroupMigrations } from './migrations';
import { serverGroupRoutes } from './routes';

/**
 * Server groups (api-reference-notes §16.1): the account's groups, their members and the hosts
 * the members run on. Server create and start ask `placement.ts` for a host.
 */
export const serverGroupsDomain: SandboxDomain = {
  name: 'server-groups',
  routes: serverGroupRoutes,
  migrations: serverGroupMigrations,
};
