import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidPrefixes } from '../../../contract/common';
import type { LabelFilter } from '../../../contract/labels';
import { matchesLabelFilters } from '../../../contract/labels';
import type { ServerSortField, ServerState } from '../../../contract/server';
import { serverSortFields } from '../../../contract/server';
import type { SkydeckServer } from '../../app';
import { newUuid } from '../credentials';
import { buildTestServer, manualClock } from '../testing';
import type { ServerListFilter, ServerRow } from './servers';
import { createServerRepository, serverSettingDefaults } from './servers';

/**
 * The server list in SQL answers exactly as the list did when it filtered, sorted and paged the
 * account's rows in JavaScript. `inMemory` is that code; generated servers (case variants,
 * non-ASCII letters, equal sort values) and generated queries must give the same pages.
 */

/** The earlier route code of `GET /1.3/server`, over every row of the account, oldest first. */
function inMemory(rows: ServerRow[], filter: ServerListFilter): ServerRow[] {
  const search = filter.search?.toLowerCase();
  let result = rows.filter(
    (row) =>
      (!filter.state || row.state === filter.state) &&
      (!filter.zone || row.zone === filter.zone) &&
      (!filter.tag || (JSON.parse(row.tags) as string[]).includes(filter.tag)) &&
      (!search ||
        row.title.toLowerCase().includes(search) ||
        row.hostname.toLowerCase().includes(search) ||
        row.uuid.includes(search)) &&
      (filter.labels.length === 0 || matchesLabelFilters(JSON.parse(row.labels), filter.labels)),
  );
  if (filter.sortBy) {
    const field = filter.sortBy;
    const sign = filter.descending ? -1 : 1;
    result = result.sort((a, b) => {
      const x = a[field];
      const y = b[field];
      if (x !== y) return sign * (x < y ? -1 : 1);
      return sign * (a.uuid < b.uuid ? -1 : 1);
    });
  }
  return filter.limit === undefined
    ? result.slice(filter.offset)
    : result.slice(filter.offset, filter.offset + filter.limit);
}

let app: SkydeckServer;
beforeAll(async () => {
  app = await buildTestServer({ clock: manualClock('2026-11-21T10:00:00.000Z') });
});
afterAll(() => app.close());

// Letters whose case folding differs between JavaScript and SQLite's lower() (Ä, Σ, İ, the
// Kelvin sign), letters without case, and letters JavaScript and SQLite order alike (no
// characters beyond U+FFFF: JavaScript compares UTF-16 units, SQLite code points).
const letters = [
  'a',
  'A',
  'b',
  'B',
  'ä',
  'Ä',
  'Σ',
  'σ',
  'İ',
  'i',
  '\u212a',
  'k',
  'ß',
  '-',
  ' ',
  '1',
];
const text = (max: number) =>
  fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: max }).map((c) => c.join(''));
const hostname = fc
  .array(fc.constantFrom('a', 'B', 'k', 'K', '1', '-'), { minLength: 1, maxLength: 6 })
  .map((c) => `h${c.join('')}.example.com`);
const labelKeys = ['env', 'ENV', 'Env', 'ärzte', 'ÄRZTE', '\u212aey', 'key', 'team'];
const labelValues = ['prod', 'Prod', 'web', '', 'a=b'];
const tagNames = ['blue', 'Blue', 'green', 'g_1'];
const states: ServerState[] = ['started', 'stopped', 'maintenance', 'error'];
const zones = ['fi-hel1', 'de-fra1', 'uk-lon1'];

const serverArb = fc.record({
  title: text(8),
  hostname,
  zone: fc.constantFrom(...zones),
  plan: fc.constantFrom('custom', '1xCPU-1GB', '2xCPU-4GB'),
  core_number: fc.integer({ min: 1, max: 3 }),
  memory_amount: fc.constantFrom(1024, 4096, 16384),
  state: fc.constantFrom(...states),
  created: fc.integer({ min: 0, max: 3 }),
  tags: fc.uniqueArray(fc.constantFrom(...tagNames), { maxLength: 3 }),
  labels: fc.array(
    fc.record({ key: fc.constantFrom(...labelKeys), value: fc.constantFrom(...labelValues) }),
    { maxLength: 3 },
  ),
});

