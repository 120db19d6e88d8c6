import { describe, expect, it } from 'vitest';
import { describeAuditAction } from './audit-words';

const said = (action: string, resource_type: string) =>
  describeAuditAction({ action, resource_type });

describe('describeAuditAction', () => {
  it('says what happened to what, as people write it (issue 24 item 21)', () => {
    expect(said('create', 'server')).toBe('Server created');
    expect(said('stop', 'server')).toBe('Server stopped');
    expect(said('modify', 'storage')).toBe('Storage modified');
    expect(said('backup', 'storage')).toBe('Storage backed up');
    expect(said('attach', 'ip_address')).toBe('IP address attached');
    expect(said('update', 'kubernetes_node_group')).toBe('Kubernetes node group updated');
    expect(said('create', 'managed-loadbalancer')).toBe('Load balancer created');
    expect(said('access-granted', 'uks')).toBe('Kubernetes cluster access granted');
    expect(said('login', 'auth')).toBe('Signed in');
    expect(said('create', 'auth')).toBe('API token created');
  });
});
