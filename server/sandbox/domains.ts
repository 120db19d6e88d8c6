import type { SandboxDomain } from './domain';
import { catalogRoutes } from './routes/catalog';
import { accountRoutes } from './routes/account';
import { accountMigrations } from './accounts/migrations';
import { tokenRoutes } from './routes/tokens';
import { storageRoutes } from './routes/storage';
import { serverRoutes } from './routes/servers';
import { eventRoutes } from './routes/events';
import { billingRoutes } from './routes/billing';
import { usageRoutes } from './routes/usage';
import { networkRoutes } from './routes/networks';
import { networkMigrations } from './networking/migrations';
import { routerRoutes } from './routes/routers';
import { ipAddressRoutes } from './routes/ip-addresses';
import { networkPeeringRoutes } from './routes/network-peerings';
import { partnerRoutes } from './routes/partner';
import { auditLogRoutes } from './routes/audit-logs';
import { kubernetesRoutes } from './routes/kubernetes';
import { kubernetesMigrations } from './kubernetes/billing';
import { loadBalancerDomain } from './load-balancers/domain';
import { tagsDomain } from './tags/domain';
import { serverGroupsDomain } from './server-groups/domain';
import { firewallDomain } from './firewall/domain';

/**
 * Every resource group of the sandbox, each registered once. The groups built before domains
 * existed keep their tables in the core migrations (store/migrations.ts); a new group brings its
 * own `migrations`, `setup` and `seed` in its module and adds one line here.
 */
export const sandboxDomains: readonly SandboxDomain[] = [
  { name: 'catalog', routes: catalogRoutes },
  { name: 'account', routes: accountRoutes, migrations: accountMigrations },
  { name: 'tokens', routes: tokenRoutes },
  { name: 'storage', routes: storageRoutes },
  { name: 'servers', routes: serverRoutes },
  { name: 'events', routes: eventRoutes },
  { name: 'billing', routes: billingRoutes },
  { name: 'usage', routes: usageRoutes },
  { name: 'networks', routes: networkRoutes, migrations: networkMigrations },
  { name: 'routers', routes: routerRoutes },
  { name: 'ip-addresses', routes: ipAddressRoutes },
  { name: 'network-peerings', routes: networkPeeringRoutes },
  { name: 'partner', routes: partnerRoutes },
  { name: 'audit-logs', routes: auditLogRoutes },
  { name: 'kubernetes', routes: kubernetesRoutes, migrations: kubernetesMigrations },
  loadBalancerDomain,
  tagsDomain,
  serverGroupsDomain,
  firewallDomain,
];
