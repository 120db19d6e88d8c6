import type { Locator, Route } from '@playwright/test';
import { endpointPath } from '../contract/endpoint';
import { serverEndpoints, serverListResponseSchema } from '../contract/server';
import { storageEndpoints } from '../contract/storage';
import { phoneAndDesktop, hold, shifted, tableLayout, watchShifts } from './layout-watch';
import { expect, expectNoAxeViolations, matchesEndpoint, test } from './support';

test.use({ signedIn: 'demo' });

// The lists that lend the bill its resources' titles (src/features/billing/resource-titles.ts).
const serverList = matchesEndpoint(serverEndpoints.list);
const privateStorageList = matchesEndpoint(storageEndpoints.listOfAccess, { access: 'private' });
const titleLists = (url: URL) => serverList(url) || privateStorageList(url);

for (const viewport of phoneAndDesktop) {
  test(`at ${viewport.width}×${viewport.height} the bill's rows come before their titles, which move nothing`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const release = await hold(page, titleLists);
    await page.goto('/billing');
    const table = page.getByRole('table', { name: 'Billing by resource' });
    await expect(table.getByRole('rowheader', { name: 'Total for the month' })).toBeVisible();
    // No list has answered: the seeded web-1 is in its row, linked by its UUID.
    await expect(table.getByRole('link', { name: 'web-1', exact: true })).toHaveCount(0);
    await expect(table.getByRole('link', { name: /^[0-9a-f]{8}-/ }).first()).toBeVisible();
    const before = await tableLayout(page, 'Billing by resource');
    await watchShifts(page);
    release();
    await expect(table.getByRole('link', { name: 'web-1', exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: 'web-1 OS', exact: true })).toBeVisible();
    expect(await tableLayout(page, 'Billing by resource')).toEqual(before);
    expect(await shifted(page)).toBe(0);
  });
}

test('a title list that fails leaves every row, named by its UUID', async ({ page, api }) => {
  // The two lists fail for this page alone, as a proxy's 500 would: the sandbox's fault switch
  // (faults.spec.ts) fails whatever requests come next, every tenant's.
  const fail = (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { error_code: 'SERVICE_ERROR', error_message: 'A temporary problem.' },
      }),
    });
  await page.route(titleLists, fail);
  const servers = await api.call(
    'GET',
    endpointPath(serverEndpoints.list),
    undefined,
    serverListResponseSchema,
  );
  await page.goto('/billing');
  const table = page.getByRole('table', { name: 'Billing by resource' });
  await expect(table.getByRole('rowheader', { name: 'Total for the month' })).toBeVisible();
  const rows = table.getByRole('rowheader', { name: /^Servers \(\d+\)$/ });
  await expect(rows).toBeVisible();
  for (const { uuid } of servers.servers.server) {
    await expect(table.getByRole('link', { name: uuid })).toHaveAttribute(
      'href',
      new RegExp(`^/billing/${uuid}\\?month=`),
    );
  }
});

test('on a phone the chart’s box says what comes there, and nothing says it loads', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/billing');
  const table = page.getByRole('table', { name: 'Billing by resource' });
  await expect(table.getByRole('rowheader', { name: 'Total for the month' })).toBeVisible();
  const caption = page.getByText(/^Costs by category, \w+ \d{4} to \w+ \d{4}$/);
  await expect(caption).toBeVisible();
  await expect(page.getByRole('img', { name: /^Costs by category/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const title = await caption.textContent();
  const top = (locator: Locator) =>
    locator.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  const box = await top(caption.locator('..'));
  // Scrolled to, the chart takes the box's place, under the caption's words as its heading.
  await caption.scrollIntoViewIfNeeded();
  const chart = page.getByRole('region', { name: /^Costs by category/ });
  await expect(chart.getByRole('img', { name: /^Costs by category/ })).toBeVisible();
  await expect(chart.getByRole('heading', { level: 2 })).toHaveText(title ?? '');
  expect(await top(chart)).toBe(box);
});

test('on a phone the bill, its titles on their way and its chart a scroll away, passes axe, light and dark', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await hold(page, titleLists);
  await page.goto('/billing');
  await expect(page.getByText(/^Costs by category, /)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectNoAxeViolations(page);
});

for (const viewport of [...phoneAndDesktop, { width: 800, height: 1000 }]) {
  test(`at ${viewport.width}×${viewport.height} a plan's note on a line at no cost shows whole`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/billing');
    const notes = page
      .getByRole('table', { name: 'Billing by resource' })
      .getByText('Included in web-1’s plan', { exact: true });
    // The seeded web-1's first disk and its public IPv4 address are in its plan.
    await expect(notes).toHaveCount(2);
    for (const note of await notes.all()) {
      await expect(note).toBeVisible();
      const clipped = await note.evaluate(
        (element) =>
          element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth,
      );
      expect(clipped).toBe(false);
    }
  });
}
