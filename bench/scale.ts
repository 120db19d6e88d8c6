/**
 * Scale (issue 11; docs/architecture.md, Budgets): one account with 10,000 storages, 1,000 servers and 200,000
 * audit rows. Times filtered and label-filtered list pages of storages and servers and a filtered
 * audit log page, against the 10 ms target, with the response cache off so that every run reads
 * the database. Run with `npx tsx bench/scale.ts`; writes bench/results/scale.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditLogListResponseSchema } from '../contract/audit-log';
import { serverListResponseSchema } from '../contract/server';
import { storageListResponseSchema } from '../contract/storage';
import { buildServer } from '../server/app';
import { bearer, createToken, demoAuth } from '../server/sandbox/testing';
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

const scenarios: Record<string, { url: string; count: (body: unknown) => number }> = {
  'storages: filtered page (normal, title search, sorted by size, page 3)': {
    url: '/1.3/storage/normal/private?search=disk-0&sort_by=size&order_by=desc&limit=25&offset=50',
    count: (body) => storageListResponseSchema.parse(body).storages.storage.length,
  },
  'storages: label filter (env=prod AND team=web)': {
    url: '/1.3/storage?label=env%3Dprod&label=team%3Dweb&limit=25',
    count: (body) => storageListResponseSchema.parse(body).storages.storage.length,
  },
  'servers: filtered page (started, sorted by title, page 5)': {
    url: '/1.3/server?state=started&sort_by=title&limit=25&offset=100',
    count: (body) => serverListResponseSchema.parse(body).servers.server.length,
  },
  'servers: label filter (env=prod AND team=web)': {
    url: '/1.3/server?label=env%3Dprod&label=team%3Dweb&limit=25',
    count: (body) => serverListResponseSchema.parse(body).servers.server.length,
  },
  'audit log: filtered page (one storage, updates)': {
    url: `/1.3/audit-logs?q=${audited.storages[42]}&actions=update&limit=50`,
    count: (body) => auditLogListResponseSchema.parse(body).audit_logs.length,
  },
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 1000) / 1000;

const results: Record<
  string,
  { url: string; items: number; median_ms: number; p95_ms: number; within_target: boolean }
> = {};
for (const [name, { url, count }] of Object.entries(scenarios)) {
  let items = 0;
  const times: number[] = [];
  for (let run = -10; run < runs; run += 1) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { authorization } });
    const elapsed = performance.now() - start;
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    items = count(response.json());
    if (run >= 0) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const median = round(percentile(times, 50));
  results[name] = {
    url,
    items,
    median_ms: median,
    p95_ms: round(percentile(times, 95)),
    within_target: median <= targetMs,
  };
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
const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'scale.json'), `${JSON.stringify(report, null, 2)}\n`);
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
