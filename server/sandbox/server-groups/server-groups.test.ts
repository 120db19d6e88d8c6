import { describe, expect, it } from 'vitest';
import type { ServerGroup } from '../../../contract/server-group';
import { serverGroupEndpoints } from '../../../contract/server-group';
import { serverResponseSchema } from '../../../contract/server';
import { sandboxSuite } from '../routes/test-helpers';
import { expectProblem, manualClock, otherAuth } from '../testing';
import { hostPool } from './placement';

/**
 * Server groups as UpCloud's Go SDK sends them (CreateServerGroupRequest, ModifyServerGroupRequest,
 * AddServerToServerGroupRequest…): every endpoint, the anti-affinity outcomes and the errors.
 */

const clock = manualClock('2026-11-25T02:00:00.000Z');
const { call, ok, okBody, getBody, audited, server, advance, stoppedServer } = sandboxSuite({
  clock,
  authFailureLimit: 1_000_000,
});

const groupBody = serverGroupEndpoints.get.response;
const listBody = serverGroupEndpoints.list.response;
const base = '/1.3/server-group';

const createGroup = async (fields: Record<string, unknown>, auth?: string) =>
  (await okBody(groupBody, 'POST', base, { server_group: fields }, 200, auth)).server_group;
const getGroup = async (uuid: string) => (await getBody(groupBody, `${base}/${uuid}`)).server_group;
const statusOf = (group: ServerGroup) =>
  Object.fromEntries(group.anti_affinity_status.map((entry) => [entry.uuid, entry.status]));

async function start(uuid: string) {
  await ok('POST', `/1.3/server/${uuid}/start`, undefined, 200);
  await advance(16_000);
}

