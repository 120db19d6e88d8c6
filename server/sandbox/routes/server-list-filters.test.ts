import { beforeAll, describe, expect, it } from 'vitest';
import type { ServerSummary } from '../../../contract/server';
import { serverListResponseSchema, serverResponseSchema } from '../../../contract/server';
import { publicImageUuid } from '../seed';
import { expectProblem, manualClock, otherAuth } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * `GET /1.3/server` filters combined with each other, with sorting and with pages (reference
 * §1.6, api-rules §2.8): the edges server-list.test.ts leaves open. The servers made here stay in
 * maintenance (the clock stands all but still), so `state=maintenance` lists exactly them.
 */

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { call, ok } = sandboxSuite({ clock });

const list = async (query: string, auth?: string): Promise<ServerSummary[]> =>
  serverListResponseSchema.parse(
    (await ok('GET', `/1.3/server${query}`, undefined, 200, auth)).json(),
  ).servers.server;
const titles = async (query: string, auth?: string) =>
  (await list(query, auth)).map((server) => server.title);

interface Made {
  uuid: string;
  title: string;
}
const made: Record<string, Made> = {};

async function create(name: string, fields: Record<string, unknown>) {
  const body = {
    server: {
      zone: 'fi-hel1',
      storage_devices: {
        storage_device: [
          { action: 'clone', storage: publicImageUuid('fi-hel1', 0), title: 'os', size: 10 },
        ],
      },
      ...fields,
    },
  };
  const server = serverResponseSchema.parse(
    (await ok('POST', '/1.3/server', body, 202)).json(),
  ).server;
  made[name] = { uuid: server.uuid, title: server.title };
  // One second apart, so the list's default order (oldest first) is the order made; creating
  // takes 30 seconds, so every one stays in maintenance.
  clock.advance(1000);
}

const labels = (...pairs: [string, string][]) => ({
  labels: { label: pairs.map(([key, value]) => ({ key, value })) },
});
const tags = (...names: string[]) => ({ tags: { tag: names } });

beforeAll(async () => {
  await create('apple', {
    title: 'Äpple store',
    hostname: 'apple.example.com',
    plan: '1xCPU-1GB',
    ...labels(['Owner', 'Ops']),
    ...tags('blue', 'green'),
  });
  await create('banana', {
    title: 'banana',
    hostname: 'Fruit-APPLE.example.com',
    plan: '6xCPU-16GB',
    ...labels(['owner', 'dev'], ['tier', 'gold']),
    ...tags('green'),
  });
  await create('cherry', {
    title: 'cherry',
    hostname: 'cherry.example.com',
    plan: '2xCPU-4GB',
    ...labels(['ÄRZTE', 'x']),
  });
  await create('cherry2', {
    title: 'cherry',
    hostname: 'cherry-two.example.com',
    plan: '2xCPU-4GB',
    ...labels(['owner', 'Ops']),
  });
});

/** The made servers by name, in the order the list gives them. */
const names = async (query: string) => {
  const byUuid = new Map(Object.entries(made).map(([name, server]) => [server.uuid, name]));
  return (await list(`?state=maintenance${query}`)).map((server) => byUuid.get(server.uuid));
};

