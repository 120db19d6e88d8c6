import { describe, expect, it } from 'vitest';
import { serverListResponseSchema, serverResponseSchema } from '../../../contract/server';
import { publicImageUuid } from '../seed';
import { expectProblem, manualClock, otherAuth, viewerAuth } from '../testing';
import { expectLabelFilterLimit, sandboxSuite } from './test-helpers';

const second = 1000;
const unknownServer = '00000000-0000-4000-8fff-000000000000';

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { app, call, ok, server, storage, servers, serverNamed, createStorage, advance, audited } =
  sandboxSuite({ clock, authFailureLimit: 1_000_000 });

const createBody = (fields: Record<string, unknown> = {}) => ({
  server: {
    zone: 'fi-hel1',
    title: 'new server',
    hostname: 'new.example.com',
    storage_devices: {
      storage_device: [
        { action: 'clone', storage: publicImageUuid('fi-hel1', 0), title: 'os', size: 10 },
      ],
    },
    ...fields,
  },
});
/** The server record an answer holds. */
const serverOf = (response: { json(): unknown }) =>
  serverResponseSchema.parse(response.json()).server;
const create = async (fields: Record<string, unknown> = {}) =>
  serverOf(await ok('POST', '/1.3/server', createBody(fields), 202));

describe('server lists and details', () => {
  it('lists the account servers with string numbers and wrapped labels', async () => {
    const list = await servers();
    expect(list.map((item) => item.title).sort()).toEqual(['build-box', 'db-1', 'web-1']);
    const web = list.find((item) => item.title === 'web-1')!;
    expect(web).toMatchObject({
      zone: 'de-fra1',
      plan: '2xCPU-4GB',
      core_number: '2',
      memory_amount: '4096',
      plan_ipv4_bytes: '0',
      state: 'started',
      labels: {
        label: [
          { key: 'env', value: 'prod' },
          { key: 'team', value: 'web' },
        ],
      },
      tags: { tag: [] },
    });
    expect(Number.isInteger(web.created)).toBe(true);
    expect(list.find((item) => item.title === 'build-box')).not.toHaveProperty('plan_ipv4_bytes');
    expect((await servers(viewerAuth)).length).toBe(3);
    expect((await servers(otherAuth)).map((item) => item.title)).toEqual(['other-app']);
  });

  it('filters by label', async () => {
    const titles = async (query: string) =>
      serverListResponseSchema
        .parse((await ok('GET', `/1.3/server${query}`, undefined, 200)).json())
        .servers.server.map((item) => item.title)
        .sort();
    expect(await titles('?label=ENV%3Dprod')).toEqual(['db-1', 'web-1']);
    expect(await titles('?label=env%3Dprod&label=team%3Dweb')).toEqual(['web-1']);
    expectProblem(await call('GET', '/1.3/server?label=_x'), 400, 'INVALID_LABEL_KEY');
  });

  it('takes at most 32 label filters', () =>
    expectLabelFilterLimit(call, '/1.3/server', { servers: { server: [] } }));

  it('answers details with devices, interfaces and addresses', async () => {
    const db1 = await serverNamed('db-1');
    expect(db1.storage_devices.storage_device.map((device) => device.address)).toEqual([
      'virtio:0',
      'virtio:1',
    ]);
    expect(db1.networking.interfaces.interface.map((nic) => [nic.index, nic.type])).toEqual([
      [1, 'utility'],
      [2, 'public'],
    ]);
    expect(db1.networking.interfaces.interface[0]!.mac).toMatch(/^da:45:c4(:[0-9a-f]{2}){3}$/);
    expect(db1.ip_addresses.ip_address.map((ip) => ip.access)).toEqual(['utility', 'public']);
  });

  it('answers 400, 403 and 404 for a bad, foreign or unknown uuid', async () => {
    expectProblem(await call('GET', '/1.3/server/nope'), 400, 'SERVER_INVALID');
    expectProblem(await call('GET', `/1.3/server/${unknownServer}`), 404, 'SERVER_NOT_FOUND');
    const [foreign] = await servers(otherAuth);
    expectProblem(await call('GET', `/1.3/server/${foreign!.uuid}`), 403, 'SERVER_FORBIDDEN');
    expectProblem(await call('POST', `/1.3/server/${foreign!.uuid}/stop`), 403, 'SERVER_FORBIDDEN');
  });
});

