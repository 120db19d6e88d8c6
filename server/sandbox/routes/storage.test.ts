import { beforeAll, describe, expect, it } from 'vitest';
import {
  storageDetailsSchema,
  storageListResponseSchema,
  storageResponseSchema,
} from '../../../contract/storage';
import { publicImageUuid } from '../seed';
import { expectProblem, manualClock, otherAuth, viewerAuth } from '../testing';
import {
  acrossRestart,
  expectLabelFilterLimit,
  resourceClient,
  sandboxSuite,
  specZoneIds,
} from './test-helpers';

const second = 1000;
const unknownStorage = '01000000-0000-4000-8fff-000000000000';
const debianFra = publicImageUuid('de-fra1', 0);
const debianHel = publicImageUuid('fi-hel1', 0);
const debianCdHel = publicImageUuid('fi-hel1', 1);
const windowsHel = publicImageUuid('fi-hel1', 5);

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { app, call, postXml, ok, storage, storages, serverNamed, createStorage, advance, audited } =
  sandboxSuite({ clock, authFailureLimit: 1_000_000 });

/** POST /1.3/storage/{uuid}/{action} without a body. */
const storageAction = (uuid: string, action: string) =>
  call('POST', `/1.3/storage/${uuid}/${action}`);

/** POST /1.3/storage/{uuid}/{action} for an action that makes a new storage: 201. */
const newStorage = (
  uuid: string,
  action: 'backup' | 'clone' | 'templatize',
  fields: Record<string, unknown>,
) => ok('POST', `/1.3/storage/${uuid}/${action}`, { storage: fields }, 201);

/** The storage record an answer holds. */
const storageOf = (response: { json(): unknown }) =>
  storageResponseSchema.parse(response.json()).storage;

describe('storage lists', () => {
  it('lists private and public storage, 25 by default, up to 100', async () => {
    const page = await storages('');
    expect(page).toHaveLength(25);
    const all = await storages('?limit=100');
    expect(all.length).toBeGreaterThan(25);
    expect(all.some((item) => item.access === 'public')).toBe(true);
    expect(all.some((item) => item.title === 'web-1 OS')).toBe(true);
    expect(all.some((item) => item.title === 'other data')).toBe(false);
    expect(await storages('?limit=10&offset=10')).toEqual(all.slice(10, 20));
  });

  it('answers an empty page for an offset past every storage, however large', async () => {
    expect(await storages('?offset=100000')).toEqual([]);
    // Beyond what SQLite holds as an integer: still an empty page, not a 500.
    expect(await storages('?offset=99999999999999999999')).toEqual([]);
    expect(await storages('/private?sort_by=title&offset=9007199254740990&limit=10')).toEqual([]);
  });

  it.each([
    ['?limit=101', 'LIMIT_INVALID'],
    ['?limit=0', 'LIMIT_INVALID'],
    ['?limit=ten', 'LIMIT_INVALID'],
    ['?offset=-1', 'OFFSET_INVALID'],
    ['?sort_by=colour', 'SORT_BY_INVALID'],
    ['?order_by=desc', 'ORDER_BY_INVALID'],
    ['?sort_by=size&order_by=up', 'ORDER_BY_INVALID'],
    ['?search=%3Cscript%3E', 'SEARCH_INVALID'],
    ['?label=_private', 'INVALID_LABEL_KEY'],
    ['?label=', 'INVALID_LABEL_KEY'],
  ])('answers 400 for %s', async (query, code) => {
    expectProblem(await call('GET', `/1.3/storage${query}`), 400, code);
  });

  it('takes at most 32 label filters', () =>
    expectLabelFilterLimit(call, '/1.3/storage', { storages: { storage: [] } }));

  it('restricts by type, by access and by both in either order', async () => {
    const templates = await storages('/template?limit=100');
    expect(templates.length).toBeGreaterThan(0);
    expect(templates.every((item) => item.type === 'template')).toBe(true);
    expect((await storages('/public?limit=100')).every((item) => item.access === 'public')).toBe(
      true,
    );
    expect((await storages('/private?limit=100')).every((item) => item.access === 'private')).toBe(
      true,
    );
    expect((await storages('/cdrom?limit=100')).every((item) => item.type === 'cdrom')).toBe(true);
    expect((await storages('/backup')).map((item) => item.title)).toContain(
      'web-1 OS before upgrade',
    );
    expect((await storages('/normal')).every((item) => item.type === 'normal')).toBe(true);
    const both = await storages('/template/public?limit=100');
    expect(await storages('/public/template?limit=100')).toEqual(both);
    expect(both.every((item) => item.type === 'template' && item.access === 'public')).toBe(true);
    expectProblem(await call('GET', '/1.3/storage/normal/shared'), 404, 'NOT_FOUND');
  });

  it('offers Debian, Ubuntu, Rocky Linux and a licensed Windows template in every zone', async () => {
    const templates = await storages('/template/public?limit=100');
    for (const zone of specZoneIds) {
      const titles = templates.filter((item) => item.zone === zone).map((item) => item.title);
      expect(titles.join('|')).toMatch(/Debian.*Ubuntu.*Rocky.*Windows/);
    }
    expect(new Set(templates.map((item) => item.uuid)).size).toBe(templates.length);
    expect((await storage(windowsHel)).license).toBeGreaterThan(0);
    expect((await storage(debianFra)).uuid).toBe('01000000-0000-4000-8000-000020060100');
  });

  describe('label filters', () => {
    let prodGold: string;
    let prod: string;
    beforeAll(async () => {
      prodGold = (
        await createStorage({
          title: 'lbl one',
          labels: [
            { key: 'Env', value: 'prod' },
            { key: 'tier', value: 'gold' },
          ],
        })
      ).uuid;
      prod = (await createStorage({ title: 'lbl two', labels: [{ key: 'env', value: 'prod' }] }))
        .uuid;
      await createStorage({ title: 'lbl three', labels: [{ key: 'env', value: 'dev' }] });
      await createStorage({ title: 'lbl four' });
    });
    const titles = async (labels: string) =>
      (await storages(`?search=lbl&limit=100&sort_by=title&${labels}`)).map((item) => item.title);

    it('matches a key whatever its value', async () => {
      expect(await titles('label=env')).toEqual(['lbl one', 'lbl three', 'lbl two']);
    });
    it('matches key=value, keys without case and values exactly', async () => {
      expect(await titles('label=env%3Dprod')).toEqual(['lbl one', 'lbl two']);
      expect(await titles('label=ENV%3Dprod')).toEqual(['lbl one', 'lbl two']);
      expect(await titles('label=env%3DPROD')).toEqual([]);
    });
    it('needs every repeated label (AND)', async () => {
      expect(await titles('label=env%3Dprod&label=TIER')).toEqual(['lbl one']);
      expect(await titles('label=env%3Ddev&label=tier')).toEqual([]);
    });
    it('returns the labels on each item', async () => {
      const [one] = await storages(`?search=${prodGold}`);
      expect(one!.labels).toEqual([
        { key: 'Env', value: 'prod' },
        { key: 'tier', value: 'gold' },
      ]);
      expect((await storages(`?search=${prod.slice(0, 13)}`)).map((item) => item.uuid)).toEqual([
        prod,
      ]);
    });
  });

  it('searches titles in part and sorts by a field', async () => {
    const found = await storages('?search=lbl%20t&sort_by=title&order_by=desc');
    expect(found.map((item) => item.title)).toEqual(['lbl two', 'lbl three']);
    const sizes = (await storages('?sort_by=size&order_by=desc&limit=100')).map(
      (item) => item.size,
    );
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });
});

