import { describe, expect, it } from 'vitest';
import { nodeGroupDetailsSchema, nodeGroupSchema } from '../../../contract/kubernetes';
import { manualClock } from '../testing';
import { kubernetesSuite } from './kubernetes-test-helpers';

/**
 * Node groups as UpCloud's Go SDK drives them (issue 18, item 6): create a group in a running
 * cluster, then PATCH its count at once, while it is still pending. Create answers 201 (the spec;
 * the recorded service answered 200, see the README), and the PATCH is taken, not refused.
 */

const second = 1000;
const clock = manualClock('2026-11-21T10:00:00.000Z');
const { advance, ok, cluster, createCluster } = kubernetesSuite({
  clock,
  authFailureLimit: 1_000_000,
  clusterLimit: 1000,
});

describe('a node group changed while pending', () => {
  it('takes the new count at once and comes up at that size', async () => {
    const created = await createCluster();
    await advance(90 * second);
    expect((await cluster(created.uuid)).state).toBe('running');
    const url = `/1.3/kubernetes/${created.uuid}/node-groups`;
    const added = await ok('POST', url, { count: 2, name: 'my-group', plan: '2xCPU-4GB' }, 201);
    expect(nodeGroupSchema.parse(added.json())).toMatchObject({ count: 2, state: 'pending' });

    const patched = await ok('PATCH', `${url}/my-group`, { count: 1 }, 200);
    expect(nodeGroupSchema.parse(patched.json())).toMatchObject({ count: 1, state: 'pending' });
    const details = async () =>
      nodeGroupDetailsSchema.parse((await ok('GET', `${url}/my-group`, undefined, 200)).json());
    expect((await details()).nodes.map((node) => node.state)).toEqual(['pending']);

    await ok('PATCH', `${url}/my-group`, { count: 3 }, 200);
    await advance(120 * second);
    const ready = await details();
    expect(ready).toMatchObject({ state: 'running', count: 3 });
    expect(ready.nodes.map((node) => node.state)).toEqual(['running', 'running', 'running']);
  });
});
