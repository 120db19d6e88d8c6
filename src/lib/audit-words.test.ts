import { describe, expect, it } from 'vitest';
import { describeAuditAction } from './audit-words';

// [action, resource type, what a person reads]
const cases = [
  ['create', 'server', 'Server created'],
  ['stop', 'server', 'Server stopped'],
  ['modify', 'storage', 'Storage modified'],
  ['backup', 'storage', 'Storage backed up'],
  ['attach', 'ip_address', 'IP address attached'],
  ['update', 'kubernetes_node_group', 'Kubernetes node group updated'],
  ['create', 'managed-loadbalancer', 'Load balancer created'],
  ['access-granted', 'uks', 'Kubernetes cluster access granted'],
  ['login', 'auth', 'Signed in'],
  ['create', 'auth', 'API token created'],
] as const;

describe('describeAuditAction', () => {
  it('says what happened to what, as people write it (issue 24 item 21)', () => {
    const said = cases.map(([action, type]) =>
      describeAuditAction({ action, resource_type: type }),
    );
    expect(said).toEqual(cases.map(([, , words]) => words));
  });
});
