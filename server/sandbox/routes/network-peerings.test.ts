import { describe, expect, it } from 'vitest';
import type { Network } from '../../../contract/network';
import { networkListResponseSchema, networkResponseSchema } from '../../../contract/network';
import type { NetworkPeering } from '../../../contract/network-peering';
import {
  networkPeeringListResponseSchema,
  networkPeeringResponseSchema,
} from '../../../contract/network-peering';
import { demoAuth, expectProblem, manualClock, otherAuth } from '../testing';
import { ipv4Block, sandboxSuite } from './test-helpers';

const second = 1000;
const clock = manualClock('2026-11-21T10:00:00.000Z');
const { call, ok, auditCount, advance, createNetwork, createRouter, createPeering } = sandboxSuite({
  clock,
  authFailureLimit: 1_000_000,
});

const seededNetwork = async (auth: string): Promise<Network> => {
  const list = networkListResponseSchema.parse(
    (await ok('GET', '/1.3/network', undefined, 200, auth)).json(),
  ).networks.network;
  return list.find((item) => item.type === 'private' && item.name.endsWith('private network'))!;
};
const peering = async (uuid: string, auth = demoAuth): Promise<NetworkPeering> =>
  networkPeeringResponseSchema.parse(
    (await ok('GET', `/1.3/network-peering/${uuid}`, undefined, 200, auth)).json(),
  ).network_peering;
const peerings = async (query = '', auth = demoAuth) =>
  networkPeeringListResponseSchema.parse(
    (await ok('GET', `/1.3/network-peering${query}`, undefined, 200, auth)).json(),
  ).network_peerings.network_peering;
const patchPeering = async (uuid: string, fields: Record<string, unknown>, auth = demoAuth) =>
  networkPeeringResponseSchema.parse(
    (
      await ok('PATCH', `/1.3/network-peering/${uuid}`, { network_peering: fields }, 200, auth)
    ).json(),
  ).network_peering;

async function routedNetwork(name: string, block: string, auth = demoAuth, zone = 'de-fra1') {
  const router = await createRouter({ name: `${name} router` }, auth);
  return createNetwork(
    { name, zone, router: router.uuid, ip_networks: { ip_network: [ipv4Block(block)] } },
    auth,
  );
}

