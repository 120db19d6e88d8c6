import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

// Budgets of docs/architecture.md: first-load JS of sign-in and dashboard, and every chunk.
const firstLoadBudget = 170_000;
const chunkBudget = 120_000;

const gzipSize = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }).length;

/** Loads `url` (or reloads the page) and adds up the gzip size of every script it fetched. */
async function firstLoadJs(page: Page, url: string | 'reload', ready: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.set(response.url(), response.body());
    }
  });
  if (url === 'reload') await page.reload();
  else await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  let total = 0;
  const sizes: string[] = [];
  for (const [script, body] of scripts) {
    const size = gzipSize(await body);
    total += size;
    sizes.push(`${new URL(script).pathname} ${size} B`);
  }
  // What was counted, in the failure's message too: a CI run that fails names its scripts.
  const counted = `${url}: ${scripts.size} scripts, ${total} B gzip (${sizes.join(', ')})`;
  test.info().annotations.push({ type: 'first-load JS', description: counted });
  return { total, count: scripts.size, counted };
}

test('the sign-in page loads at most 170 KB of gzipped JavaScript', async ({ page }) => {
  const { total, count, counted } = await firstLoadJs(page, '/sign-in', () =>
    expect(page.getByRole('heading', { level: 1, name: /^Sign in/ })).toBeVisible(),
  );
  expect(count).toBeGreaterThan(0);
  expect(total, counted).toBeLessThanOrEqual(firstLoadBudget);
});

test('the dashboard loads at most 170 KB of gzipped JavaScript', async ({ page, users }) => {
  await signIn(page, users.demo);
  // The session lives in this tab's sessionStorage, so the dashboard is measured by a reload.
  const { total, count, counted } = await firstLoadJs(page, 'reload', () =>
    expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(),
  );
  expect(count).toBeGreaterThan(0);
  expect(total, counted).toBeLessThanOrEqual(firstLoadBudget);
});

test('no built chunk is larger than 120 KB gzipped', () => {
  const assets = path.resolve('dist/assets');
  const chunks = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
  expect(chunks.length).toBeGreaterThan(1);
  const oversized = chunks
    .map((file) => ({ file, size: gzipSize(fs.readFileSync(path.join(assets, file))) }))
    .filter((chunk) => chunk.size > chunkBudget);
  expect(oversized).toEqual([]);
});
