import type { SandboxDomain } from '../domain';
import { lbPrices } from './model';
import { loadBalancerRoutes } from './routes';
import { setUpLoadBalancers } from './service';
import { loadBalancerMigrations } from './store';

/**
 * Managed load balancers (docs/load-balancers.md): the group's routes, tables, simulated setup
 * and teardown, and billing by plan (docs/load-balancers.md §Billing). No demo service is seeded.
 */
export const loadBalancerDomain: SandboxDomain = {
  name: 'load-balancers',
  routes: loadBalancerRoutes,
  migrations: loadBalancerMigrations,
  prices: lbPrices,
  setup: setUpLoadBalancers,
};