describe('cross-account peering', () => {
  it('is pending until both sides create it, then provisions and becomes active', async () => {
    const mine = await seededNetwork(demoAuth);
    const theirs = await seededNetwork(otherAuth);
    expect(mine.router).toBeDefined();
    expect(theirs.router).toBeDefined();

    const before = auditCount();
    const ours = await createPeering(mine.uuid, theirs.uuid, demoAuth, {
      name: 'demo to other',
      labels: [{ key: 'env', value: 'prod' }],
    });
    expect(auditCount() - before).toBe(1);
    expect(ours).toEqual({
      uuid: expect.stringMatching(/^0f/),
      name: 'demo to other',
      configured_status: 'active',
      state: 'pending-peer',
      network: {
        uuid: mine.uuid,
        ip_networks: { ip_network: [{ address: '172.16.10.0/24', family: 'IPv4' }] },
      },
      // The other account's blocks stay hidden until it has defined the peering too.
      peer_network: { uuid: theirs.uuid },
      labels: [{ key: 'env', value: 'prod' }],
      created_at: '2026-11-21T10:00:00Z',
      updated_at: null,
    });
    // The other account sees nothing of it yet.
    expect(await peerings('', otherAuth)).toEqual([]);
    expectProblem(
      await call('GET', `/1.3/network-peering/${ours.uuid}`, undefined, otherAuth),
      403,
      'PEERING_FORBIDDEN',
    );

    const reverse = await createPeering(theirs.uuid, mine.uuid, otherAuth, {
      name: 'other to demo',
    });
    expect(reverse.state).toBe('provisioning');
    expect((await peering(ours.uuid)).state).toBe('provisioning');
    expect((await peering(ours.uuid)).peer_network).toEqual({
      uuid: theirs.uuid,
      ip_networks: { ip_network: [{ address: '172.16.20.0/24', family: 'IPv4' }] },
    });

    await advance(11 * second);
    expect((await peering(ours.uuid)).state).toBe('active');
    expect((await peering(reverse.uuid, otherAuth)).state).toBe('active');
    const summary = networkResponseSchema.parse(
      (await ok('GET', `/1.3/network/${mine.uuid}`, undefined, 200)).json(),
    ).network.peerings;
    expect(summary).toEqual({
      peering: [{ uuid: ours.uuid, name: 'demo to other', state: 'active' }],
    });

    // Disable from one side: it shows disabled here, peer-disabled there.
    const disabled = await patchPeering(ours.uuid, { configured_status: 'disabled' });
    expect(disabled).toMatchObject({
      configured_status: 'disabled',
      state: 'disabled',
      updated_at: '2026-11-21T10:00:11Z',
    });
    expect((await peering(reverse.uuid, otherAuth)).state).toBe('peer-disabled');
    const refused = expectProblem(
      await call('DELETE', `/1.3/network-peering/${reverse.uuid}`, undefined, otherAuth),
      409,
      'PEERING_NOT_DISABLED',
    );
    expect(refused.error_message).toContain('peer-disabled');

    // Enabling again provisions again.
    expect((await patchPeering(ours.uuid, { configured_status: 'active' })).state).toBe(
      'provisioning',
    );
    await advance(11 * second);
    expect((await peering(ours.uuid)).state).toBe('active');

    // Delete: only once disabled.
    expectProblem(
      await call('DELETE', `/1.3/network-peering/${ours.uuid}`),
      409,
      'PEERING_NOT_DISABLED',
    );
    expect((await peering(ours.uuid)).state).toBe('active');
    await patchPeering(ours.uuid, { configured_status: 'disabled' });
    const beforeDelete = auditCount();
    await ok('DELETE', `/1.3/network-peering/${ours.uuid}`, undefined, 204);
    expect(auditCount() - beforeDelete).toBe(1);
    expectProblem(await call('GET', `/1.3/network-peering/${ours.uuid}`), 404, 'PEERING_NOT_FOUND');
    const left = await peering(reverse.uuid, otherAuth);
    expect(left.state).toBe('pending-peer');
    expect(left.peer_network).toEqual({ uuid: mine.uuid });
    await patchPeering(reverse.uuid, { configured_status: 'disabled' }, otherAuth);
    await ok('DELETE', `/1.3/network-peering/${reverse.uuid}`, undefined, 204, otherAuth);
    expect(await peerings('', otherAuth)).toEqual([]);
  });
});