describe('creating servers', () => {
  it('answers 202 in maintenance, then starts; cloned disks follow', async () => {
    const created = await audited(1, () => create());
    expect(created).toMatchObject({
      state: 'maintenance',
      progress: '0',
      plan: 'custom',
      core_number: '1',
      memory_amount: '1024',
      hostname: 'new.example.com',
    });
    const disk = created.storage_devices.storage_device[0]!;
    expect(disk).toMatchObject({ address: 'virtio:0', type: 'disk', storage_size: 10 });
    expect((await storage(disk.storage)).state).toBe('maintenance');
    await advance(15 * second);
    expect((await server(created.uuid)).progress).toBe('50');
    await advance(15 * second);
    const started = await server(created.uuid);
    expect(started.state).toBe('started');
    expect(started).not.toHaveProperty('progress');
    expect((await storage(disk.storage)).state).toBe('online');
  });

  it('sizes a plan server from the plan and marks its first disk part of the plan', async () => {
    const created = await create({
      plan: '1xCPU-2GB',
      storage_devices: {
        storage_device: [
          { action: 'create', size: 50, title: 'plan disk' },
          { action: 'create', size: 20, title: 'extra', tier: 'hdd' },
          { action: 'attach', type: 'cdrom' },
        ],
      },
    });
    expect(created).toMatchObject({ plan: '1xCPU-2GB', core_number: '1', memory_amount: '2048' });
    expect(created.storage_devices.storage_device).toEqual([
      expect.objectContaining({
        address: 'virtio:0',
        part_of_plan: 'yes',
        storage_tier: 'maxiops',
      }),
      expect.not.objectContaining({ part_of_plan: 'yes' }),
      expect.objectContaining({ address: 'ide:0:0', type: 'cdrom', storage: '' }),
    ]);
    expect(created.storage_devices.storage_device[1]).toMatchObject({ storage_tier: 'hdd' });
  });

  it('charges the template licence per core through the server license', async () => {
    const created = await create({
      core_number: 2,
      memory_amount: 4096,
      storage_devices: {
        storage_device: [{ action: 'clone', storage: publicImageUuid('fi-hel1', 5), title: 'win' }],
      },
    });
    expect(created.license).toBeGreaterThan(0);
    expect(created.storage_devices.storage_device[0]!.storage_size).toBe(30);
  });

  it('attaches existing storage of the same zone', async () => {
    const disk = await createStorage({ title: 'existing' });
    const created = await create({
      storage_devices: {
        storage_device: [{ action: 'attach', storage: disk.uuid, address: 'scsi' }],
      },
    });
    expect(created.storage_devices.storage_device[0]).toMatchObject({
      address: 'scsi:0:0',
      storage: disk.uuid,
    });
  });

  it.each([
    ['an unknown plan', { plan: 'HUGE' }, 400, 'PLAN_INVALID'],
    [
      'cores that differ from the plan',
      { plan: '1xCPU-1GB', core_number: 4 },
      400,
      'PLAN_CORE_NUMBER_ILLEGAL',
    ],
    ['an unknown zone', { zone: 'mars-1' }, 400, 'ZONE_INVALID'],
    ['no hostname', { hostname: undefined }, 400, 'HOSTNAME_MISSING'],
    [
      'no storage devices',
      { storage_devices: { storage_device: [] } },
      400,
      'STORAGE_DEVICE_INVALID',
    ],
    [
      'a create without size',
      { storage_devices: { storage_device: [{ action: 'create', title: 'x' }] } },
      400,
      'SIZE_MISSING',
    ],
    [
      'a clone without storage',
      { storage_devices: { storage_device: [{ action: 'clone' }] } },
      400,
      'STORAGE_MISSING',
    ],
    [
      'a clone smaller than its source',
      {
        storage_devices: {
          storage_device: [{ action: 'clone', storage: publicImageUuid('fi-hel1', 5), size: 10 }],
        },
      },
      400,
      'SIZE_INVALID',
    ],
    [
      'two devices at one address',
      {
        storage_devices: {
          storage_device: [
            { action: 'create', size: 1, address: 'virtio:3' },
            { action: 'create', size: 1, address: 'virtio:3' },
          ],
        },
      },
      409,
      'DEVICE_ADDRESS_IN_USE',
    ],
    [
      'a storage label key with _',
      {
        storage_devices: {
          storage_device: [{ action: 'create', size: 1, labels: [{ key: '_x', value: 'y' }] }],
        },
      },
      400,
      'INVALID_LABEL_KEY',
    ],
  ])('refuses %s and creates nothing', async (_name, fields, status, code) => {
    const before = (await servers()).length;
    const storagesBefore = app().sandbox!.db.prepare('SELECT COUNT(*) AS n FROM storages').get();
    await audited(0, async () =>
      expectProblem(await call('POST', '/1.3/server', createBody(fields)), status, code),
    );
    expect((await servers()).length).toBe(before);
    expect(app().sandbox!.db.prepare('SELECT COUNT(*) AS n FROM storages').get()).toEqual(
      storagesBefore,
    );
  });

  it('refuses an attach of private storage from another zone and creates nothing', async () => {
    const frankfurt = await createStorage({ zone: 'de-fra1', title: 'frankfurt media' });
    const before = (await servers()).length;
    const fields = {
      storage_devices: {
        storage_device: [{ action: 'attach', storage: frankfurt.uuid, type: 'cdrom' }],
      },
    };
    await audited(0, async () =>
      expectProblem(await call('POST', '/1.3/server', createBody(fields)), 409, 'ZONE_MISMATCH'),
    );
    expect((await servers()).length).toBe(before);
  });
});

