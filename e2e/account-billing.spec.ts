import fs from 'node:fs';
import {
  expect,
  expectNoAxeViolations,
  fillSubaccountForm,
  signInWithPassword,
  test,
} from './support';

test.use({ signedIn: 'demo' });

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('create a subaccount, then sign in as it', async ({ page }) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Subaccounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subaccounts' })).toBeVisible();

  const username = `ops_${Date.now().toString(36)}`;
  const password = 'Sub4ccountPass';
  await page.getByRole('button', { name: 'Create subaccount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a subaccount' });
  await fillSubaccountForm(dialog, { username, password, phone: 'call me' });
  await dialog.getByRole('button', { name: 'Create subaccount' }).click();
  // A phone that reads as no number is refused before sending, saying what is expected.
  await expect(dialog.getByText(/With its country code/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('+358 31 245 434');
  await dialog.getByRole('button', { name: 'Create subaccount' }).click();

  await expect(page.getByText(`Subaccount ${username} was created.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accounts' })).toContainText(username);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  // Signing out revokes the token first: going to the sign-in page before it ends would find the
  // session still there (and the dashboard).
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in/ })).toBeVisible();
  await signInWithPassword(page, username, password);
  await page.getByRole('navigation').getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText(username);
  // Created with the technical role only, so its bill is not for it to read.
  await page.getByRole('navigation').getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByText('No billing permission')).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Subaccounts' }).click();
  await expect(page.getByText('Only the main account manages subaccounts')).toBeVisible();
});

test("view a month's billing and drill into one resource", async ({ page }) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  // Last month: the seeded servers have run for 30 days, so it has a bill too.
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  await page.getByLabel('Month').fill(month);
  await expect(page).toHaveURL(new RegExp(`/billing\\?month=${month}$`));

  const table = page.getByRole('table', { name: 'Billing by resource' });
  await expect(table.getByRole('rowheader', { name: /^Servers \(\d+\)$/ })).toBeVisible();
  const total = table.getByRole('rowheader', { name: 'Total for the month' });
  await expect(total).toBeVisible();
  // The chart loads as it nears the viewport: below the table, a reader scrolls to it.
  await total.scrollIntoViewIfNeeded();
  await expect(page.getByRole('img', { name: /^Costs by category/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const first = table.getByRole('link').first();
  const resourceId = /\/billing\/([0-9a-f-]{36})/.exec(
    (await first.getAttribute('href')) ?? '',
  )?.[1];
  expect(resourceId).toBeDefined();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/billing/${resourceId}\\?month=${month}$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Billing of / })).toBeVisible();
  // The summary names the resource; its UUID is on hover and copy.
  await expect(
    page
      .getByRole('region', { name: 'Summary' })
      .getByRole('button', { name: `Copy the UUID ${resourceId}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('table', { name: 'Daily costs' }).getByRole('row')).not.toHaveCount(
    1,
  );
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Back to the month’s bill' }).click();
  await expect(page.getByRole('table', { name: 'Billing by resource' })).toBeVisible();
});

test('download network usage as CSV for a 90-day range', async ({ page }) => {
  await page.goto(`/network-usage?from=${day(-89)}&to=${day(0)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Network usage' })).toBeVisible();
  await expect(page.getByText(/This range is 90 days long\..*reads it as CSV/)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Traffic out by service' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top usage' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`network-usage-${day(-89)}-to-${day(0)}.csv`);
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('start_time,resource_id,service,zone,sent_bytes');
  expect(lines.length).toBeGreaterThan(30);
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z,[0-9a-f-]{36},server_\w+,[a-z0-9-]+,\d+$/);
});