const labelFilterArb: fc.Arbitrary<LabelFilter> = fc.oneof(
  fc.record({ key: fc.constantFrom(...labelKeys, 'ENVX') }),
  fc.record({
    key: fc.constantFrom(...labelKeys),
    value: fc.constantFrom(...labelValues, 'PROD'),
  }),
);

/** Mostly absent: a query with every filter set would mostly find nothing. */
const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary, weight: 1 });

/** A query; `search` picks text out of a generated server (by index) or is made up. */
const queryArb = fc.record({
  state: maybe(fc.constantFrom(...states)),
  zone: maybe(fc.constantFrom(...zones)),
  tag: maybe(fc.constantFrom(...tagNames)),
  search: maybe(
    fc.oneof(
      text(3).map((value) => ({ value })),
      fc.record({
        server: fc.nat(),
        field: fc.constantFrom('title' as const, 'hostname' as const, 'uuid' as const),
        start: fc.nat(),
        length: fc.integer({ min: 1, max: 5 }),
        upper: fc.boolean(),
      }),
    ),
  ),
  labels: fc.array(labelFilterArb, { maxLength: 2 }),
  sortBy: fc.option(fc.constantFrom<ServerSortField>(...serverSortFields), { nil: undefined }),
  descending: fc.boolean(),
  limit: maybe(fc.integer({ min: 1, max: 8 })),
  offset: fc.oneof(
    { arbitrary: fc.constant(0), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: 10 }), weight: 1 },
  ),
});

describe('the server list in SQL', () => {
  it('gives the pages the in-memory list gave, for any servers and query', () => {
    const sandbox = app.sandbox!;
    const servers = createServerRepository(sandbox.db);
    const owner = sandbox.accounts.findByUsername('other')!.id;
    fc.assert(
      fc.property(
        fc.array(serverArb, { minLength: 0, maxLength: 12 }),
        fc.array(queryArb, { minLength: 1, maxLength: 15 }),
        (generated, queries) => {
          const made = generated.map((fields): ServerRow => ({
            ...fields,
            uuid: newUuid(uuidPrefixes.server),
            account_id: owner,
            created: 1_790_000_000 + fields.created,
            host: 1,
            ...serverSettingDefaults,
            metadata: 'no',
            remote_access_password: 'x',
            tags: JSON.stringify(fields.tags),
            labels: JSON.stringify(fields.labels),
          }));
          sandbox.db.transaction(() => made.forEach((row) => servers.insert(row)))();
          try {
            // Half of them get new labels: the label index follows an update.
            made.forEach((row, index) => {
              if (index % 2 === 1) {
                row.labels = JSON.stringify(generated[(index + 1) % generated.length]!.labels);
                servers.update(row);
              }
            });
            const rows = servers.listByAccount(owner);
            for (const { search, ...query } of queries) {
              let searchText: string | undefined;
              if (search && 'value' in search) searchText = search.value;
              else if (search && rows.length > 0) {
                const source = rows[search.server % rows.length]![search.field];
                const start = search.start % source.length;
                const part = source.slice(start, start + search.length);
                searchText = search.upper ? part.toUpperCase() : part;
              }
              const filter: ServerListFilter = {
                ownerId: owner,
                labels: query.labels,
                descending: query.descending,
                offset: query.offset,
                ...(query.state ? { state: query.state } : {}),
                ...(query.zone ? { zone: query.zone } : {}),
                ...(query.tag ? { tag: query.tag } : {}),
                ...(searchText ? { search: searchText } : {}),
                ...(query.sortBy ? { sortBy: query.sortBy } : {}),
                ...(query.limit !== undefined ? { limit: query.limit } : {}),
              };
              expect(servers.list(filter).map((row) => row.uuid)).toEqual(
                inMemory(rows, filter).map((row) => row.uuid),
              );
            }
          } finally {
            sandbox.db.transaction(() => made.forEach((row) => servers.delete(row.uuid)))();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
