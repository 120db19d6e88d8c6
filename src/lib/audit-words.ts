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

// Resource types the audit log names otherwise than people do; a sign-in names no resource.
const resourceWords: Record<string, string> = {
  auth: '',
  uks: 'Kubernetes cluster',
  'managed-loadbalancer': 'load balancer',
  'managed-loadbalancer-certificate-bundle': 'certificate bundle',
  'ssh-key': 'SSH key',
};

/**
 * An audit log row's action as people write it: `create` `server` → "Server created",
 * `login` `auth` → "Signed in", `access-granted` `uks` → "Kubernetes cluster access granted".
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
  return humanizeKey(`${resourceWords[type] ?? type} ${done}`.replace(/-/g, '_'));
}
