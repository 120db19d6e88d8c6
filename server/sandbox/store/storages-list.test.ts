import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Label } from '../../../contract/common';
import { uuidPrefixes } from '../../../contract/common';
import type { LabelFilter } from '../../../contract/labels';
import { matchesLabelFilters } from '../../../contract/labels';
import type { StorageTier } from '../../../contract/storage';
import { storageSortFields, storageTypes } from '../../../contract/storage';
import type { SkydeckServer } from '../../app';
import { newUuid } from '../credentials';
import { buildTestServer, manualClock } from '../testing';
import type { StorageListFilter, StorageRow } from './storages';
import { createStorageRepository, newStorageDefaults } from './storages';

/**
 * The storage list in SQL gives the page a plain filter, sort and slice of every storage the
 * account sees (its own and the public ones) gives, and the page's summaries as SQLite writes them
 * are the bytes JSON.stringify gives for resources.ts `storageSummary`, unless one of them shows
 * the progress of a pending job (then SQLite writes none). Generated storages share
 * sort values (sizes, times, titles, missing tiers) so that ties fall to the UUID, and carry the
 * text and numbers JSON writes in more than one way; public ones join the seeded templates and
 * images.
 */

/** SQLite's order for the sort values (NULL first, then by value) and UUIDs. */
function compare(a: string | number | null, b: string | number | null) {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** SQLite's LIKE, as the list searches: a part of the text, ASCII letters without case. */
const likeMatch = (text: string, part: string) =>
  text
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .includes(part.replace(/[A-Z]/g, (c) => c.toLowerCase()));

function inMemory(rows: StorageRow[], labels: Map<string, Label[]>, filter: StorageListFilter) {
  const column = filter.sortBy ?? 'created';
  const sign = filter.descending ? -1 : 1;
  return rows
    .filter(
      (row) =>
        (row.account_id === filter.ownerId
          ? filter.access !== 'public'
          : filter.access !== 'private') &&
        (!filter.type || row.type === filter.type) &&
        (!filter.search ||
          likeMatch(row.title, filter.search) ||
          likeMatch(row.uuid, filter.search)) &&
        (filter.labels.length === 0 ||
          matchesLabelFilters(labels.get(row.uuid) ?? [], filter.labels)),
    )
    .sort((a, b) => sign * (compare(a[column], b[column]) || compare(a.uuid, b.uuid)))
    .slice(filter.offset, filter.offset + filter.limit);
}

let app: SkydeckServer;
beforeAll(async () => {
  app = await buildTestServer({ clock: manualClock('2026-11-21T10:00:00.000Z') });
});
afterAll(() => app.close());

// LIKE's wildcards, and what JSON escapes or could: quotes, backslashes, control characters,
// U+2028, a character beyond U+FFFF. No NUL: SQLite's LIKE ends a text there, and a title may
// hold no control character anyway.
const titleLetters = [
  'a',
  'A',
  'b',
  'B',
  'ä',
  'Ä',
  '%',
  '_',
  ' ',
  '1',
  '"',
  '\\',
  '\n',
  '\u001f',
  '\u2028',
  '😀',
];
const labelKeys = ['env', 'ENV', 'team'];
const labelValues = ['prod', 'web', ''];
const tiers: (StorageTier | null)[] = [null, 'maxiops', 'hdd', 'standard'];

const storageArb = fc.record({
  public: fc.boolean(),
  title: fc
    .array(fc.constantFrom(...titleLetters), { minLength: 1, maxLength: 5 })
    .map((c) => c.join('')),
  type: fc.constantFrom(...storageTypes),
  size: fc.integer({ min: 1, max: 3 }),
  tier: fc.constantFrom(...tiers),
  state: fc.constantFrom('online' as const, 'maintenance' as const, 'error' as const),
  zone: fc.constantFrom('fi-hel1', 'de-fra1'),
  created: fc.constantFrom('2020-01-01T00:00:00Z', '2026-11-21T09:00:00Z', '2030-01-01T00:00:00Z'),
  // Whole, decimal, negative zero, the 17-digit ones SQLite writes otherwise, and infinities.
  license: fc.oneof(
    fc.constantFrom(0, 1.6, -0, 1 / 3, 0.1 + 0.2, 2 ** 53, 2 ** 60),
    fc.double({ noNaN: true }),
  ),
  encrypted: fc.constantFrom('yes' as const, 'no' as const),
  origin: fc.constantFrom(null, '01000000-0000-4000-8000-000000000001'),
  template_type: fc.constantFrom(null, 'cloud-init' as const, 'native' as const),
  part_of_plan: fc.constantFrom(0, 1),
  // A pending job shows its progress on the storage, and on the storage a copy is made from.
  job: fc.boolean(),
  copyOf: fc.option(fc.nat(), { freq: 4 }),
  labels: fc.uniqueArray(
    fc.record({ key: fc.constantFrom(...labelKeys), value: fc.constantFrom(...labelValues) }),
    { maxLength: 2, selector: (label) => label.key.toLowerCase() },
  ),
});

const labelFilterArb: fc.Arbitrary<LabelFilter> = fc.oneof(
  fc.record({ key: fc.constantFrom(...labelKeys) }),
  fc.record({ key: fc.constantFrom(...labelKeys), value: fc.constantFrom(...labelValues) }),
);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary, weight: 1 });

