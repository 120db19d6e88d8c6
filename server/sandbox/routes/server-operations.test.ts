import { describe, expect, it } from 'vitest';
import { serverResponseSchema } from '../../../contract/server';
import { publicImageUuid } from '../seed';
import { expectProblem, manualClock, otherAuth } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * Plan and size changes, rebuild and simple backups of a server (api-reference-notes §2.4, §2.8,
 * §2.9). The clock starts on a Saturday, so the first simple backup runs on Sunday and Monday's is
 * the weekly one.
 */
const clock = manualClock('2026-11-21T10:00:00.000Z');
const { call, ok, okBody, server, storage, storages, advance, stoppedServer, audited } =
  sandboxSuite({ clock, authFailureLimit: 1_000_000 });

const hour = 3_600_000;
const day = 24 * hour;
const ubuntu = publicImageUuid('de-fra1', 2);
const modify = (uuid: string, fields: Record<string, unknown>) =>
  call('PUT', `/1.3/server/${uuid}`, { server: fields });
/** A modify that must succeed (202): the server record it answers. */
const modified = async (uuid: string, fields: Record<string, unknown>) =>
  (await okBody(serverResponseSchema, 'PUT', `/1.3/server/${uuid}`, { server: fields }, 202))
    .server;
const rebuild = (uuid: string, device: Record<string, unknown>) =>
  call('POST', `/1.3/server/${uuid}/rebuild`, { storage_device: device });
const simpleBackupsOf = async (disk: string) =>
  (await storages('/backup?limit=100')).filter(
    (item) =>
      item.origin === disk && (item.labels ?? []).some((label) => label.key === '_simple_backup'),
  );

describe('plan and size changes', () => {
  it('changes the plan of a stopped server and refuses it on a started one', async () => {
    const stopped = await stoppedServer('plan-change');
    const planned = await audited(1, () => modified(stopped.uuid, { plan: '2xCPU-4GB' }));
    expect(planned).toMatchObject({
      plan: '2xCPU-4GB',
      core_number: '2',
      memory_amount: '4096',
      state: 'stopped',
    });
    await ok('POST', `/1.3/server/${stopped.uuid}/start`, undefined, 200);
    await advance(16_000);
    await audited(0, async () =>
      expectProblem(await modify(stopped.uuid, { plan: '1xCPU-2GB' }), 409, 'SERVER_STATE_ILLEGAL'),
    );
    expect(await server(stopped.uuid)).toMatchObject({ plan: '2xCPU-4GB', state: 'started' });
  });

  it('validates plan names and the custom sizes', async () => {
    const { uuid } = await stoppedServer('plan-rules');
    await audited(0, async () => {
      expectProblem(await modify(uuid, { plan: '3xCPU-7GB' }), 400, 'PLAN_INVALID');
      expectProblem(
        await modify(uuid, { plan: '1xCPU-1GB', memory_amount: 2048 }),
        400,
        'PLAN_MEMORY_AMOUNT_ILLEGAL',
      );
      expectProblem(
        await modify(uuid, { plan: 'custom', core_number: 21, memory_amount: 4096 }),
        400,
        'CORE_MEMORY_UNSUPPORTED',
      );
      expectProblem(
        await modify(uuid, { plan: 'custom', core_number: 2, memory_amount: 1536 }),
        400,
        'CORE_MEMORY_UNSUPPORTED',
      );
      expectProblem(await modify(uuid, { core_number: 0 }), 400, 'CORE_NUMBER_INVALID');
    });
    const custom = await modified(uuid, {
      plan: 'custom',
      core_number: '3',
      memory_amount: '6144',
    });
    expect(custom).toMatchObject({
      plan: 'custom',
      core_number: '3',
      memory_amount: '6144',
    });
  });
});

