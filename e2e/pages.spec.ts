import { expect, test } from '@playwright/test';
import { demo, expectNoAxeViolations, signInWithPassword } from './support';

test('the sign-in page has no accessibility violations', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

const pages = [
  { link: 'Dashboard', heading: 'Dashboard', shows: /credits/i },
  { link: 'Servers', heading: 'Servers', shows: 'web-1' },
  { link: 'Storage', heading: 'Storage', shows: 'web-1 OS' },
  { link: 'Zones', heading: 'Zones', shows: 'Frankfurt #1' },
  { link: 'Prices', heading: 'Prices', shows: /CPU core/i },
  { link: 'API tokens', heading: 'API tokens', shows: 'Skydeck panel session' },
  { link: 'Audit log', heading: 'Audit log', shows: /Rows 1–/ },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  test(`every page opens from the navigation with no axe violations (${scheme})`, async ({
    page,
  }) => {
    // One axe run per page takes seconds on a busy machine; seven pages outgrow the default 30 s.
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithPassword(page, demo.username, demo.password);
    for (const entry of pages) {
      await page
        .getByRole('navigation')
        .getByRole('link', { name: entry.link, exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      await expect(page.getByText(entry.shows).first()).toBeVisible();
      await expect(page).toHaveTitle(`${entry.heading} · Skydeck`);
      await expectNoAxeViolations(page);
    }
  });
}

// The account, billing and usage pages get their own test: with them, one test ran past its limit.
const accountPages = [
  { link: 'Account', heading: 'Account', shows: 'Resource usage' },
  { link: 'Subaccounts', heading: 'Subaccounts', shows: 'demo_viewer' },
  { link: 'Billing', heading: 'Billing', shows: 'Total for the month' },
  { link: 'Network usage', heading: 'Network usage', shows: 'Top usage' },
  { link: 'Device availability', heading: 'Device availability', shows: 'GPU-8xCPU-64GB-1xL40S' },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  test(`the account, billing and usage pages have no axe violations (${scheme})`, async ({
    page,
  }) => {
    // Five pages with charts, each scanned by axe: more than 30 s on a busy two-core machine.
    test.slow();
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithPassword(page, demo.username, demo.password);
    for (const entry of accountPages) {
      await page
        .getByRole('navigation')
        .getByRole('link', { name: entry.link, exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      await expect(page.getByText(entry.shows).first()).toBeVisible();
      await expect(page).toHaveTitle(`${entry.heading} · Skydeck`);
      await expectNoAxeViolations(page);
    }
  });
}

test('the prices page keeps the chosen zone in the URL', async ({ page }) => {
  await signInWithPassword(page, demo.username, demo.password);
  await page.goto('/prices?zone=sg-sin1');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /zone/i })).toContainText('Singapore');
  await page.reload();
  await expect(page.getByRole('combobox', { name: /zone/i })).toContainText('Singapore');
});

test('an unknown address shows a page that says so, with a way home', async ({ page }) => {
  await signInWithPassword(page, demo.username, demo.password);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  await page
    .getByRole('link', { name: /dashboard/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
