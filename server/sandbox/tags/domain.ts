import type { SandboxDomain } from '../domain';
import { tagRoutes } from '../routes/tags';
import { tagMigrations } from './migrations';

/** Tags: the account's tag set, on top of the tag lists servers carry (core `servers.tags`). */
export const tagsDomain: SandboxDomain = {
  name: 'tags',
  routes: tagRoutes,
  migrations: tagMigrations,
};
