import type { SandboxDomain } from '../domain';
import { firewallRoutes } from './routes';
import { firewallMigrations } from './store';

/**
 * Server firewall rules (api-reference-notes §2.7). The firewall itself is the server's `firewall`
 * attribute, billed with the server by the hour while it is `on` (the `firewall` price entry).
 */
export const firewallDomain: SandboxDomain = {
  name: 'firewall',
  routes: firewallRoutes,
  migrations: firewallMigrations,
};