describe('server states', () => {
  it('stops, starts and restarts, each through maintenance', async () => {
    const created = await create({ title: 'cycle' });
    /** An action the server's state refuses at this moment. */
    const refusedNow = async (action: string) =>
      expectProblem(
        await call('POST', `/1.3/server/${created.uuid}/${action}`),
        409,
        'SERVER_STATE_ILLEGAL',
      );
    await advance(30 * second);
    const stopping = serverOf(
      await audited(1, () =>
        ok(
          'POST',
          `/1.3/server/${created.uuid}/stop`,
          { stop_server: { stop_type: 'soft', timeout: '60' } },
          200,
        ),
      ),
    );
    expect(stopping.state).toBe('maintenance');
    await audited(0, () => refusedNow('stop'));
    await advance(15 * second);
    expect((await server(created.uuid)).state).toBe('stopped');
    await refusedNow('stop');
    await refusedNow('restart');

    const starting = serverOf(
      await audited(1, () => ok('POST', `/1.3/server/${created.uuid}/start`, undefined, 200)),
    );
    expect(starting.state).toBe('maintenance');
    await advance(15 * second);
    expect((await server(created.uuid)).state).toBe('started');
    await refusedNow('start');

    const restarting = serverOf(
      await ok(
        'POST',
        `/1.3/server/${created.uuid}/restart`,
        { restart_server: { stop_type: 'hard' } },
        200,
      ),
    );
    expect(restarting.state).toBe('maintenance');
    await advance(20 * second);
    expect((await server(created.uuid)).state).toBe('started');
    expectProblem(
      await call('POST', `/1.3/server/${created.uuid}/stop`, {
        stop_server: { stop_type: 'gentle' },
      }),
      400,
      'STOP_TYPE_INVALID',
    );
  });

  it('tags on create and with the classic tag and untag paths', async () => {
    const created = await create({ title: 'tagged', tags: { tag: ['PROD', 'web'] } });
    expect(created.tags.tag).toEqual(['PROD', 'web']);
    const tagged = serverOf(
      await audited(1, () => ok('POST', `/1.3/server/${created.uuid}/tag/db,PROD`, undefined, 200)),
    );
    expect(tagged.tags.tag).toEqual(['PROD', 'web', 'db']);
    const untagged = serverOf(
      await audited(1, () =>
        ok('POST', `/1.3/server/${created.uuid}/untag/web,none`, undefined, 200),
      ),
    );
    expect(untagged.tags.tag).toEqual(['PROD', 'db']);
    await audited(0, () => ok('POST', `/1.3/server/${created.uuid}/untag/none`, undefined, 200));
    await audited(0, async () =>
      expectProblem(
        await call('POST', `/1.3/server/${created.uuid}/tag/bad-name`),
        400,
        'TAG_INVALID',
      ),
    );
  });

  it('modifies (202); changing cores needs a stopped server', async () => {
    const build = await serverNamed('build-box');
    const web = await serverNamed('web-1');
    const renamed = serverOf(
      await audited(1, () =>
        ok(
          'PUT',
          `/1.3/server/${web.uuid}`,
          { server: { title: 'web-one', labels: { label: [{ key: 'env', value: 'prod' }] } } },
          202,
        ),
      ),
    );
    expect(renamed).toMatchObject({
      title: 'web-one',
      labels: { label: [{ key: 'env', value: 'prod' }] },
      plan: '2xCPU-4GB',
    });
    await audited(0, async () => {
      expectProblem(
        await call('PUT', `/1.3/server/${web.uuid}`, { server: { plan: '4xCPU-8GB' } }),
        409,
        'SERVER_STATE_ILLEGAL',
      );
      expectProblem(
        await call('PUT', `/1.3/server/${build.uuid}`, { server: { plan: 'nope' } }),
        400,
        'PLAN_INVALID',
      );
    });
    const resized = serverOf(
      await ok(
        'PUT',
        `/1.3/server/${build.uuid}`,
        { server: { core_number: '6', memory_amount: 8192 } },
        202,
      ),
    );
    expect(resized).toMatchObject({
      plan: 'custom',
      core_number: '6',
      memory_amount: '8192',
      state: 'stopped',
    });
    const planned = serverOf(
      await ok('PUT', `/1.3/server/${build.uuid}`, { server: { plan: '4xCPU-8GB' } }, 202),
    );
    expect(planned).toMatchObject({ plan: '4xCPU-8GB', core_number: '4', memory_amount: '8192' });
  });

  it('deletes only stopped servers; storages=1 deletes their disks too', async () => {
    const keep = await create({ title: 'keeps disks' });
    const drop = await create({ title: 'drops disks' });
    await advance(30 * second);
    await audited(0, async () =>
      expectProblem(await call('DELETE', `/1.3/server/${keep.uuid}`), 409, 'SERVER_STATE_ILLEGAL'),
    );
    for (const item of [keep, drop])
      await ok('POST', `/1.3/server/${item.uuid}/stop`, undefined, 200);
    await advance(15 * second);
    expectProblem(
      await call('DELETE', `/1.3/server/${drop.uuid}?storages=1&backups=some`),
      400,
      'BACKUP_DELETION_POLICY_INVALID',
    );
    expectProblem(
      await call('DELETE', `/1.3/server/${drop.uuid}?storages=maybe`),
      400,
      'STORAGE_DELETION_POLICY_INVALID',
    );
    await audited(1, () => ok('DELETE', `/1.3/server/${keep.uuid}`, undefined, 204));
    await audited(1, () =>
      ok('DELETE', `/1.3/server/${drop.uuid}?storages=1&backups=delete`, undefined, 204),
    );
    expectProblem(await call('GET', `/1.3/server/${keep.uuid}`), 404, 'SERVER_NOT_FOUND');
    const kept = await storage(keep.storage_devices.storage_device[0]!.storage);
    expect(kept.servers.server).toEqual([]);
    expectProblem(
      await call('GET', `/1.3/storage/${drop.storage_devices.storage_device[0]!.storage}`),
      404,
      'STORAGE_NOT_FOUND',
    );
  });
});