describe('rebuild', () => {
  it('replaces the OS disk of a stopped server with a fresh clone of the template', async () => {
    const before = await stoppedServer('rebuilt', {
      storage_devices: {
        storage_device: [
          {
            action: 'clone',
            storage: publicImageUuid('de-fra1', 0),
            size: 12,
            title: 'system',
            labels: [{ key: 'role', value: 'web' }],
          },
          { action: 'create', size: 5, title: 'data' },
        ],
      },
    });
    const [osDisk, dataDisk] = before.storage_devices.storage_device;
    const answer = await audited(1, () =>
      okBody(
        serverResponseSchema,
        'POST',
        `/1.3/server/${before.uuid}/rebuild`,
        { storage_device: { storage: ubuntu } },
        200,
      ),
    );
    expect(answer.server.state).toBe('maintenance');
    const [newOs, data] = answer.server.storage_devices.storage_device;
    expect(newOs).toMatchObject({
      address: osDisk!.address,
      storage_size: 12,
      storage_title: 'system',
    });
    expect(newOs!.storage).not.toBe(osDisk!.storage);
    expect(data!.storage).toBe(dataDisk!.storage);
    expect(newOs!.labels).toEqual(
      expect.arrayContaining([
        { key: '_os_type', value: 'ubuntu' },
        { key: '_template_uuid', value: ubuntu },
        { key: 'role', value: 'web' },
      ]),
    );
    expect(newOs!.labels).not.toContainEqual({ key: '_os_type', value: 'debian' });
    expectProblem(await call('GET', `/1.3/storage/${osDisk!.storage}`), 404, 'STORAGE_NOT_FOUND');
    expectProblem(
      await call('POST', `/1.3/server/${before.uuid}/start`),
      409,
      'SERVER_STATE_ILLEGAL',
    );

    await advance(91_000);
    expect(await server(before.uuid)).toMatchObject({ state: 'stopped' });
    expect(await storage(newOs!.storage)).toMatchObject({ state: 'online', size: 12 });
  });

  it('grows the new disk when asked and never shrinks it', async () => {
    const { uuid } = await stoppedServer('rebuilt-larger');
    await audited(0, async () =>
      expectProblem(await rebuild(uuid, { storage: ubuntu, size: 8 }), 400, 'SIZE_INVALID'),
    );
    const grown = await okBody(
      serverResponseSchema,
      'POST',
      `/1.3/server/${uuid}/rebuild`,
      { storage_device: { storage: ubuntu, size: 20 } },
      200,
    );
    expect(grown.server.storage_devices.storage_device[0]).toMatchObject({ storage_size: 20 });
  });

  it('refuses a running server, a template that is not public, a missing disk and strangers', async () => {
    const stopped = await stoppedServer('rebuild-refusals');
    await audited(0, async () => {
      expectProblem(
        await rebuild(stopped.uuid, { storage: publicImageUuid('de-fra1', 1) }),
        409,
        'STORAGE_TYPE_ILLEGAL',
      );
      expectProblem(
        await rebuild(stopped.uuid, {
          storage: stopped.storage_devices.storage_device[0]!.storage,
        }),
        409,
        'STORAGE_TYPE_ILLEGAL',
      );
      expectProblem(
        await call(
          'POST',
          `/1.3/server/${stopped.uuid}/rebuild`,
          { storage_device: { storage: ubuntu } },
          otherAuth,
        ),
        403,
        'SERVER_FORBIDDEN',
      );
      expectProblem(
        await rebuild(stopped.uuid, { storage: '01000000-0000-4000-8fff-000000000000' }),
        404,
        'STORAGE_NOT_FOUND',
      );
    });
    await ok('POST', `/1.3/server/${stopped.uuid}/start`, undefined, 200);
    expectProblem(await rebuild(stopped.uuid, { storage: ubuntu }), 409, 'SERVER_STATE_ILLEGAL');
    await advance(16_000);
    expectProblem(await rebuild(stopped.uuid, { storage: ubuntu }), 409, 'SERVER_STATE_ILLEGAL');

    const bare = await stoppedServer('rebuild-without-disk');
    await ok(
      'POST',
      `/1.3/server/${bare.uuid}/storage/detach`,
      { storage_device: { address: bare.storage_devices.storage_device[0]!.address } },
      200,
    );
    expectProblem(await rebuild(bare.uuid, { storage: ubuntu }), 409, 'STORAGE_DEVICE_NOT_FOUND');
  });
});

describe('simple backups', () => {
  it('are set on a running server, made each day at their time and cleared with no', async () => {
    const created = await stoppedServer('backed-up');
    await ok('POST', `/1.3/server/${created.uuid}/start`, undefined, 200);
    await advance(16_000);
    const disk = created.storage_devices.storage_device[0]!.storage;
    const set = await audited(1, () => modified(created.uuid, { simple_backup: '0430,dailies' }));
    expect(set).toMatchObject({ simple_backup: '0430,dailies', state: 'started' });
    // A planned backup run does not make the server busy.
    expect(await server(created.uuid)).not.toHaveProperty('progress');

    expect(await simpleBackupsOf(disk)).toEqual([]);
    await advance(day);
    const [first] = await simpleBackupsOf(disk);
    expect(first).toMatchObject({
      type: 'backup',
      origin: disk,
      state: 'online',
      title: expect.stringMatching(/^Simple backup of /),
      created: '2026-11-22T04:30:00Z',
    });
    expect(first!.labels).toContainEqual({ key: '_simple_backup', value: 'daily' });
    expect((await storage(disk)).backups?.backup).toContain(first!.uuid);

    await ok('PUT', `/1.3/server/${created.uuid}`, { server: { simple_backup: 'no' } }, 202);
    await advance(day);
    expect(await simpleBackupsOf(disk)).toHaveLength(1);
  });

  it('keeps a week of dailies, and a weekly backup longer under weeklies', async () => {
    const dailies = await stoppedServer('dailies', { simple_backup: '2300,dailies' });
    const weeklies = await stoppedServer('weeklies', { simple_backup: '2300,weeklies' });
    const manual = await okBody(
      { parse: (value: unknown) => value as { storage: { uuid: string } } },
      'POST',
      `/1.3/storage/${dailies.storage_devices.storage_device[0]!.storage}/backup`,
      { storage: { title: 'by hand' } },
      201,
    );
    for (let run = 0; run < 10; run += 1) await advance(day);
    const kept = await simpleBackupsOf(dailies.storage_devices.storage_device[0]!.storage);
    expect(kept).toHaveLength(7);
    expect(await storage(manual.storage.uuid)).toMatchObject({ type: 'backup' });

    const days = (items: { created?: string }[]) =>
      items.map((item) => Date.parse(item.created!) / day).sort((a, b) => a - b);
    const dailyDays = days(kept);
    expect(dailyDays.at(-1)! - dailyDays[0]!).toBe(6);
    // Ten daily runs pass a Monday more than a week before the last run: its backup is weekly.
    const weekly = await simpleBackupsOf(weeklies.storage_devices.storage_device[0]!.storage);
    expect(weekly).toHaveLength(8);
    const newest = days(weekly).at(-1)!;
    const older = weekly.filter((item) => newest - Date.parse(item.created!) / day > 6);
    expect(older).toHaveLength(1);
    expect(new Date(older[0]!.created!).getUTCDay()).toBe(1);
    expect(older[0]!.labels).toContainEqual({ key: '_simple_backup', value: 'weekly' });
  });

  it('refuses a malformed plan', async () => {
    const { uuid } = await stoppedServer('bad-backup');
    expectProblem(
      await modify(uuid, { simple_backup: '0430,yearlies' }),
      400,
      'SIMPLE_BACKUP_INVALID',
    );
  });
});
