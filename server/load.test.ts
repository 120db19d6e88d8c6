import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkydeckServer } from './app';
import { buildServer } from './app';
import { storageListResponseSchema, storageResponseSchema } from '../contract/storage';
import { bearer, createToken, demoAuth } from './sandbox/testing';

/**
 * Load (issue 11): 50 concurrent clients on loopback, each mixing reads and writes on a file
 * database for a bounded number of rounds. No request fails, every client reads its own last
 * write back, and at the end every write is there.
 */

const clients = 50;
const rounds = 6;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-load-'));
let app: SkydeckServer;
let origin: string;
let authorization: string;

beforeAll(async () => {
  app = await buildServer({ database: path.join(dir, 'sandbox.db'), logger: false });
  authorization = bearer((await createToken(app, demoAuth)).token);
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function call(method: string, url: string, body?: unknown) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

async function client(index: number) {
  const created = await call('POST', '/1.3/storage', {
    storage: { size: 10, tier: 'maxiops', title: `load-${index}-0`, zone: 'fi-hel1' },
  });
  const { uuid } = storageResponseSchema.parse(created).storage;
  let title = `load-${index}-0`;
  for (let round = 1; round <= rounds; round += 1) {
    title = `load-${index}-${round}`;
    await call('PUT', `/1.3/storage/${uuid}`, { storage: { title } });
    const read = await call('GET', `/1.3/storage/${uuid}`);
    expect(storageResponseSchema.parse(read).storage.title).toBe(title);
    await call('GET', '/1.3/storage?limit=25');
    await call('GET', '/1.3/server');
  }
  return { uuid, title };
}

describe('50 concurrent clients mixing reads and writes', () => {
  it('all succeed, and every write is there afterwards', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: clients }, (_, index) => client(index)),
    );
    const failures = results.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    expect(failures).toEqual([]);

    const finals = results.map(
      (result) => (result as PromiseFulfilledResult<{ uuid: string; title: string }>).value,
    );
    for (const { uuid, title } of finals) {
      const read = await call('GET', `/1.3/storage/${uuid}`);
      expect(storageResponseSchema.parse(read).storage).toMatchObject({
        uuid,
        title,
        state: 'online',
      });
    }
    const listed = await call('GET', '/1.3/storage/private?search=load-&limit=100');
    const titles = new Set(
      storageListResponseSchema.parse(listed).storages.storage.map((storage) => storage.title),
    );
    expect(finals.filter(({ title }) => !titles.has(title))).toEqual([]);
  }, 120_000);
});
