import type { SandboxDomain } from '../domain';
import { lbPrices } from './model';
import { loadBalancerRoutes } from './routes';
import { setUpLoadBalancers } from './service';
import { loadBalancerMigrations } from './store';

/**
 * Managed load balancers (docs/load-balancers.md): the group's routes, tables, simulated setup
 * and teardown, and billing by plan. No demo service is seeded: the panel's billing table and its
 * tests know only the core bill categories so far (docs/load-balancers.md §Billing).
 */
export const loadBalancerDomain: SandboxDomain = {
  name: 'load-balancers',
  routes: loadBalancerRoutes,
  migrations: loadBalancerMigrations,
  prices: lbPrices,
  setup: setUpLoadBalancers,
};
