import { uuidPrefixes } from '../../../contract/common';
import { rfc3339 } from '../clock';
import { newUuid } from '../credentials';
import type { SandboxDomain } from '../domain';
import {
  backendRecord,
  frontendRecord,
  lbPrices,
  publicNodeAddress,
  serviceDnsName,
} from './model';
import { loadBalancerRoutes } from './routes';
import { loadBalancerModelOf, setUpLoadBalancers } from './service';
import type { LoadBalancerConfig } from './store';
import { loadBalancerMigrations } from './store';

/**
 * Managed load balancers (docs/load-balancers.md): the group's routes, tables, simulated setup
 * and teardown, billing by plan, and one running demo service for `demo`.
 */
export const loadBalancerDomain: SandboxDomain = {
  name: 'load-balancers',
  routes: loadBalancerRoutes,
  migrations: loadBalancerMigrations,
  prices: lbPrices,
  setup: setUpLoadBalancers,
  seed(context) {
    const demo = context.accounts.findByUsername('demo');
    if (!demo) return;
    const at = rfc3339(context.clock.now());
    const uuid = newUuid(uuidPrefixes.loadBalancer);
    const member = context.interfaces
      .addressesOf(demo.id)
      .find((address) => address.family === 'IPv4' && address.access === 'public');
    const networks = [
      {
        name: 'public-IPv4',
        type: 'public' as const,
        family: 'IPv4' as const,
        dns_name: serviceDnsName(uuid, 0),
        addresses: [publicNodeAddress(uuid, 0)],
        created_at: at,
        updated_at: at,
      },
    ];
    const config: LoadBalancerConfig = {
      networks,
      ip_addresses: [],
      resolvers: [],
      backends: [
        backendRecord(
          {
            name: 'web',
            members: member
              ? [
                  {
                    name: 'web-1',
                    type: 'static',
                    ip: member.address,
                    port: 80,
                    weight: 100,
                    max_sessions: 1000,
                    enabled: true,
                  },
                ]
              : [],
            properties: { health_check_type: 'http', health_check_url: '/' },
          },
          at,
        ),
      ],
      frontends: [
        frontendRecord(
          { name: 'http', mode: 'http', port: 80, default_backend: 'web' },
          networks,
          at,
        ),
      ],
    };
    loadBalancerModelOf(context).repo.insert({
      uuid,
      account_id: demo.id,
      name: 'demo-web-lb',
      zone: 'fi-hel1',
      plan: 'development',
      network_uuid: null,
      configured_status: 'started',
      operational_state: 'running',
      deleting: 0,
      labels: JSON.stringify([{ key: 'env', value: 'demo' }]),
      maintenance_dow: 'sunday',
      maintenance_time: '20:00:00Z',
      config: JSON.stringify(config),
      created_at: at,
      updated_at: at,
    });
  },
};
