/**
 * Audit log latency with 200,000 rows in one account (docs/architecture.md, Budgets: 200,000 audit rows must not
 * slow a page; issue 8: any filtered page answers in milliseconds). Seeds a year of history by
 * several users from several addresses, then times filtered pages of GET /1.3/audit-logs (each
 * also counts its matches for Service-Total-Count), filter-options and a week's export.
 * Run with `npx tsx bench/audit-logs.ts`; writes bench/results/audit-logs.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditLogListResponseSchema } from '../contract/audit-log';
import { buildServer } from '../server/app';
import { demoUsers } from '../server/sandbox/seed';
import { basicAuth, bearer, createToken, demoAuth } from '../server/sandbox/testing';
import { round, timeGet, writeResults } from './support/latency';
import { seedAuditRows } from './support/seed';

const rowCount = 200_000;
const runs = 100;
const end = Date.parse('2026-11-01T00:00:00Z');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-bench-'));
// Each scenario repeats one URL: without the response cache every run reads the database.
const app = await buildServer({ database: path.join(dir, 'sandbox.db'), cacheResponses: false });
const sandbox = app.sandbox!;
const demo = sandbox.accounts.findByUsername('demo')!;

const seedStart = performance.now();
const { servers, storages, addresses } = seedAuditRows(sandbox, demo.id, rowCount, end);
const seedMs = performance.now() - seedStart;

// Tokens: Basic authentication spends a deliberate scrypt per new credential, which is not the list.
const demoToken = bearer((await createToken(app, demoAuth, { name: 'bench' })).token);
const viewerToken = bearer(
  (await createToken(app, basicAuth('demo_viewer', demoUsers.demo_viewer), { name: 'bench' }))
    .token,
);

const day = (offsetDays: number) =>
  new Date(end - offsetDays * 24 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const scenarios: Record<string, { url: string; auth?: string }> = {
  'first page (no filter)': { url: '/1.3/audit-logs' },
  'q = resource UUID': { url: `/1.3/audit-logs?q=${storages[42]}` },
  'q = IP address': { url: `/1.3/audit-logs?q=${addresses[7]}` },
  'q = username': { url: '/1.3/audit-logs?q=demo_viewer' },
  'q = unknown name (no match)': { url: '/1.3/audit-logs?q=nobody' },
  'actions=login (rare)': { url: '/1.3/audit-logs?actions=login' },
  'actions=delete,clone': { url: '/1.3/audit-logs?actions=delete,clone' },
  'resource_types=server & origins=gui': {
    url: '/1.3/audit-logs?resource_types=server&origins=gui',
  },
  'one week': {
    url: `/1.3/audit-logs?created_after=${day(100)}&created_before=${day(93)}`,
  },
  'storage updates in 30 days': {
    url: `/1.3/audit-logs?actions=update&resource_types=storage&created_after=${day(60)}&created_before=${day(30)}`,
  },
  'q = UUID & actions & range': {
    url: `/1.3/audit-logs?q=${servers[12]}&actions=start,stop,update&created_after=${day(300)}`,
  },
  'deep page (offset 100,000)': { url: '/1.3/audit-logs?limit=50&offset=100000' },
  'subaccount view (own rows only)': { url: '/1.3/audit-logs', auth: viewerToken },
  'filter-options': { url: '/1.3/audit-logs/filter-options' },
  'export one week (CSV)': {
    url: `/1.3/audit-logs/export?created_after=${day(100)}&created_before=${day(93)}`,
  },
};

const results: Record<
  string,
  { url: string; items: number; total: number | null; median_ms: number; p95_ms: number }
> = {};
for (const [name, { url, auth = demoToken }] of Object.entries(scenarios)) {
  let items = 0;
  let total: number | null = null;
  const times = await timeGet(app, url, auth, runs, (response) => {
    if (url.includes('/export')) items = response.body.trimEnd().split('\r\n').length - 1;
    else if (url.includes('/filter-options')) items = Object.keys(response.json()).length;
    else {
      items = auditLogListResponseSchema.parse(response.json()).audit_logs.length;
      total = Number(response.headers['service-total-count']);
    }
  });
  results[name] = { url, items, total, ...times };
}

await app.close();
fs.rmSync(dir, { recursive: true, force: true });

const report = {
  date: new Date().toISOString(),
  node: process.version,
  rows: rowCount,
  runs_per_scenario: runs,
  seed_ms: round(seedMs),
  scenarios: results,
};
writeResults('audit-logs', report);
console.log(`Audit logs: ${rowCount} rows seeded in ${Math.round(seedMs)} ms`);
console.table(
  Object.fromEntries(
    Object.entries(results).map(([name, r]) => [
      name,
      { items: r.items, total: r.total ?? '', median_ms: r.median_ms, p95_ms: r.p95_ms },
    ]),
  ),
);