describe('storage lists read again after changes', () => {
  // Without the response cache, as a read it misses: a list page is made of each storage's JSON
  // kept from earlier reads (store/list-queries.ts rowTextCache), which no change may leave stale.
  const laterClock = manualClock('2026-11-21T10:00:00.000Z');
  const later = sandboxSuite({ clock: laterClock, cacheResponses: false });
  const listUrl = '/1.3/storage/private?limit=100';

  /** The list's items, each as JSON text: the summary part of the storage's record, byte for byte. */
  async function expectListCurrent() {
    const listed = (
      (await later.call('GET', listUrl)).json() as {
        storages: { storage: Record<string, unknown>[] };
      }
    ).storages.storage;
    for (const item of listed) {
      const record = (
        (await later.call('GET', `/1.3/storage/${String(item.uuid)}`)).json() as {
          storage: Record<string, unknown>;
        }
      ).storage;
      // The record is the summary, then where the storage is attached and its backups.
      const summary = Object.fromEntries(
        Object.entries(record).filter(
          ([key]) => !['servers', 'backups', 'backup_rule'].includes(key),
        ),
      );
      expect(JSON.stringify(item)).toBe(JSON.stringify(summary));
    }
    return listed;
  }
  const itemOf = async (uuid: string) =>
    (await expectListCurrent()).find((item) => item.uuid === uuid);

  it('shows a new title, size and labels at once, in JSON and XML', async () => {
    const disk = await later.createStorage({ title: 'before', labels: [{ key: 'a', value: '1' }] });
    expect(await itemOf(disk.uuid)).toMatchObject({ title: 'before', size: 10 });
    await later.ok(
      'PUT',
      `/1.3/storage/${disk.uuid}`,
      { storage: { title: 'after', size: 20 } },
      202,
    );
    expect(await itemOf(disk.uuid)).toMatchObject({ title: 'after', size: 20 });
    const labels = [{ key: 'b', value: '2' }];
    await later.ok('PUT', `/1.3/storage/${disk.uuid}`, { storage: { labels } }, 202);
    expect(await itemOf(disk.uuid)).toMatchObject({ labels });
    await later.ok('PUT', `/1.3/storage/${disk.uuid}`, { storage: { title: 'in xml' } }, 202);
    const xml = await later.call('GET', listUrl, undefined, undefined, {
      accept: 'application/xml',
    });
    expect(xml.body).toContain('<title>in xml</title>');
    expect(xml.body).not.toContain('<title>after</title>');
    await later.ok('DELETE', `/1.3/storage/${disk.uuid}`, undefined, 204);
    expect(await itemOf(disk.uuid)).toBeUndefined();
  });

  it('shows a storage made in the place of a deleted one as itself', async () => {
    // The JSON kept from earlier reads is known by the storage's rowid, and SQLite gives the
    // newest row's rowid again once that row is deleted.
    const rowid = (uuid: string) =>
      later
        .app()
        .sandbox!.db.prepare('SELECT rowid FROM storages WHERE uuid = ?')
        .pluck()
        .get(uuid);
    const gone = await later.createStorage({
      title: 'deleted',
      labels: [{ key: 'k', value: 'v' }],
    });
    const goneRowid = rowid(gone.uuid);
    expect(await itemOf(gone.uuid)).toMatchObject({ title: 'deleted' });
    await later.ok('DELETE', `/1.3/storage/${gone.uuid}`, undefined, 204);
    const next = await later.createStorage({ title: 'its successor' });
    expect(rowid(next.uuid)).toBe(goneRowid);
    expect(await itemOf(next.uuid)).toMatchObject({ title: 'its successor', labels: [] });
    expect(await itemOf(gone.uuid)).toBeUndefined();
  });

  it('shows an attachment, a backup and a clone through their jobs on the clock', async () => {
    const disk = await later.createStorage({ title: 'watched', zone: 'uk-lon1' });
    await expectListCurrent();
    const db1 = await later.serverNamed('db-1');
    await later.ok(
      'POST',
      `/1.3/storage/${disk.uuid}/attach`,
      { storage_device: { server: db1.uuid } },
      200,
    );
    await expectListCurrent();
    await later.ok('POST', `/1.3/storage/${disk.uuid}/detach`, undefined, 200);
    const backup = storageOf(
      await later.ok('POST', `/1.3/storage/${disk.uuid}/backup`, { storage: { title: 'b' } }, 201),
    );
    expect(await itemOf(disk.uuid)).toMatchObject({ state: 'backuping' });
    expect(await itemOf(backup.uuid)).toMatchObject({ state: 'maintenance', progress: '0' });
    laterClock.advance(30 * second);
    expect(await itemOf(backup.uuid)).toMatchObject({ state: 'maintenance', progress: '50' });
    laterClock.advance(30 * second);
    expect(await itemOf(backup.uuid)).toMatchObject({ state: 'online' });
    expect(await itemOf(backup.uuid)).not.toHaveProperty('progress');
    expect(await itemOf(disk.uuid)).toMatchObject({ state: 'online' });
    const clone = storageOf(
      await later.ok(
        'POST',
        `/1.3/storage/${disk.uuid}/clone`,
        { storage: { zone: 'uk-lon1', title: 'copy' } },
        201,
      ),
    );
    expect(await itemOf(disk.uuid)).toMatchObject({ state: 'maintenance' });
    laterClock.advance(90 * second);
    expect(await itemOf(clone.uuid)).toMatchObject({ state: 'online', title: 'copy' });
    expect(await itemOf(disk.uuid)).toMatchObject({ state: 'online' });
  });
});