const queryArb = fc.record({
  type: maybe(fc.constantFrom(...storageTypes)),
  access: maybe(fc.constantFrom('private' as const, 'public' as const)),
  search: maybe(fc.constantFrom('a', 'B', 'ä', '%', '_', 'a b', '0100')),
  labels: fc.array(labelFilterArb, { maxLength: 2 }),
  sortBy: maybe(fc.constantFrom(...storageSortFields)),
  descending: fc.boolean(),
  limit: fc.integer({ min: 1, max: 30 }),
  offset: fc.oneof(
    { arbitrary: fc.constant(0), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: 90 }), weight: 1 },
  ),
});

/**
 * A change made in place to one of the generated storages after the pages were read once: what a
 * summary shows (title, size, tier, state, labels…) through the repository, or by a statement of
 * its own, as a job's transition or another store writes it.
 */
type Query = typeof queryArb extends fc.Arbitrary<infer Q> ? Q : never;

const changeArb = fc.record({
  index: fc.nat(),
  title: maybe(storageArb.map((storage) => storage.title)),
  size: maybe(fc.integer({ min: 1, max: 3 })),
  tier: maybe(fc.constantFrom(...tiers)),
  state: maybe(fc.constantFrom('online' as const, 'maintenance' as const, 'backuping' as const)),
  part_of_plan: maybe(fc.constantFrom(0, 1)),
  labels: maybe(
    fc.uniqueArray(
      fc.record({ key: fc.constantFrom(...labelKeys), value: fc.constantFrom(...labelValues) }),
      { maxLength: 2, selector: (label) => label.key.toLowerCase() },
    ),
  ),
  by: fc.constantFrom('repository' as const, 'statement' as const),
});

