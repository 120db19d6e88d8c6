/**
 * Storage list latency with 10,000 storages in one account (DESIGN budgets: 10,000 storages must
 * not slow a page). Run with `npx tsx bench/storage-list.ts`; writes bench/results/storage-list.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { uuidPrefixes } from '../contract/common';
import { storageListResponseSchema } from '../contract/storage';
import { chromium } from '@playwright/test';
import { buildServer, defaultStaticDir } from '../server/app';
import { chromiumArgs, findChromium } from '../scripts/browser';
import { newUuid } from '../server/sandbox/credentials';
import { bearer, createToken, demoAuth } from '../server/sandbox/testing';

const storageCount = 10_000;
const runs = 200;
const zones = ['de-fra1', 'fi-hel1', 'uk-lon1', 'nl-ams1'];
const envs = ['prod', 'dev', 'staging', 'test'];
const teams = ['web', 'data', 'platform', 'ml', 'ops'];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-bench-'));
const app = await buildServer({ database: path.join(dir, 'sandbox.db') });
const sandbox = app.sandbox!;
const demo = sandbox.accounts.findByUsername('demo')!;

const seedStart = performance.now();
sandbox.db.transaction(() => {
  const base = Date.parse('2025-01-01T00:00:00Z');
  for (let n = 0; n < storageCount; n += 1) {
    sandbox.storages.insert(
      {
        uuid: newUuid(uuidPrefixes.storage),
        account_id: demo.id,
        title: `disk-${String(n).padStart(5, '0')}`,
        type: n % 10 === 0 ? 'backup' : 'normal',
        access: 'private',
        size: 10 + (n % 500),
        tier: n % 10 === 0 ? null : 'maxiops',
        state: 'online',
        zone: zones[n % zones.length]!,
        license: 0,
        encrypted: 'no',
        created: new Date(base + n * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        origin: null,
        template_type: null,
        part_of_plan: 0,
        backup_rule: '{}',
        copy_of: null,
        resize_pending: 0,
      },
      [
        { key: 'env', value: envs[n % envs.length]! },
        { key: 'team', value: teams[n % teams.length]! },
        { key: 'shard', value: String(n % 100) },
      ],
    );
  }
})();
const seedMs = performance.now() - seedStart;

// A token: Basic authentication spends a deliberate scrypt on every request, which is not the list.
const token = await createToken(app, demoAuth, { name: 'bench', expires_in: '1h' });
const authorization = bearer(token.token);

const scenarios = {
  'first page': '/1.3/storage?limit=25',
  'label filter (env=prod AND team=web)': '/1.3/storage?label=env%3Dprod&label=team%3Dweb',
  'search (title part)': '/1.3/storage?search=disk-042',
  'sorted by size, page 100': '/1.3/storage?sort_by=size&order_by=desc&limit=25&offset=2500',
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (ms: number) => Math.round(ms * 1000) / 1000;

const results: Record<string, { url: string; items: number; median_ms: number; p95_ms: number }> =
  {};
for (const [name, url] of Object.entries(scenarios)) {
  let items = 0;
  const times: number[] = [];
  for (let run = -10; run < runs; run += 1) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: { authorization } });
    const elapsed = performance.now() - start;
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    items = storageListResponseSchema.parse(response.json()).storages.storage.length;
    if (run >= 0) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  results[name] = {
    url,
    items,
    median_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
  };
}

/** Navigation to the first data row of the storage list page, in the production build. */
async function pageTimeToFirstRow(): Promise<number[] | null> {
  if (!fs.existsSync(path.join(defaultStaticDir, 'index.html'))) {
    console.warn('No production build in dist/: run `npm run build` to measure the page too.');
    return null;
  }
  const web = await buildServer({
    database: path.join(dir, 'sandbox.db'),
    staticDir: defaultStaticDir,
  });
  const origin = await web.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  const times: number[] = [];
  try {
    for (let run = 0; run < 6; run += 1) {
      const context = await browser.newContext();
      const session = JSON.stringify({ token: token.token, username: 'demo', viaPassword: false });
      await context.addInitScript((value) => {
        window.sessionStorage.setItem('skydeck.session', value);
      }, session);
      const page = await context.newPage();
      const start = performance.now();
      await page.goto(`${origin}/storage`);
      await page.getByRole('table', { name: 'Storages' }).getByRole('link').first().waitFor();
      if (run > 0) times.push(performance.now() - start);
      await context.close();
    }
  } finally {
    await browser.close();
    await web.close();
  }
  return times.sort((a, b) => a - b);
}

await app.close();
const pageTimes = await pageTimeToFirstRow();
fs.rmSync(dir, { recursive: true, force: true });

const report = {
  date: new Date().toISOString(),
  node: process.version,
  storages: storageCount,
  runs_per_scenario: runs,
  seed_ms: round(seedMs),
  scenarios: results,
  page_first_row_ms: pageTimes && {
    median: round(percentile(pageTimes, 50)),
    max: round(pageTimes[pageTimes.length - 1]!),
  },
};
const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(
  path.join(resultsDir, 'storage-list.json'),
  `${JSON.stringify(report, null, 2)}\n`,
);
console.table(
  Object.fromEntries(
    Object.entries(results).map(([name, r]) => [
      name,
      { items: r.items, median_ms: r.median_ms, p95_ms: r.p95_ms },
    ]),
  ),
);
if (report.page_first_row_ms) {
  console.log(
    `Storage page, navigation to first row: median ${report.page_first_row_ms.median} ms, max ${report.page_first_row_ms.max} ms`,
  );
}
