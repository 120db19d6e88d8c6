import type { Page, Request } from '@playwright/test';
import { expect, test } from './support';

test.use({ signedIn: 'demo' });

/**
 * Holds every script whose text contains `marker` until `release` settles, and answers the
 * others at once: what a page shows before that code arrives is what it shows while it loads.
 */
async function holdScripts(page: Page, marker: string, release: Promise<unknown>) {
  let held = 0;
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) {
      held += 1;
      await release;
    }
    await route.fulfill({ response, body });
  });
  return { held: () => held };
}

test('the storage list is requested while the page’s own code is still on its way', async ({
  page,
}) => {
  let listed: (request: Request) => void = () => undefined;
  const listRequested = new Promise<Request>((resolve) => (listed = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/storage/private')) listed(request);
  });
  // The list page's chunk (its description is in no other) stays held until the list's request
  // has left: without the route's prefetch the request would wait for that chunk, and this
  // test would never see it.
  const scripts = await holdScripts(page, 'CD-ROM images in every zone', listRequested);
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

test('the storage list’s code is requested beside the entry, not after it has run', async ({
  page,
}) => {
  // The entry, as the page names it; the list page's code is the script with its description.
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
    if (body.includes('CD-ROM images in every zone')) listCodeFetched();
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
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/1\.3\/(server|storage|network|router|kubernetes)$/.test(pathname)) namesRead(pathname);
  });
  const scripts = await holdScripts(
    page,
    'Every change made in this account and every panel sign-in',
    namesRequested,
  );
  await page.goto('/audit-logs');
  expect(await namesRequested).toBe('/1.3/server');
  await expect.poll(scripts.held).toBe(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
});

test('the billing page shows its table and total while the chart’s code is loading', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Only recharts' own code names its drawing `recharts-surface`.
  const scripts = await holdScripts(page, 'recharts-surface', released);
  await page.goto('/billing');
  const table = page.getByRole('table', { name: 'Billing by resource' });
  await expect(table.getByText('Total for the month')).toBeVisible();
  // The months are read and the chart is on its way, its code held: the table shows regardless.
  await expect(page.getByRole('img', { name: /^Costs by category/ })).toBeVisible();
  await expect.poll(scripts.held).toBe(1);
  const before = await table.boundingBox();
  release();
  await expect(page.getByRole('img', { name: 'Servers legend icon' })).toBeVisible();
  // The chart comes below the table in a box reserved for it: the table does not move.
  expect(await table.boundingBox()).toEqual(before);
});
