import fs from 'node:fs';
import path from 'node:path';
import type { Request } from '@playwright/test';
import { endpointPath } from '../contract/endpoint';
import { kubernetesEndpoints } from '../contract/kubernetes';
import { networkEndpoints } from '../contract/network';
import { routerEndpoints } from '../contract/router';
import { serverEndpoints } from '../contract/server';
import { storageEndpoints } from '../contract/storage';
import { usageEndpoints } from '../contract/usage';
import { expect, holdScripts, matchesEndpoint, test } from './support';

// A tab's first visit, which has no render cookie yet: the page is drawn in the browser.
test.use({ signedIn: 'demo', serverRender: false });

// A page goes on loading code (charts, pickers) through a test's routes after what the test
// checks: the page closes under those requests, whose errors then say nothing of the page.
test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

test('the storage list is requested while the page’s own code is still on its way', async ({
  page,
}) => {
  let listed: (request: Request) => void = () => undefined;
  const listRequested = new Promise<Request>((resolve) => (listed = resolve));
  const storageList = matchesEndpoint(storageEndpoints.listOfAccess, { access: 'private' });
  page.on('request', (request) => {
    if (storageList(new URL(request.url()))) listed(request);
  });
  // The list page's chunk (its empty-list message is in no other) stays held until the list's request
  // has left: without the route's prefetch the request would wait for that chunk, and this
  // test would never see it.
  const scripts = await holdScripts(page, 'No storage matches', listRequested);
  await page.goto('/storage');
  const request = await listRequested;
  // The chunk was held (its text is read before it counts, so the count may lag the request).
  await expect.poll(scripts.held).toBe(1);
  expect(new URL(request.url()).searchParams.get('offset')).toBe('0');
  await expect(page.getByRole('heading', { level: 1, name: 'Storage' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Storages' }).getByRole('link').first(),
  ).toBeVisible();
});

test('the network usage page reads its pool while the page’s own code is still on its way', async ({
  page,
}) => {
  let poolRead: () => void = () => undefined;
  const poolRequested = new Promise<void>((resolve) => (poolRead = resolve));
  const pool = matchesEndpoint(usageEndpoints.currentNetworkUsage);
  page.on('request', (request) => {
    if (pool(new URL(request.url()))) poolRead();
  });
  // The page's chunk (its refusal message is in no other) stays held until the pool's request
  // has left.
  const scripts = await holdScripts(page, 'No permission to read network usage', poolRequested);
  await page.goto('/network-usage');
  await poolRequested;
  await expect.poll(scripts.held).toBe(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Network usage' })).toBeVisible();
  await expect(page.getByText('Network Transfer Pool').first()).toBeVisible();
});

test('the storage list’s code is requested beside the entry, not after it has run', async ({
  page,
}) => {
  // The entry, as the page names it; the list page's code is the script with its empty-list message
  // (its heading and description are the shell's, shown while that code loads).
  const document = await page.request.get('/storage', { headers: { accept: 'text/html' } });
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(await document.text())?.[1];
  expect(entry).toBeDefined();
  let listCodeFetched: () => void = () => undefined;
  const listCode = new Promise<void>((resolve) => (listCodeFetched = resolve));
  // The entry is held until the list page's code has arrived: were that code requested only
  // once the entry runs (an import of an import), the page would never open.
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('No storage matches')) listCodeFetched();
    if (new URL(route.request().url()).pathname === entry) await listCode;
    await route.fulfill({ response, body });
  });
  await page.goto('/storage');
  await expect(
    page.getByRole('table', { name: 'Storages' }).getByRole('link').first(),
  ).toBeVisible();
});

test('the lists that name the audit log’s resources are read while the page’s code is held', async ({
  page,
}) => {
  // The demo account's log has rows that recorded no name for their resource: a list names them.
  let namesRead: (path: string) => void = () => undefined;
  const namesRequested = new Promise<string>((resolve) => (namesRead = resolve));
  const lists = [
    serverEndpoints.list,
    storageEndpoints.list,
    networkEndpoints.list,
    routerEndpoints.list,
    kubernetesEndpoints.list,
  ].map((endpoint) => endpointPath(endpoint));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (lists.includes(pathname)) namesRead(pathname);
  });
  const scripts = await holdScripts(page, 'No events match these filters', namesRequested);
  await page.goto('/audit-logs');
  expect(await namesRequested).toBe(endpointPath(serverEndpoints.list));
  await expect.poll(scripts.held).toBe(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
});

test('the billing page shows its table and total first, and the chart once it nears', async ({
  page,
}) => {
  // Only recharts' own code names its drawing `recharts-surface`.
  const marker = 'recharts-surface';
  const assets = path.resolve('dist/assets');
  const recharts = fs
    .readdirSync(assets)
    .find((file) => fs.readFileSync(path.join(assets, file), 'utf8').includes(marker));
  expect(recharts).toBeDefined();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const scripts = await holdScripts(page, marker, released);
  // A phone: the chart is a scroll away, below the table.
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/billing');
  const table = page.getByRole('table', { name: 'Billing by resource' });
  const total = table.getByRole('rowheader', { name: 'Total for the month' });
  await expect(total).toBeVisible();
  const loading = page.getByText('Loading the cost chart');
  // A scroll away, the chart's box is kept empty and nothing says it loads.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(loading).toHaveCount(0);
  expect(requested).not.toContain(`/assets/${recharts}`);
  // Reading down to the total brings the chart's box near: its code is fetched (and held here)
  // while the box says so.
  await total.scrollIntoViewIfNeeded();
  await expect.poll(scripts.held).toBe(1);
  await expect(loading).toBeVisible();
  const before = await table.boundingBox();
  const reserved = await loading.locator('..').boundingBox();
  release();
  await expect(page.getByRole('img', { name: 'Servers legend icon' })).toBeVisible();
  // The chart comes below the table in the box reserved for it: nothing moves.
  expect(await table.boundingBox()).toEqual(before);
  const chart = await page.getByRole('region', { name: /^Costs by category/ }).boundingBox();
  expect(chart?.y).toBe(reserved?.y);
});

test('the billing page keeps the place of its month and currency pickers while they load', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // The currency picker's text for rates that did not come is in the pickers' chunk only.
  const scripts = await holdScripts(page, 'Exchange rates could not be loaded', released);
  await page.goto('/billing');
  const table = page.getByRole('table', { name: 'Billing by resource' });
  await expect(table.getByRole('rowheader', { name: 'Total for the month' })).toBeVisible();
  await expect.poll(scripts.held).toBe(1);
  await expect(page.getByLabel('Month')).toHaveCount(0);
  // Their places show what they will: the month, the currency and what its amounts are.
  const loading = page.locator('[aria-busy="true"]').filter({ hasText: 'Currency' });
  const month = new Date().toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  for (const text of ['Month', month, 'Currency', 'EUR', 'As billed']) {
    await expect(loading.getByText(text, { exact: true })).toBeVisible();
  }
  const before = await table.boundingBox();
  release();
  await expect(page.getByLabel('Month')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Currency' })).toBeVisible();
  expect(await table.boundingBox()).toEqual(before);
});
