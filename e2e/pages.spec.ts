import { expect, expectNoAxeViolations, holdScripts, signIn, test } from './support';

test('the sign-in page has no accessibility violations', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

const pages = [
  { link: 'Dashboard', heading: 'Dashboard', shows: /by the end of the month at this rate/ },
  { link: 'Servers', heading: 'Servers', shows: 'web-1' },
  { link: 'Storage', heading: 'Storage', shows: 'web-1 OS' },
  { link: 'Networks', heading: 'Networks', shows: 'demo private network' },
  { link: 'Routers', heading: 'Routers', shows: 'demo router' },
  { link: 'IP addresses', heading: 'IP addresses', shows: /PTR record/ },
  { link: 'Network peerings', heading: 'Network peerings', shows: 'Each side creates the peering' },
  { link: 'Kubernetes', heading: 'Kubernetes', shows: 'Create cluster' },
  { link: 'Zones', heading: 'Zones', shows: 'Frankfurt #1' },
  { link: 'Prices', heading: 'Prices', shows: /CPU core/i },
  { link: 'API tokens', heading: 'API tokens', shows: 'Skydeck panel session' },
  { link: 'Audit log', heading: 'Audit log', shows: /Rows 1–/ },
] as const;

// The account, billing and usage pages (with charts) too.
const accountPages = [
  { link: 'Account', heading: 'Account', shows: 'Resource usage' },
  { link: 'Subaccounts', heading: 'Subaccounts', shows: 'demo_viewer' },
  { link: 'Billing', heading: 'Billing', shows: 'Total for the month' },
  { link: 'Network usage', heading: 'Network usage', shows: 'Top usage' },
  { link: 'Device availability', heading: 'Device availability', shows: 'GPU-8xCPU-64GB-1xL40S' },
] as const;

// One short test per page: it opens from the navigation, then axe scans it in the light theme and,
// the system's preference turned dark, in the dark one (the panel follows the preference live).
for (const entry of [...pages, ...accountPages]) {
  test(`${entry.link} opens from the navigation with no axe violations, light and dark`, async ({
    page,
    users,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, users.demo);
    await page.getByRole('navigation').getByRole('link', { name: entry.link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
    await expect(page.getByText(entry.shows).first()).toBeVisible();
    await expect(page).toHaveTitle(`${entry.heading} · Skydeck`);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoAxeViolations(page);
  });
}

test('the prices page keeps the chosen zone in the URL', async ({ page, users }) => {
  await signIn(page, users.demo);
  await page.goto('/prices?zone=sg-sin1');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /zone/i })).toContainText('Singapore');
  await page.reload();
  await expect(page.getByRole('combobox', { name: /zone/i })).toContainText('Singapore');
});

test('an unknown address shows a page that says so, with a way home', async ({ page, users }) => {
  await signIn(page, users.demo);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
  await page
    .getByRole('link', { name: /dashboard/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

// Drawn in the browser, as on a tab's first visit: a page the server rendered stays as it was
// drawn while its code loads (server-render.spec.ts).
test.describe('drawn in the browser', () => {
  test.use({ serverRender: false });

  test('the storage list’s header shows while the page’s code loads, and stays as the page arrives', async ({
    page,
    users,
  }) => {
    await signIn(page, users.demo);
    // The list page's code (the only script with its empty-list hint) is held until released.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await holdScripts(page, 'Change the filters, or create a storage.', released);
    await page.goto('/storage');
    const heading = page.getByRole('heading', { level: 1, name: 'Storage' });
    const description = page.getByText(
      'Block storage, backups, templates and CD-ROM images in every zone.',
    );
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    await expect(heading).toBeVisible();
    await expect(description).toBeVisible();
    const before = await description.boundingBox();
    release();
    await expect(page.getByRole('button', { name: 'Create storage' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeHidden();
    expect(await description.boundingBox()).toEqual(before);
  });
});