describe('the storage list in SQL', () => {
  it('gives the page of a plain filter, sort and slice, for any storages and query', () => {
    const sandbox = app.sandbox!;
    const storages = createStorageRepository(sandbox.db);
    const { resources } = sandbox;
    const owner = sandbox.accounts.findByUsername('other')!.id;
    const visible = sandbox.db.prepare<[number], StorageRow>(
      'SELECT * FROM storages WHERE account_id = ? OR account_id IS NULL',
    );
    const setTitle = sandbox.db.prepare<[string, string]>(
      'UPDATE storages SET title = ? WHERE uuid = ?',
    );
    const setSize = sandbox.db.prepare<[number, string]>(
      'UPDATE storages SET size = ? WHERE uuid = ?',
    );
    const deleteLabels = sandbox.db.prepare<[string]>(
      'DELETE FROM storage_labels WHERE storage_uuid = ?',
    );
    /** Every page of `queries` against a plain filter, sort and slice of the rows now stored. */
    function checkPages(queries: Query[], anyJob: boolean) {
      const rows = visible.all(owner);
      const labels = storages.labelsOfMany(rows.map((row) => row.uuid));
      for (const { type, access, search, sortBy, ...query } of queries) {
        const filter: StorageListFilter = {
          ownerId: owner,
          ...query,
          ...(type ? { type } : {}),
          ...(access ? { access } : {}),
          ...(search ? { search } : {}),
          ...(sortBy ? { sortBy } : {}),
        };
        const page = inMemory(rows, labels, filter);
        expect(storages.list(filter)).toEqual(page);
        const summaries = page.map((row) => resources.storageSummary(row, labels.get(row.uuid)));
        const text = JSON.stringify(summaries);
        // A page showing progress is left to storageSummary; any other is written alike.
        const progress = summaries.some((summary) => summary.progress !== undefined);
        expect(storages.summariesJson(filter, false)).toBe(progress ? undefined : text);
        if (!anyJob) expect(storages.summariesJson(filter, true)).toBe(text);
      }
    }
    fc.assert(
      fc.property(
        fc.array(storageArb, { maxLength: 12 }),
        fc.array(queryArb, { minLength: 1, maxLength: 10 }),
        fc.array(changeArb, { maxLength: 3 }),
        (generated, queries, changes) => {
          const uuids = generated.map(() => newUuid(uuidPrefixes.storage));
          const copied = new Set<string>();
          const made = generated.map(
            ({ labels, job, copyOf, public: shared, ...fields }, index) => {
              // A copy of an earlier storage, one copy at most each.
              const source = copyOf === null || index === 0 ? undefined : uuids[copyOf % index]!;
              const copy = source !== undefined && !copied.has(source);
              if (copy) copied.add(source);
              const row: StorageRow = {
                ...newStorageDefaults,
                ...fields,
                uuid: uuids[index]!,
                account_id: shared ? null : owner,
                access: shared ? 'public' : 'private',
                copy_of: copy ? source : null,
              };
              return { row, labels, job };
            },
          );
          sandbox.db.transaction(() =>
            made.forEach(({ row, labels }) => storages.insert(row, labels)),
          )();
          for (const { row, job } of made) {
            if (job) sandbox.jobs.schedule('storage-list-test', row.uuid, 3600);
          }
          const anyJob = made.some(({ job }) => job);
          try {
            checkPages(queries, anyJob);
            // The summaries written for the pages above are kept: a change must show all the same.
            if (made.length === 0 || changes.length === 0) return;
            for (const { index, labels, by, ...fields } of changes) {
              const { row } = made[index % made.length]!;
              const changed = Object.fromEntries(
                Object.entries(fields).filter(([, value]) => value !== undefined),
              );
              if (by === 'repository') {
                storages.update({ ...storages.find(row.uuid)!, ...changed });
                if (labels) storages.setLabels(row.uuid, labels);
              } else {
                if (changed.title !== undefined) setTitle.run(changed.title as string, row.uuid);
                if (changed.size !== undefined) setSize.run(changed.size as number, row.uuid);
                if (labels) deleteLabels.run(row.uuid);
              }
            }
            checkPages(queries.slice(0, 4), anyJob);
          } finally {
            sandbox.db.transaction(() =>
              made.forEach(({ row }) => {
                sandbox.jobs.cancel(row.uuid);
                storages.delete(row.uuid);
              }),
            )();
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps no summary read inside a transaction that is rolled back', () => {
    const sandbox = app.sandbox!;
    const storages = createStorageRepository(sandbox.db);
    const owner = sandbox.accounts.findByUsername('other')!.id;
    const row: StorageRow = {
      ...newStorageDefaults,
      uuid: newUuid(uuidPrefixes.storage),
      account_id: owner,
      title: 'kept',
      type: 'normal',
      size: 10,
      state: 'online',
      zone: 'fi-hel1',
      created: '2001-01-01T00:00:00Z',
    };
    storages.insert(row);
    const filter: StorageListFilter = {
      ownerId: owner,
      access: 'private',
      labels: [],
      descending: false,
      limit: 1,
      offset: 0,
    };
    const titleListed = () =>
      (JSON.parse(storages.summariesJson(filter, true)!) as { title: string }[])[0]!.title;
    try {
      expect(titleListed()).toBe('kept');
      expect(() =>
        sandbox.db.transaction(() => {
          storages.update({ ...row, title: 'rolled back' });
          expect(titleListed()).toBe('rolled back');
          throw new Error('roll back');
        })(),
      ).toThrow('roll back');
      expect(titleListed()).toBe('kept');
    } finally {
      storages.delete(row.uuid);
    }
  });
});