describe('server groups', () => {
  it('creates, reads, lists, modifies and deletes a group with its members, one audit row each', async () => {
    const web = await stoppedServer('sg-web');
    const created = await audited(1, () =>
      createGroup({
        title: 'test-title',
        labels: { label: [{ key: 'managedBy', value: 'sdk' }] },
        servers: { server: [web.uuid] },
        anti_affinity: 'strict',
      }),
    );
    expect(created).toEqual({
      uuid: expect.stringMatching(/^0b/),
      title: 'test-title',
      labels: { label: [{ key: 'managedBy', value: 'sdk' }] },
      servers: { server: [web.uuid] },
      anti_affinity: 'strict',
      // A stopped member runs on no host.
      anti_affinity_status: [],
    });
    expect(await getGroup(created.uuid)).toEqual(created);
    expect((await server(web.uuid)).server_group).toBe(created.uuid);

    const listed = async (query: string, auth?: string) =>
      (await getBody(listBody, `${base}${query}`, auth)).server_groups.server_group.map(
        (group) => group.uuid,
      );
    expect(await listed('')).toContain(created.uuid);
    expect(await listed('?label=managedBy&label=managedBy%3Dsdk')).toEqual([created.uuid]);
    expect(await listed('?label=managedBy%3Dother')).toEqual([]);
    expect(await listed('', otherAuth)).not.toContain(created.uuid);
    expectProblem(await call('GET', `${base}?label=_system`), 400, 'INVALID_LABEL_KEY');

    const edited = await audited(1, () =>
      okBody(
        groupBody,
        'PATCH',
        `${base}/${created.uuid}`,
        { server_group: { servers: { server: [] }, title: 'test-title-edit' } },
        200,
      ),
    );
    expect(edited.server_group).toMatchObject({
      title: 'test-title-edit',
      servers: { server: [] },
      anti_affinity: 'strict',
      labels: { label: [{ key: 'managedBy', value: 'sdk' }] },
    });
    expect((await server(web.uuid)).server_group).toBeNull();
    const policy = await okBody(
      groupBody,
      'PATCH',
      `${base}/${created.uuid}`,
      { server_group: { anti_affinity: 'yes', labels: { label: [] } } },
      200,
    );
    expect(policy.server_group).toMatchObject({ anti_affinity: 'yes', labels: { label: [] } });

    await audited(1, () =>
      ok('POST', `${base}/${created.uuid}/servers`, { server: { uuid: web.uuid } }, 204),
    );
    expect((await getGroup(created.uuid)).servers.server).toEqual([web.uuid]);
    expectProblem(
      await call('POST', `${base}/${created.uuid}/servers`, { server: { uuid: web.uuid } }),
      409,
      'ALREADY_IN_SERVER_GROUP',
    );
    await audited(1, () =>
      ok('DELETE', `${base}/${created.uuid}/servers/${web.uuid}`, undefined, 204),
    );
    expect((await getGroup(created.uuid)).servers.server).toEqual([]);
    expectProblem(
      await call('DELETE', `${base}/${created.uuid}/servers/${web.uuid}`),
      404,
      'SERVER_NOT_FOUND',
    );
    expectProblem(
      await call('DELETE', `${base}/${created.uuid}/servers/not-a-uuid`),
      400,
      'SERVER_INVALID',
    );

    await ok('POST', `${base}/${created.uuid}/servers`, { server: { uuid: web.uuid } }, 204);
    await audited(1, () => ok('DELETE', `${base}/${created.uuid}`, undefined, 204));
    expectProblem(await call('GET', `${base}/${created.uuid}`), 404, 'GROUP_NOT_FOUND');
    expectProblem(await call('DELETE', `${base}/${created.uuid}`), 404, 'GROUP_NOT_FOUND');
    // The members stay, in no group.
    expect((await server(web.uuid)).server_group).toBeNull();
  });

  it('keeps another account out: its group is 404, its servers 403', async () => {
    const theirs = await createGroup({ title: 'theirs' }, otherAuth);
    const mine = await createGroup({ title: 'mine' });
    expectProblem(await call('GET', `${base}/${theirs.uuid}`), 404, 'GROUP_NOT_FOUND');
    expectProblem(
      await call('PATCH', `${base}/${theirs.uuid}`, { server_group: { title: 'x' } }),
      404,
      'GROUP_NOT_FOUND',
    );
    expectProblem(await call('DELETE', `${base}/${theirs.uuid}`), 404, 'GROUP_NOT_FOUND');
    const web = await stoppedServer('sg-own');
    expectProblem(
      await call('POST', `${base}/${theirs.uuid}/servers`, { server: { uuid: web.uuid } }),
      404,
      'GROUP_NOT_FOUND',
    );
    const otherServers = await okBody(
      serverGroupEndpoints.list.response,
      'GET',
      base,
      undefined,
      200,
      otherAuth,
    );
    expect(otherServers.server_groups.server_group.map((group) => group.uuid)).toEqual([
      theirs.uuid,
    ]);
    const foreignServer = (await call('GET', '/1.3/server', undefined, otherAuth)).json<{
      servers: { server: { uuid: string }[] };
    }>().servers.server[0]!.uuid;
    expectProblem(
      await call('POST', `${base}/${mine.uuid}/servers`, { server: { uuid: foreignServer } }),
      403,
      'SERVER_FORBIDDEN',
    );
  });

  it('refuses invalid bodies with field codes, unknown servers and a second group', async () => {
    expectProblem(await call('POST', base, { server_group: {} }), 400, 'TITLE_MISSING');
    expectProblem(
      await call('POST', base, { server_group: { title: 'x', anti_affinity: 'maybe' } }),
      400,
      'ANTI_AFFINITY_INVALID',
    );
    expectProblem(
      await call('POST', base, { server_group: { title: 'x'.repeat(256) } }),
      400,
      'TITLE_INVALID',
    );
    expectProblem(
      await call('POST', base, { server_group: { title: 'x', colour: 'red' } }),
      400,
      'UNKNOWN_ATTRIBUTE',
    );
    expectProblem(
      await call('POST', base, {
        server_group: {
          title: 'x',
          labels: {
            label: [
              { key: 'a', value: '1' },
              { key: 'A', value: '2' },
            ],
          },
        },
      }),
      400,
      'DUPLICATE_LABEL_KEYS',
    );
    const manyLabels = Array.from({ length: 33 }, (_, index) => ({ key: `k${index}`, value: 'v' }));
    expect(
      (await call('POST', base, { server_group: { title: 'x', labels: { label: manyLabels } } }))
        .statusCode,
    ).toBe(400);
    const manyServers = Array.from(
      { length: 33 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    expect(
      (await call('POST', base, { server_group: { title: 'x', servers: { server: manyServers } } }))
        .statusCode,
    ).toBe(400);
    expectProblem(
      await call('POST', base, {
        server_group: { title: 'x', servers: { server: ['00aaaaaa-0000-4000-8000-000000000000'] } },
      }),
      404,
      'SERVER_NOT_FOUND',
    );
    expectProblem(await call('GET', `${base}/nope`), 400, 'GROUP_INVALID');

    const web = await stoppedServer('sg-once');
    const first = await createGroup({ title: 'first', servers: { server: [web.uuid] } });
    expectProblem(
      await call('POST', base, {
        server_group: { title: 'second', servers: { server: [web.uuid] } },
      }),
      409,
      'ALREADY_IN_SERVER_GROUP',
    );
    const second = await createGroup({ title: 'second' });
    expectProblem(
      await call('PATCH', `${base}/${second.uuid}`, {
        server_group: { servers: { server: [web.uuid] } },
      }),
      409,
      'ALREADY_IN_SERVER_GROUP',
    );
    expectProblem(
      await call('POST', `${base}/${second.uuid}/servers`, { server: { uuid: web.uuid } }),
      409,
      'ALREADY_IN_SERVER_GROUP',
    );
    expect((await getGroup(first.uuid)).servers.server).toEqual([web.uuid]);
  });

  it('places started members of an anti-affinity group on hosts of their own', async () => {
    const a = await stoppedServer('sg-yes-a');
    const b = await stoppedServer('sg-yes-b');
    const group = await createGroup({
      title: 'apart',
      anti_affinity: 'yes',
      servers: { server: [a.uuid, b.uuid] },
    });
    await start(a.uuid);
    await start(b.uuid);
    const [hostA, hostB] = [(await server(a.uuid)).host, (await server(b.uuid)).host];
    expect(hostPool('de-fra1')).toEqual(expect.arrayContaining([hostA, hostB]));
    expect(hostA).not.toBe(hostB);
    expect(statusOf(await getGroup(group.uuid))).toEqual({ [a.uuid]: 'met', [b.uuid]: 'met' });
  });

  it('reports unmet when members share a host, and a group without a policy reports nothing', async () => {
    // Servers outside a group fill the zone's first host, so these two share it.
    const a = await stoppedServer('sg-shared-a');
    const b = await stoppedServer('sg-shared-b');
    await start(a.uuid);
    await start(b.uuid);
    expect((await server(a.uuid)).host).toBe((await server(b.uuid)).host);
    const group = await createGroup({ title: 'late', anti_affinity: 'yes' });
    await ok('POST', `${base}/${group.uuid}/servers`, { server: { uuid: a.uuid } }, 204);
    expect(statusOf(await getGroup(group.uuid))).toEqual({ [a.uuid]: 'met' });
    await ok('POST', `${base}/${group.uuid}/servers`, { server: { uuid: b.uuid } }, 204);
    expect(statusOf(await getGroup(group.uuid))).toEqual({ [a.uuid]: 'unmet', [b.uuid]: 'unmet' });

    const off = await okBody(
      groupBody,
      'PATCH',
      `${base}/${group.uuid}`,
      { server_group: { anti_affinity: 'no' } },
      200,
    );
    expect(off.server_group.anti_affinity_status).toEqual([]);
  });

  it('refuses to start a strict member when every host of the zone runs another member', async () => {
    const members = [];
    for (const name of ['sg-s1', 'sg-s2', 'sg-s3', 'sg-s4'])
      members.push(await stoppedServer(name));
    const group = await createGroup({
      title: 'strict',
      anti_affinity: 'strict',
      servers: { server: members.map((member) => member.uuid) },
    });
    for (const member of members.slice(0, 3)) await start(member.uuid);
    const last = members[3]!;
    expectProblem(
      await call('POST', `/1.3/server/${last.uuid}/start`),
      409,
      'STRICT_ANTI_AFFINITY_NOT_MET',
    );
    expect((await server(last.uuid)).state).toBe('stopped');
    const status = statusOf(await getGroup(group.uuid));
    expect(Object.values(status)).toEqual(['met', 'met', 'met']);
  });

  it('creates a server into a group, and deleting the server takes it out', async () => {
    const group = await createGroup({ title: 'from-create', anti_affinity: 'yes' });
    const created = await okBody(
      serverResponseSchema,
      'POST',
      '/1.3/server',
      {
        server: {
          zone: 'de-fra1',
          title: 'sg-created',
          hostname: 'sg-created',
          server_group: group.uuid,
          storage_devices: { storage_device: [{ action: 'create', size: 10 }] },
        },
      },
      202,
    );
    expect(created.server.server_group).toBe(group.uuid);
    expect((await getGroup(group.uuid)).servers.server).toEqual([created.server.uuid]);
    expectProblem(
      await call('POST', '/1.3/server', {
        server: {
          zone: 'de-fra1',
          title: 'sg-nogroup',
          hostname: 'sg-nogroup',
          server_group: '0baaaaaa-0000-4000-8000-000000000000',
          storage_devices: { storage_device: [{ action: 'create', size: 10 }] },
        },
      }),
      404,
      'GROUP_NOT_FOUND',
    );

    await advance(31_000);
    await ok('POST', `/1.3/server/${created.server.uuid}/stop`, undefined, 200);
    await advance(16_000);
    await ok('DELETE', `/1.3/server/${created.server.uuid}?storages=1`, undefined, 204);
    expect((await getGroup(group.uuid)).servers.server).toEqual([]);
  });
});
