/**
 * Scale (issue 11; docs/architecture.md, Budgets): one account with 10,000 storages, 1,000 servers and 200,000
 * audit rows. Times filtered and label-filtered list pages of storages and servers and a filtered
 * audit log page, against the 10 ms target, with the response cache off so that every run reads
 * the database. Run with `npx tsx bench/scale.ts`; writes bench/results/scale.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditLogListResponseSchema } from '../contract/audit-log';
import { serverListResponseSchema } from '../contract/server';
import { storageListResponseSchema } from '../contract/storage';
import { buildServer } from '../server/app';
import { bearer, createToken, demoAuth } from '../server/sandbox/testing';
import { round, timeGet, writeResults } from './support/latency';
import { seedAuditRows, seedServers, seedStorages } from './support/seed';

const counts = { storages: 10_000, servers: 1_000, auditRows: 200_000 };
const runs = 200;
const targetMs = 10;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-scale-'));
const app = await buildServer({ database: path.join(dir, 'sandbox.db'), cacheResponses: false });
const sandbox = app.sandbox!;
const demo = sandbox.accounts.findByUsername('demo')!;

const seedStart = performance.now();
seedStorages(sandbox, demo.id, counts.storages);
seedServers(sandbox, demo.id, counts.servers);
const audited = seedAuditRows(
  sandbox,
  demo.id,
  counts.auditRows,
  Date.parse('2026-11-01T00:00:00Z'),
);
const seedMs = performance.now() - seedStart;

// A token: Basic authentication spends a deliberate scrypt per new credential, which is not the list.
const authorization = bearer((await createToken(app, demoAuth, { name: 'bench' })).token);

const storageCount = (body: unknown) =>
  storageListResponseSchema.parse(body).storages.storage.length;
const serverCount = (body: unknown) => serverListResponseSchema.parse(body).servers.server.length;
const scenarios: Record<string, { url: string; count: (body: unknown) => number }> = {
  'storages: filtered page (normal, title search, sorted by size, page 3)': {
    url: '/1.3/storage/normal/private?search=disk-0&sort_by=size&order_by=desc&limit=25&offset=50',
    count: storageCount,
  },
  'storages: label filter (env=prod AND team=web)': {
    url: '/1.3/storage?label=env%3Dprod&label=team%3Dweb&limit=25',
    count: storageCount,
  },
  'servers: filtered page (started, sorted by title, page 5)': {
    url: '/1.3/server?state=started&sort_by=title&limit=25&offset=100',
    count: serverCount,
  },
  'servers: label filter (env=prod AND team=web)': {
    url: '/1.3/server?label=env%3Dprod&label=team%3Dweb&limit=25',
    count: serverCount,
  },
  'audit log: filtered page (one storage, updates)': {
    url: `/1.3/audit-logs?q=${audited.storages[42]}&actions=update&limit=50`,
    count: (body) => auditLogListResponseSchema.parse(body).audit_logs.length,
  },
};

const results: Record<
  string,
  { url: string; items: number; median_ms: number; p95_ms: number; within_target: boolean }
> = {};
for (const [name, { url, count }] of Object.entries(scenarios)) {
  let items = 0;
  const times = await timeGet(app, url, authorization, runs, (response) => {
    items = count(response.json());
  });
  results[name] = { url, items, ...times, within_target: times.median_ms <= targetMs };
}

await app.close();
fs.rmSync(dir, { recursive: true, force: true });

const report = {
  date: new Date().toISOString(),
  node: process.version,
  ...counts,
  runs_per_scenario: runs,
  target_ms: targetMs,
  seed_ms: round(seedMs),
  scenarios: results,
};
writeResults('scale', report);
console.log(
  `Scale: ${counts.storages} storages, ${counts.servers} servers, ${counts.auditRows} audit rows in one account (seeded in ${Math.round(seedMs)} ms); target ${targetMs} ms`,
);
console.table(
  Object.fromEntries(
    Object.entries(results).map(([name, r]) => [
      name,
      { items: r.items, median_ms: r.median_ms, p95_ms: r.p95_ms, within_target: r.within_target },
    ]),
  ),
);
