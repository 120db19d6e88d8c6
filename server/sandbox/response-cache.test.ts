import { describe, expect, it } from 'vitest';
import { storageListResponseSchema } from '../../contract/storage';
import { sandboxSuite } from './routes/test-helpers';
import { manualClock, otherAuth } from './testing';

/** Repeated reads come from memory, yet never answer with state that has since changed. */

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { call, ok, createStorage, stoppedServer, storages } = sandboxSuite({ clock });
const list = async (auth?: string) =>
  storageListResponseSchema.parse(
    (await ok('GET', '/1.3/storage/private?limit=100', undefined, 200, auth)).json(),
  ).storages.storage;

describe('the response cache', () => {
  it('shows every change on the next read', async () => {
    const disk = await createStorage({ title: 'before' });
    expect((await list()).find((s) => s.uuid === disk.uuid)?.title).toBe('before');
    expect((await list()).find((s) => s.uuid === disk.uuid)?.title).toBe('before');

    await ok('PUT', `/1.3/storage/${disk.uuid}`, { storage: { title: 'after' } }, 202);
    expect((await list()).find((s) => s.uuid === disk.uuid)?.title).toBe('after');

    await ok('DELETE', `/1.3/storage/${disk.uuid}`, undefined, 204);
    expect((await list()).some((s) => s.uuid === disk.uuid)).toBe(false);
  });

  it('keeps accounts apart', async () => {
    const disk = await createStorage({ title: 'demo only' });
    expect((await list()).some((s) => s.uuid === disk.uuid)).toBe(true);
    expect((await list(otherAuth)).some((s) => s.uuid === disk.uuid)).toBe(false);
  });

  it('follows the clock while an operation is running', async () => {
    const disk = await createStorage({ title: 'backed up' });
    const backup = await ok(
      'POST',
      `/1.3/storage/${disk.uuid}/backup`,
      { storage: { title: 'b' } },
      201,
    );
    const { uuid } = (backup.json() as { storage: { uuid: string } }).storage;
    const progress = async () => (await list()).find((s) => s.uuid === uuid)?.progress;
    const first = await progress();
    clock.advance(3_000);
    const later = await progress();
    expect(Number(later)).toBeGreaterThan(Number(first));
    clock.advance(3_600_000);
    await call('GET', '/1.3/account');
    expect((await list()).find((s) => s.uuid === uuid)).toMatchObject({ state: 'online' });
  });

  it('keeps answering while a simple-backup plan waits, and shows its backup when the time comes', async () => {
    const server = await stoppedServer('planned-backups');
    const disk = server.storage_devices.storage_device[0]!.storage;
    await ok(
      'PUT',
      `/1.3/server/${server.uuid}`,
      { server: { simple_backup: '0430,dailies' } },
      202,
    );
    const backups = async () =>
      (await storages('/backup?limit=100')).filter((storage) => storage.origin === disk);
    expect(await backups()).toEqual([]);
    expect(await backups()).toEqual([]);
    clock.advance(24 * 3_600_000);
    expect(await backups()).toEqual([expect.objectContaining({ origin: disk, state: 'online' })]);
  });
});