describe('peering rules', () => {
  it('peers private networks with routers only, once per pair', async () => {
    const mine = await seededNetwork(demoAuth);
    const theirs = await seededNetwork(otherAuth);
    const shared = networkListResponseSchema
      .parse((await ok('GET', '/1.3/network?zone=de-fra1', undefined, 200)).json())
      .networks.network.find((item) => item.type === 'utility')!;
    const post = (body: Record<string, unknown>, auth = demoAuth) =>
      call(
        'POST',
        '/1.3/network-peering',
        {
          network_peering: {
            name: 'rule',
            network: { uuid: mine.uuid },
            peer_network: { uuid: theirs.uuid },
            ...body,
          },
        },
        auth,
      );
    const bare = await createNetwork({
      name: 'no router',
      ip_networks: { ip_network: [ipv4Block('172.30.0.0/24')] },
    });
    const before = auditCount();
    expectProblem(await post({ network: { uuid: shared.uuid } }), 400, 'NETWORK_INVALID');
    expectProblem(await post({ peer_network: { uuid: shared.uuid } }), 400, 'PEER_NETWORK_INVALID');
    expectProblem(await post({ peer_network: { uuid: mine.uuid } }), 400, 'PEER_NETWORK_INVALID');
    expectProblem(
      await post({ peer_network: { uuid: '03000000-0000-4000-8fff-00000000ffff' } }),
      404,
      'PEER_NETWORK_NOT_FOUND',
    );
    expectProblem(
      await post({ network: { uuid: '03000000-0000-4000-8fff-00000000ffff' } }),
      404,
      'NETWORK_NOT_FOUND',
    );
    expectProblem(await post({ network: { uuid: theirs.uuid } }), 403, 'NETWORK_FORBIDDEN');
    expectProblem(await post({ name: undefined }), 400, 'NAME_MISSING');
    expectProblem(await post({ configured_status: 'paused' }), 400, 'CONFIGURED_STATUS_INVALID');

    expectProblem(await post({ network: { uuid: bare.uuid } }), 409, 'LOCAL_NETWORK_NO_ROUTER');
    expectProblem(
      await post({ network: { uuid: theirs.uuid }, peer_network: { uuid: bare.uuid } }, otherAuth),
      409,
      'PEER_NETWORK_NO_ROUTER',
    );
    expect(auditCount()).toBe(before);

    const first = await createPeering(mine.uuid, theirs.uuid);
    expectProblem(await post({}), 409, 'PEERING_CONFLICT');
    await patchPeering(first.uuid, { configured_status: 'disabled' });
    await ok('DELETE', `/1.3/network-peering/${first.uuid}`, undefined, 204);
  });

  it('lists by uuid, local network, peer network and label; modifies name and labels', async () => {
    const a = await routedNetwork('list a', '10.101.0.0/24');
    const b = await routedNetwork('list b', '10.102.0.0/24');
    const c = await routedNetwork('list c', '10.103.0.0/24', otherAuth);
    const ab = await createPeering(a.uuid, b.uuid, demoAuth, {
      name: 'a-b',
      labels: [{ key: 'pair', value: 'ab' }],
    });
    const ac = await createPeering(a.uuid, c.uuid, demoAuth, { name: 'a-c' });
    const names = async (query: string) => (await peerings(query)).map((item) => item.name);
    expect(await names(`?uuid=${ab.uuid}`)).toEqual(['a-b']);
    expect(await names(`?network_uuid_local=${a.uuid}`)).toEqual(['a-b', 'a-c']);
    expect(await names(`?network_uuid_peer=${c.uuid}`)).toEqual(['a-c']);
    expect(await names('?label=pair%3Dab')).toEqual(['a-b']);
    expect(await names(`?network_uuid_local=${b.uuid}`)).toEqual([]);
    expectProblem(await call('GET', '/1.3/network-peering?uuid=nope'), 400, 'UUID_INVALID');

    const renamed = await patchPeering(ac.uuid, {
      name: 'a to c',
      labels: [{ key: 'pair', value: 'ac' }],
    });
    expect(renamed).toMatchObject({
      name: 'a to c',
      labels: [{ key: 'pair', value: 'ac' }],
      configured_status: 'active',
      state: 'pending-peer',
    });
    expectProblem(
      await call('PATCH', `/1.3/network-peering/${ac.uuid}`, {
        network_peering: { configured_status: 'off' },
      }),
      400,
      'CONFIGURED_STATUS_INVALID',
    );
    expectProblem(
      await call('PATCH', `/1.3/network-peering/${ac.uuid}`, {
        network_peering: { network: { uuid: b.uuid } },
      }),
      400,
      'UNKNOWN_ATTRIBUTE',
    );
    expectProblem(await call('GET', '/1.3/network-peering/nope'), 400, 'PEERING_INVALID');
  });

  it('shows a lost router, overlapping blocks and a deleted peer network in the state', async () => {
    const a = await routedNetwork('state a', '10.110.0.0/24');
    const b = await routedNetwork('state b', '10.110.0.0/25', otherAuth);
    const ab = await createPeering(a.uuid, b.uuid);
    const ba = await createPeering(b.uuid, a.uuid, otherAuth);
    expect((await peering(ab.uuid)).state).toBe('conflict-subnet');
    await ok(
      'PUT',
      `/1.3/network/${b.uuid}`,
      {
        network: {
          ip_networks: { ip_network: [{ address: '10.111.0.0/24', family: 'IPv4', dhcp: 'yes' }] },
        },
      },
      200,
      otherAuth,
    );
    expect((await peering(ab.uuid)).state).toBe('provisioning');
    await advance(11 * second);
    expect((await peering(ab.uuid)).state).toBe('active');

    await ok('PUT', `/1.3/network/${a.uuid}`, { network: { router: null } }, 200);
    expect((await peering(ab.uuid)).state).toBe('missing-local-router');
    expect((await peering(ba.uuid, otherAuth)).state).toBe('missing-peer-router');
    expectProblem(
      await call('DELETE', `/1.3/network/${b.uuid}`, undefined, otherAuth),
      409,
      'NETWORK_NOT_EMPTY',
    );

    await patchPeering(ba.uuid, { configured_status: 'disabled' }, otherAuth);
    await ok('DELETE', `/1.3/network-peering/${ba.uuid}`, undefined, 204, otherAuth);
    await ok('DELETE', `/1.3/network/${b.uuid}`, undefined, 204, otherAuth);
    expect((await peering(ab.uuid)).state).toBe('deleted-peer-network');
  });
});
