import { accountPaths } from '../lib/account-paths';
import { auditLogPaths } from '../lib/audit-log-path';
import { resourcePaths } from '../lib/resource-paths';

/** Link builders; the route table uses them too, so a path is spelled in one place. */
export const paths = {
  dashboard: () => '/',
  zones: () => '/zones',
  prices: (zone?: string) => (zone ? `/prices?${new URLSearchParams({ zone })}` : '/prices'),
  tokens: () => '/tokens',
  partner: (month?: string) => (month ? `/partner?${new URLSearchParams({ month })}` : '/partner'),
  ...resourcePaths,
  ...accountPaths,
  ...auditLogPaths,
  signIn: (next?: string) =>
    next && next !== '/' ? `/sign-in?${new URLSearchParams({ next })}` : '/sign-in',
};