describe('storage details', () => {
  it('answers the record with attachments, backups and backup rule', async () => {
    const web = await serverNamed('web-1');
    const disk = await storage(web.storage_devices.storage_device[0]!.storage);
    expect(disk).toMatchObject({
      type: 'normal',
      access: 'private',
      state: 'online',
      part_of_plan: 'yes',
      servers: { server: [web.uuid] },
      backup_rule: { interval: 'daily', time: '0430', retention: '7' },
    });
    expect(disk.backups!.backup).toHaveLength(1);
    expect(disk.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const backup = await storage(disk.backups!.backup[0]!);
    expect(backup).toMatchObject({ type: 'backup', origin: disk.uuid, state: 'online' });
    expect(backup).not.toHaveProperty('tier');
    expect(backup).not.toHaveProperty('backup_rule');
  });

  it('answers 400, 403 and 404 for a bad, foreign or unknown uuid', async () => {
    const [otherData] = await storages('?search=other%20data', otherAuth);
    for (const [uuid, status, code] of [
      ['not-a-uuid', 400, 'STORAGE_INVALID'],
      ['01ABCDEF-0000-4000-8000-000000000000', 400, 'STORAGE_INVALID'],
      [unknownStorage, 404, 'STORAGE_NOT_FOUND'],
      [otherData!.uuid, 403, 'STORAGE_FORBIDDEN'],
    ] as const) {
      expectProblem(await call('GET', `/1.3/storage/${uuid}`), status, code);
    }
  });

  it('lets a subaccount act on its main account storage', async () => {
    const created = await createStorage({ title: 'made by viewer' }, viewerAuth);
    expect((await storage(created.uuid)).title).toBe('made by viewer');
  });
});

describe('creating, modifying and deleting storage', () => {
  it('creates online storage with defaults (201) and one audit row', async () => {
    const created = await audited(1, () =>
      createStorage({
        title: 'fresh',
        size: 20,
        backup_rule: { interval: 'mon', time: '2200', retention: 14 },
      }),
    );
    expect(created).toEqual({
      uuid: expect.stringMatching(/^01[0-9a-f]{6}-[0-9a-f]{4}-4/),
      title: 'fresh',
      type: 'normal',
      access: 'private',
      size: 20,
      tier: 'maxiops',
      state: 'online',
      zone: 'fi-hel1',
      license: 0,
      encrypted: 'no',
      labels: [],
      created: clock
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      servers: { server: [] },
      backups: { backup: [] },
      backup_rule: { interval: 'mon', time: '2200', retention: '14' },
    });
  });

  it.each([
    ['no size', { zone: 'fi-hel1', title: 'x' }, 'SIZE_MISSING'],
    ['too large', { zone: 'fi-hel1', title: 'x', size: 5000 }, 'SIZE_INVALID'],
    ['an unknown zone', { zone: 'xx-nope1', title: 'x', size: 1 }, 'ZONE_INVALID'],
    ['no title', { zone: 'fi-hel1', size: 1 }, 'TITLE_MISSING'],
    ['a bad tier', { zone: 'fi-hel1', title: 'x', size: 1, tier: 'gold' }, 'TIER_INVALID'],
    [
      'a label key with _',
      { zone: 'fi-hel1', title: 'x', size: 1, labels: [{ key: '_sys', value: 'v' }] },
      'INVALID_LABEL_KEY',
    ],
    [
      'duplicate label keys',
      {
        zone: 'fi-hel1',
        title: 'x',
        size: 1,
        labels: [
          { key: 'a', value: '1' },
          { key: 'A', value: '2' },
        ],
      },
      'DUPLICATE_LABEL_KEYS',
    ],
    [
      'an unknown attribute',
      { zone: 'fi-hel1', title: 'x', size: 1, colour: 'red' },
      'UNKNOWN_ATTRIBUTE',
    ],
    [
      'a bad backup rule',
      {
        zone: 'fi-hel1',
        title: 'x',
        size: 1,
        backup_rule: { interval: 'daily', time: '2500', retention: 1 },
      },
      'TIME_INVALID',
    ],
  ])('answers 400 for %s and writes no audit row', async (_name, body, code) => {
    await audited(0, async () =>
      expectProblem(await call('POST', '/1.3/storage', { storage: body }), 400, code),
    );
  });

  it('modifies title, labels, backup rule and size (202)', async () => {
    const created = await createStorage({
      labels: [{ key: 'a', value: '1' }],
      backup_rule: { interval: 'daily', time: '0100', retention: 3 },
    });
    const response = await audited(1, () =>
      ok('PUT', `/1.3/storage/${created.uuid}`, { storage: { title: 'renamed', size: 15 } }, 202),
    );
    const modified = storageOf(response);
    expect(modified).toMatchObject({
      title: 'renamed',
      size: 15,
      labels: [{ key: 'a', value: '1' }],
    });
    await ok(
      'PUT',
      `/1.3/storage/${created.uuid}`,
      { storage: { labels: [], backup_rule: {} } },
      202,
    );
    expect(await storage(created.uuid)).toMatchObject({ labels: [], backup_rule: {} });
    await audited(0, async () => {
      expectProblem(
        await call('PUT', `/1.3/storage/${created.uuid}`, { storage: { size: 15 } }),
        400,
        'SIZE_INVALID',
      );
      expectProblem(
        await call('PUT', `/1.3/storage/${created.uuid}`, {
          storage: { labels: [{ key: '_x', value: '' }] },
        }),
        400,
        'INVALID_LABEL_KEY',
      );
      expectProblem(
        await call('PUT', `/1.3/storage/${debianHel}`, { storage: { title: 'mine' } }),
        403,
        'STORAGE_FORBIDDEN',
      );
    });
  });

  it('deletes unattached private storage (204) and refuses the rest', async () => {
    const created = await createStorage();
    await audited(1, () => ok('DELETE', `/1.3/storage/${created.uuid}`, undefined, 204));
    expectProblem(await call('GET', `/1.3/storage/${created.uuid}`), 404, 'STORAGE_NOT_FOUND');
    const web = await serverNamed('web-1');
    await audited(0, async () => {
      expectProblem(
        await call('DELETE', `/1.3/storage/${web.storage_devices.storage_device[0]!.storage}`),
        409,
        'STORAGE_ATTACHED',
      );
      expectProblem(await call('DELETE', `/1.3/storage/${debianHel}`), 403, 'STORAGE_FORBIDDEN');
      expectProblem(
        await call('DELETE', `/1.3/storage/${unknownStorage}?backups=all`),
        400,
        'BACKUP_DELETION_POLICY_INVALID',
      );
    });
  });

  it.each([
    ['keep', 3],
    ['keep_latest', 1],
    ['delete', 0],
  ])('deletes with backups=%s leaving %i backups', async (policy, left) => {
    const created = await createStorage({ title: `policy ${policy}` });
    const backups: string[] = [];
    for (const title of ['b1', 'b2', 'b3']) {
      const backup = storageOf(await newStorage(created.uuid, 'backup', { title }));
      backups.push(backup.uuid);
      await advance(60 * second);
      clock.advance(second);
    }
    await ok('DELETE', `/1.3/storage/${created.uuid}?backups=${policy}`, undefined, 204);
    const remaining = [];
    for (const uuid of backups) {
      if ((await call('GET', `/1.3/storage/${uuid}`)).statusCode === 200) remaining.push(uuid);
    }
    expect(remaining).toEqual(policy === 'keep_latest' ? [backups[2]] : backups.slice(0, left));
  });
});

describe('backup, clone, templatize, cancel', () => {
  it('backs up: source backuping, backup in maintenance with progress until online', async () => {
    const source = await createStorage({ title: 'to back up', tier: 'standard' });
    const response = await audited(1, () =>
      newStorage(source.uuid, 'backup', { title: 'nightly' }),
    );
    const backup = storageOf(response);
    expect(backup).toMatchObject({
      type: 'backup',
      state: 'maintenance',
      progress: '0',
      origin: source.uuid,
      size: 10,
    });
    expect((await storage(source.uuid)).state).toBe('backuping');
    await audited(0, async () => {
      expectProblem(
        await call('POST', `/1.3/storage/${source.uuid}/backup`, { storage: { title: 'again' } }),
        409,
        'STORAGE_STATE_ILLEGAL',
      );
    });
    await advance(30 * second);
    expect((await storage(backup.uuid)).progress).toBe('50');
    const listed = async () =>
      (await storages('/private?limit=100')).find((item) => item.uuid === backup.uuid);
    expect(await listed()).toMatchObject({ state: 'maintenance', progress: '50' });
    await advance(30 * second);
    expect(await storage(backup.uuid)).toMatchObject({ state: 'online' });
    expect(await storage(backup.uuid)).not.toHaveProperty('progress');
    expect(await listed()).toMatchObject({ state: 'online' });
    expect(await listed()).not.toHaveProperty('progress');
    expect((await storage(source.uuid)).state).toBe('online');
    expect((await storage(source.uuid)).backups!.backup).toEqual([backup.uuid]);
    await audited(0, async () => {
      for (const [uuid, body, status, code] of [
        [backup.uuid, { title: 'x' }, 409, 'STORAGE_TYPE_ILLEGAL'],
        [debianHel, { title: 'x' }, 403, 'STORAGE_FORBIDDEN'],
        [source.uuid, {}, 400, 'TITLE_MISSING'],
      ] as const) {
        expectProblem(
          await call('POST', `/1.3/storage/${uuid}/backup`, { storage: body }),
          status,
          code,
        );
      }
    });
  });

  it('clones across zones: new storage and source in maintenance until done', async () => {
    const source = await createStorage({ title: 'clone me', tier: 'hdd' });
    const clone = storageOf(
      await audited(1, () => newStorage(source.uuid, 'clone', { zone: 'de-fra1', title: 'copy' })),
    );
    expect(clone).toMatchObject({
      type: 'normal',
      state: 'maintenance',
      zone: 'de-fra1',
      tier: 'hdd',
      progress: '0',
    });
    expect((await storage(source.uuid)).state).toBe('maintenance');
    await advance(90 * second);
    expect((await storage(clone.uuid)).state).toBe('online');
    expect((await storage(source.uuid)).state).toBe('online');
    expectProblem(
      await call('POST', `/1.3/storage/${source.uuid}/clone`, {
        storage: { zone: 'zz-none1', title: 'x' },
      }),
      400,
      'ZONE_INVALID',
    );
  });

  it('clones a public template, keeping its licence', async () => {
    const clone = storageOf(
      await newStorage(windowsHel, 'clone', { zone: 'fi-hel1', title: 'win' }),
    );
    expect(clone.license).toBeGreaterThan(0);
    expect((await storage(windowsHel)).state).toBe('online');
    await audited(1, () => ok('POST', `/1.3/storage/${clone.uuid}/cancel`, undefined, 204));
    expectProblem(await call('GET', `/1.3/storage/${clone.uuid}`), 404, 'STORAGE_NOT_FOUND');
  });

  it('cancels a running clone from its source: the copy is removed, the source is online', async () => {
    const source = await createStorage({ title: 'cancel me' });
    const clone = storageOf(
      await newStorage(source.uuid, 'clone', { zone: 'fi-hel1', title: 'doomed' }),
    );
    await advance(10 * second);
    await ok('POST', `/1.3/storage/${source.uuid}/cancel`, undefined, 204);
    expectProblem(await call('GET', `/1.3/storage/${clone.uuid}`), 404, 'STORAGE_NOT_FOUND');
    expect((await storage(source.uuid)).state).toBe('online');
    await advance(90 * second);
    expectProblem(await call('GET', `/1.3/storage/${clone.uuid}`), 404, 'STORAGE_NOT_FOUND');
    await audited(0, async () => {
      expectProblem(await storageAction(source.uuid, 'cancel'), 409, 'STORAGE_STATE_ILLEGAL');
    });
  });

  it('templatizes private normal storage keeping its tier', async () => {
    const source = await createStorage({ title: 'golden', tier: 'standard' });
    const template = storageOf(
      await audited(1, () => newStorage(source.uuid, 'templatize', { title: 'golden image' })),
    );
    expect(template).toMatchObject({
      type: 'template',
      access: 'private',
      tier: 'standard',
      state: 'maintenance',
    });
    await advance(60 * second);
    expect((await storage(template.uuid)).state).toBe('online');
    expectProblem(
      await call('POST', `/1.3/storage/${template.uuid}/templatize`, { storage: { title: 'x' } }),
      409,
      'STORAGE_TYPE_ILLEGAL',
    );
  });
});

describe('audit rows', () => {
  it('describe the change: type, action, resource and states', async () => {
    const created = await createStorage({ title: 'audited' });
    await ok('PUT', `/1.3/storage/${created.uuid}`, { storage: { title: 'audited twice' } }, 202);
    const rows = app()
      .sandbox!.db.prepare(
        'SELECT action, resource_type, resource_id, previous_state, current_state, account_username FROM audit_logs WHERE resource_id = ? ORDER BY cloud_event_id',
      )
      .all(created.uuid) as Record<string, string | null>[];
    expect(rows.map((row) => [row.action, row.resource_type, row.account_username])).toEqual([
      ['create', 'storage', 'demo'],
      ['update', 'storage', 'demo'],
    ]);
    expect(JSON.parse(rows[1]!.previous_state!)).toMatchObject({ title: 'audited' });
    expect(JSON.parse(rows[1]!.current_state!)).toMatchObject({ title: 'audited twice' });
  });
});

describe('favorites', () => {
  it('adds and removes idempotently, per account, outside the record', async () => {
    await audited(1, async () => {
      await ok('POST', `/1.3/storage/${debianHel}/favorite`, undefined, 204);
      await ok('POST', `/1.3/storage/${debianHel}/favorite`, undefined, 204);
    });
    const favorites = storageListResponseSchema.parse(
      (await ok('GET', '/1.3/storage/favorite', undefined, 200)).json(),
    );
    expect(favorites.storages.storage.map((item) => item.uuid)).toEqual([debianHel]);
    expect(Object.keys(await storage(debianHel))).not.toContain('favorite');
    const viewers = storageListResponseSchema.parse(
      (await ok('GET', '/1.3/storage/favorite', undefined, 200, viewerAuth)).json(),
    );
    expect(viewers.storages.storage).toEqual([]);
    await audited(1, async () => {
      await ok('DELETE', `/1.3/storage/${debianHel}/favorite`, undefined, 204);
      await ok('DELETE', `/1.3/storage/${debianHel}/favorite`, undefined, 204);
    });
    expect(
      storageListResponseSchema.parse(
        (await ok('GET', '/1.3/storage/favorite', undefined, 200)).json(),
      ).storages.storage,
    ).toEqual([]);
    expectProblem(await storageAction(unknownStorage, 'favorite'), 404, 'STORAGE_NOT_FOUND');
  });
});

describe('attach and detach', () => {
  const attach = (uuid: string, device: Record<string, unknown>) =>
    call('POST', `/1.3/storage/${uuid}/attach`, { storage_device: device });

  it('hot-plugs a VirtIO disk at the next free address and detaches it', async () => {
    const db1 = await serverNamed('db-1');
    const disk = await createStorage({ zone: 'uk-lon1', title: 'hot disk' });
    const attached = await audited(1, async () => {
      const response = await attach(disk.uuid, { server: db1.uuid });
      expect(response.statusCode).toBe(200);
      return storageOf(response);
    });
    expect(attached.servers.server).toEqual([db1.uuid]);
    const device = (await serverNamed('db-1')).storage_devices.storage_device.find(
      (item) => item.storage === disk.uuid,
    );
    expect(device).toMatchObject({ address: 'virtio:2', type: 'disk', storage_title: 'hot disk' });
    const detached = await audited(1, () =>
      ok('POST', `/1.3/storage/${disk.uuid}/detach`, undefined, 200),
    );
    expect(storageOf(detached).servers.server).toEqual([]);
    const again = await audited(0, () =>
      ok('POST', `/1.3/storage/${disk.uuid}/detach`, undefined, 200),
    );
    expect(storageOf(again)).toEqual(storageOf(detached));
  });

  it('refuses every attach rule with its code and writes no audit row', async () => {
    const db1 = await serverNamed('db-1');
    const build = await serverNamed('build-box');
    const web = await serverNamed('web-1');
    const webDisk = web.storage_devices.storage_device[0]!.storage;
    const london = await createStorage({ zone: 'uk-lon1', title: 'london' });
    const helsinki = await createStorage({ zone: 'fi-hel1', title: 'helsinki' });
    const [otherServer] = (await call('GET', '/1.3/server', undefined, otherAuth)).json().servers
      .server;
    await audited(0, async () => {
      for (const [storage, device, status, code] of [
        [london.uuid, { server: build.uuid }, 409, 'ZONE_MISMATCH'],
        [london.uuid, { server: db1.uuid, address: 'ide:0:1' }, 409, 'IDE_HOTPLUG_UNSUPPORTED'],
        [london.uuid, { server: db1.uuid, type: 'cdrom' }, 409, 'CDROM_HOTPLUG_UNSUPPORTED'],
        [london.uuid, { server: db1.uuid, address: 'virtio:0' }, 409, 'DEVICE_ADDRESS_IN_USE'],
        [debianHel, { server: build.uuid }, 409, 'PUBLIC_STORAGE_ATTACH'],
        [webDisk, { server: web.uuid }, 409, 'STORAGE_ATTACHED'],
        [london.uuid, { server: otherServer.uuid }, 403, 'SERVER_FORBIDDEN'],
        [london.uuid, { server: '00000000-0000-4000-8000-000000000000' }, 404, 'SERVER_NOT_FOUND'],
        [london.uuid, { server: db1.uuid, address: 'virtio:16' }, 400, 'ADDRESS_INVALID'],
        [london.uuid, {}, 400, 'SERVER_MISSING'],
      ] as const) {
        expectProblem(await attach(storage, device), status, code);
      }
    });
    const cd = await attach(debianCdHel, { server: build.uuid });
    expect(cd.statusCode).toBe(200);
    const ide = (await serverNamed('build-box')).storage_devices.storage_device.find(
      (item) => item.storage === debianCdHel,
    );
    expect(ide).toMatchObject({ address: 'ide:0:0', type: 'cdrom' });
    const onIde = await attach(helsinki.uuid, { server: build.uuid, address: 'ide' });
    expect(onIde.statusCode).toBe(200);
    expect(
      (await serverNamed('build-box')).storage_devices.storage_device.find(
        (item) => item.storage === helsinki.uuid,
      )!.address,
    ).toBe('ide:0:1');
    await ok('POST', `/1.3/server/${build.uuid}/start`, { server: {} }, 200);
    await advance(15 * second);
    expectProblem(await storageAction(debianCdHel, 'detach'), 409, 'CDROM_HOTPLUG_UNSUPPORTED');
    expectProblem(await storageAction(helsinki.uuid, 'detach'), 409, 'IDE_HOTPLUG_UNSUPPORTED');
    await ok('POST', `/1.3/server/${build.uuid}/stop`, { stop_server: { stop_type: 'hard' } }, 200);
    await advance(15 * second);
    await ok('POST', `/1.3/storage/${debianCdHel}/detach`, undefined, 200);
    await ok('POST', `/1.3/storage/${helsinki.uuid}/detach`, undefined, 200);
  });

  it('allows 16 storage devices per server', async () => {
    const build = await serverNamed('build-box');
    const taken = build.storage_devices.storage_device.length;
    for (let n = taken; n < 16; n += 1) {
      const disk = await createStorage({ title: `many ${n}` });
      expect((await attach(disk.uuid, { server: build.uuid })).statusCode).toBe(200);
    }
    const extra = await createStorage({ title: 'one too many' });
    await audited(0, async () =>
      expectProblem(
        await attach(extra.uuid, { server: build.uuid, address: 'scsi:0:0' }),
        409,
        'STORAGE_DEVICE_LIMIT_REACHED',
      ),
    );
  });

  it('allows 24 storage devices and network interfaces together', async () => {
    const disk = await createStorage({ title: 'first' });
    const created = (
      await ok(
        'POST',
        '/1.3/server',
        {
          server: {
            zone: 'fi-hel1',
            title: 'crowded',
            hostname: 'crowded',
            storage_devices: { storage_device: [{ action: 'attach', storage: disk.uuid }] },
          },
        },
        202,
      )
    ).json().server;
    // Eight more utility interfaces next to the default two: ten interfaces in all.
    const row = app().sandbox!.servers.find(created.uuid)!;
    app().sandbox!.db.transaction(() => {
      for (let n = 0; n < 8; n += 1) {
        app().sandbox!.networking.addInterface(row.account_id, row, { type: 'utility' });
      }
    })();
    await advance(30 * second);
    for (let n = 1; n < 14; n += 1) {
      const more = await createStorage({ title: `crowd ${n}` });
      expect((await attach(more.uuid, { server: created.uuid })).statusCode).toBe(200);
    }
    const extra = await createStorage({ title: 'no room' });
    expectProblem(
      await attach(extra.uuid, { server: created.uuid }),
      409,
      'STORAGE_DEVICE_LIMIT_REACHED',
    );
  });
});

describe('resize and restore', () => {
  it('resizes only after an enlargement, backing up first', async () => {
    const disk = await createStorage({ title: 'grow me' });
    expectProblem(await storageAction(disk.uuid, 'resize'), 409, 'STORAGE_STATE_ILLEGAL');
    await ok('PUT', `/1.3/storage/${disk.uuid}`, { storage: { size: 30 } }, 202);
    const answer = (
      await audited(1, () => ok('POST', `/1.3/storage/${disk.uuid}/resize`, undefined, 200))
    ).json();
    expect(Object.keys(answer)).toEqual(['resize_backup']);
    const backup = storageDetailsSchema.parse(answer.resize_backup);
    expect(backup).toMatchObject({
      title: 'Resize Backup',
      type: 'backup',
      origin: disk.uuid,
      size: 30,
      state: 'online',
    });
    const resized = await storage(disk.uuid);
    expect(resized).toMatchObject({ uuid: disk.uuid, size: 30, state: 'maintenance' });
    expect(resized.backups!.backup).toEqual([backup.uuid]);
    await advance(30 * second);
    expect((await storage(disk.uuid)).state).toBe('online');
  });

  it('resizes in the modify with filesystem_resize=yes, only on a stopped server', async () => {
    const db1 = await serverNamed('db-1');
    const data = db1.storage_devices.storage_device[1]!.storage;
    await audited(0, async () =>
      expectProblem(
        await call('PUT', `/1.3/storage/${data}`, {
          storage: { size: 300, filesystem_resize: 'yes' },
        }),
        409,
        'SERVER_STATE_ILLEGAL',
      ),
    );
    expect((await storage(data)).size).toBe(200);
    const disk = await createStorage({ title: 'grow with fs' });
    const modified = storageOf(
      await ok(
        'PUT',
        `/1.3/storage/${disk.uuid}`,
        { storage: { size: 40, filesystem_resize: 'yes' } },
        202,
      ),
    );
    expect(modified).toMatchObject({ size: 40, state: 'maintenance' });
  });

  it('restores a backup to its origin once the server is stopped', async () => {
    const web = await serverNamed('web-1');
    const osDisk = await storage(web.storage_devices.storage_device[0]!.storage);
    const backup = osDisk.backups!.backup[0]!;
    await audited(0, async () => {
      expectProblem(await storageAction(backup, 'restore'), 409, 'SERVER_STATE_ILLEGAL');
      expectProblem(await storageAction(osDisk.uuid, 'restore'), 409, 'STORAGE_TYPE_ILLEGAL');
    });
    await ok('POST', `/1.3/server/${web.uuid}/stop`, undefined, 200);
    await advance(15 * second);
    const restored = storageOf(
      await audited(1, () => ok('POST', `/1.3/storage/${backup}/restore`, undefined, 202)),
    );
    expect(restored).toMatchObject({ uuid: osDisk.uuid, state: 'maintenance' });
    await advance(60 * second);
    expect((await storage(osDisk.uuid)).state).toBe('online');
    await ok('POST', `/1.3/server/${web.uuid}/start`, undefined, 200);
    await advance(15 * second);
  });
});

describe('XML', () => {
  it('creates from an XML body and answers XML that parses back to the record', async () => {
    const parsed = (await postXml(
      '/1.3/storage',
      '<storage><zone>fi-hel1</zone><size>12</size><title>from xml &amp; back</title><labels><label><key>env</key><value>xml</value></label></labels></storage>',
    )) as { storage: { uuid: string } };
    const json = await storage(parsed.storage.uuid);
    expect(json).toMatchObject({
      title: 'from xml & back',
      size: 12,
      labels: [{ key: 'env', value: 'xml' }],
    });
    expect(parsed.storage).toMatchObject({
      uuid: json.uuid,
      title: 'from xml & back',
      size: '12',
      state: 'online',
      servers: '',
    });
  });
});

describe('persistence', () => {
  it('finishes a backup started before a restart', async () => {
    const fileClock = manualClock('2026-11-21T10:00:00.000Z');
    await acrossRestart(
      { clock: fileClock },
      async (app) => {
        const client = resourceClient(app);
        const disk = await client.createStorage({ title: 'survivor' });
        const backup = storageOf(
          await client.ok(
            'POST',
            `/1.3/storage/${disk.uuid}/backup`,
            { storage: { title: 'across restarts' } },
            201,
          ),
        );
        return { disk, backup };
      },
      async (app, { disk, backup }) => {
        const client = resourceClient(app);
        expect((await client.storage(backup.uuid)).state).toBe('maintenance');
        fileClock.advance(61 * second);
        expect((await client.storage(backup.uuid)).state).toBe('online');
        expect((await client.storage(disk.uuid)).state).toBe('online');
      },
    );
  });
});
