import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { storageListResponseSchema } from '../../contract/storage';
import { createResponseCache } from './response-cache';
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

describe('the response cache’s bounds', () => {
  const answer = (characters: number) => ({
    version: 1,
    contentType: 'application/json',
    payload: 'x'.repeat(characters),
  });

  it('keeps at most its characters in all, letting the oldest go first', () => {
    const cache = createResponseCache(new Database(':memory:'), { maxCharacters: 1000 });
    for (let n = 0; n < 50; n += 1) cache.store(`/1.3/server?ignored=${n}`, answer(100));
    expect(cache.size()).toEqual({ entries: 10, characters: 1000 });
    expect(cache.lookup('/1.3/server?ignored=39', 1)).toBeUndefined();
    expect(cache.lookup('/1.3/server?ignored=40', 1)?.payload).toHaveLength(100);
  });

  it('keeps at most its entries, does not keep an answer larger than an eighth of its characters, and lets a stale entry go when met', () => {
    const cache = createResponseCache(new Database(':memory:'), {
      maxEntries: 3,
      maxCharacters: 800,
    });
    for (let n = 0; n < 5; n += 1) cache.store(`/k${n}`, answer(10));
    expect(cache.size()).toEqual({ entries: 3, characters: 30 });
    cache.store('/large', answer(101));
    expect(cache.lookup('/large', 1)).toBeUndefined();
    expect(cache.lookup('/k4', 2)).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 2, characters: 20 });
  });
});
