import { humanizeKey } from './format';

// Past tenses that adding "ed" gets wrong.
const pastTenses: Record<string, string> = {
  backup: 'backed up',
  drop: 'dropped',
  login: 'signed in',
  logout: 'signed out',
  read: 'read',
  rebuild: 'rebuilt',
  stop: 'stopped',
};

// Resource types the audit log names otherwise than people do (`auth` rows are tokens).
const resourceWords: Record<string, string> = {
  auth: 'API token',
  uks: 'Kubernetes cluster',
  'managed-loadbalancer': 'load balancer',
  'managed-loadbalancer-certificate-bundle': 'certificate bundle',
  'ssh-key': 'SSH key',
};

/**
 * An audit log row's action as people write it: `create` `server` → "Server created",
 * `login` `auth` → "Signed in" (a sign-in names no resource), `access-granted` `uks` →
 * "Kubernetes cluster access granted".
 */
export function describeAuditAction({
  action,
  resource_type: type,
}: {
  action: string;
  resource_type: string;
}) {
  const done = action.includes('-')
    ? action
    : (pastTenses[action] ?? action.replace(/y$/, 'i').replace(/e?$/, 'ed'));
  const noun = /^log(in|out)$/.test(action) ? '' : (resourceWords[type] ?? type);
  return humanizeKey(`${noun} ${done}`.replace(/-/g, '_'));
}