describe('server list filters', () => {
  it('searches title and hostname in any case, JavaScript case folding included, and the UUID', async () => {
    expect(await names('&search=APPLE')).toEqual(['apple', 'banana']);
    // Ä and ä are one letter without case; SQLite's own lower() would miss it.
    expect(await names('&search=%C3%A4PPLE')).toEqual(['apple']);
    expect(await names('&search=store')).toEqual(['apple']);
    const uuidPart = made.cherry2!.uuid.slice(9, 23);
    expect(await names(`&search=${uuidPart}`)).toEqual(['cherry2']);
    expect(await names(`&search=${uuidPart.toUpperCase()}`)).toEqual(['cherry2']);
    // `_` and `%` are text, not patterns.
    expect(await names('&search=%25')).toEqual([]);
    expect(await names('&search=_')).toEqual([]);
  });

  it('filters by an exact tag name and follows tagging', async () => {
    expect(await names('&tag=green')).toEqual(['apple', 'banana']);
    expect(await names('&tag=blue')).toEqual(['apple']);
    expect(await names('&tag=Green')).toEqual([]);
    expect(await names('&tag=gree')).toEqual([]);
    await ok('POST', `/1.3/server/${made.banana!.uuid}/untag/green`, undefined, 200);
    expect(await names('&tag=green')).toEqual(['apple']);
    await ok('POST', `/1.3/server/${made.banana!.uuid}/tag/green`, undefined, 200);
    expect(await names('&tag=green')).toEqual(['apple', 'banana']);
  });

  it('matches a label key alone or with its value; keys without case, values exactly', async () => {
    expect(await names('&label=OWNER')).toEqual(['apple', 'banana', 'cherry2']);
    expect(await names('&label=owner%3DOps')).toEqual(['apple', 'cherry2']);
    expect(await names('&label=owner%3Dops')).toEqual([]);
    expect(await names('&label=%C3%A4rzte')).toEqual(['cherry']);
    expect(await names('&label=owner&label=tier%3Dgold')).toEqual(['banana']);
    expect(await names('&label=owner&label=%C3%A4rzte')).toEqual([]);
    expect(await names('&label=tier%3D')).toEqual([]);
  });

  it('follows label changes made by modify', async () => {
    await ok('PUT', `/1.3/server/${made.cherry2!.uuid}`, { server: labels() }, 202);
    expect(await names('&label=owner')).toEqual(['apple', 'banana']);
    await ok(
      'PUT',
      `/1.3/server/${made.cherry2!.uuid}`,
      { server: labels(['OWNER', 'Ops'], ['tier', 'gold']) },
      202,
    );
    expect(await names('&label=owner%3DOps')).toEqual(['apple', 'cherry2']);
    expect(await names('&label=tier%3Dgold')).toEqual(['banana', 'cherry2']);
    // A modify without labels leaves them as they are.
    await ok('PUT', `/1.3/server/${made.cherry2!.uuid}`, { server: { title: 'cherry' } }, 202);
    expect(await names('&label=tier%3Dgold')).toEqual(['banana', 'cherry2']);
  });

  it('combines filters with sorting and a page', async () => {
    const query = '&zone=fi-hel1&label=owner&sort_by=title&order_by=desc';
    // Text sorts by code point: Ä comes after every ASCII letter.
    expect(await names(query)).toEqual(['apple', 'cherry2', 'banana']);
    expect(await names(`${query}&limit=1&offset=1`)).toEqual(['cherry2']);
    expect(await names(`${query}&limit=5&offset=2`)).toEqual(['banana']);
    expect(await names(`${query}&offset=1`)).toEqual(['cherry2', 'banana']);
    expect(await names(`${query}&offset=3`)).toEqual([]);
    expect(await names('&search=cherry&tag=green')).toEqual([]);
  });

  it('answers an offset past any list, however large, with an empty page', async () => {
    expect(await titles('?offset=9007199254740991&limit=1000')).toEqual([]);
    expect(await titles('?offset=99999999999999999999')).toEqual([]);
    expect(await titles('?sort_by=title&offset=99999999999999999999&limit=5')).toEqual([]);
  });

  it('breaks ties by UUID in the sort direction, so pages neither repeat nor skip a server', async () => {
    const cherries = [made.cherry!.uuid, made.cherry2!.uuid].sort();
    const uuids = async (query: string) =>
      (await list(`?state=maintenance&search=cherry${query}`)).map((server) => server.uuid);
    expect(await uuids('&sort_by=title')).toEqual(cherries);
    expect(await uuids('&sort_by=title&order_by=desc')).toEqual([...cherries].reverse());
    expect([
      ...(await uuids('&sort_by=plan&limit=1')),
      ...(await uuids('&sort_by=plan&limit=1&offset=1')),
    ]).toEqual(cherries);
  });

  it('sorts numbers as numbers', async () => {
    const memory = async (order: string) =>
      (await list(`?state=maintenance&sort_by=memory_amount${order}`)).map((server) =>
        Number(server.memory_amount),
      );
    expect(await memory('')).toEqual([1024, 4096, 4096, 16384]);
    expect(await memory('&order_by=desc')).toEqual([16384, 4096, 4096, 1024]);
  });

  it("lists only the caller's servers whatever the filter", async () => {
    expect(await titles('?label=owner', otherAuth)).toEqual([]);
    expect(await titles('?search=apple', otherAuth)).toEqual([]);
    expect(await titles('?sort_by=title&limit=5', otherAuth)).toEqual(['other-app']);
  });

  it.each([
    ['?label=owner&order_by=asc', 'ORDER_BY_INVALID'],
    ['?label=_hidden', 'INVALID_LABEL_KEY'],
    [`?label=${'k'.repeat(33)}`, 'INVALID_LABEL_KEY'],
    ['?search=%3Cb%3E', 'SEARCH_INVALID'],
    ['?zone=Nowhere', 'ZONE_INVALID'],
  ])('refuses bad filters before reading anything: %s → 400 %s', async (query, code) => {
    expectProblem(await call('GET', `/1.3/server${query}`), 400, code);
  });
});
