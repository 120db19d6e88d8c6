import type { Page, Response } from '@playwright/test';
import { endpointPath } from '../contract/endpoint';
import { renderCookieName } from '../contract/render-cookie';
import type { RenderCookie } from '../contract/render-cookie';
import { serverEndpoints } from '../contract/server';
import { storageEndpoints } from '../contract/storage';
import { createDisk, expect, holdScripts, matchesEndpoint, signIn, test, unique } from './support';

/** What the page reports as errors, React's hydration mismatches among them. */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  return errors;
}

/** The panel has taken the page over: only its code names the page in the title (page-header.tsx). */
const takenOver = (page: Page) => expect(page).toHaveTitle(/ · Skydeck$/);

/** Opens `path` as the server renders it and waits until the panel has taken that page over. */
async function openRendered(page: Page, path: string) {
  const response = await page.goto(path);
  expect(await response!.text(), path).toContain('data-rendered-for=');
  await takenOver(page);
}

test('a signed-in page arrives drawn: its rows are in the server’s HTML, before any script runs', async ({
  browser,
  page,
  users,
  baseURL,
}) => {
  await signIn(page, users.demo);
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain(renderCookieName);

  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  await withoutScripts.addCookies(cookies);
  const bare = await withoutScripts.newPage();
  await bare.goto(`${baseURL}/storage`);
  const table = bare.getByRole('table', { name: 'Storages' });
  await expect(table.getByRole('link', { name: 'web-1 OS', exact: true })).toBeVisible();
  await expect(bare.getByText(`Signed in as ${users.demo.username}`)).toBeVisible();
  await withoutScripts.close();
});

test('the panel takes the server’s page over as it stands: no second read, no mismatch, and it answers', async ({
  page,
  users,
}) => {
  await signIn(page, users.demo);
  const errors = pageErrors(page);
  const storageList = matchesEndpoint(storageEndpoints.listOfAccess, { access: 'private' });
  const listReads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'fetch' && storageList(url)) listReads.push(url.search);
  });
  await openRendered(page, '/storage');
  // The page's reads came with it: the list was not asked for again.
  expect(listReads).toEqual([]);
  // The read the server made for the page is its API call, as sent.
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'API call' }).click();
  await expect(
    main
      .getByRole('region', { name: 'API call' })
      .getByText(
        `The request the panel sent: GET ${endpointPath(storageEndpoints.listOfAccess, { access: 'private' })}.`,
        { exact: true },
      ),
  ).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search title or UUID' }).fill('db-1');
  const table = page.getByRole('table', { name: 'Storages' });
  await expect(table.getByRole('link', { name: 'db-1 OS', exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: 'web-1 OS', exact: true })).toBeHidden();
  expect(listReads.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

/** When the server rendered the page a navigation answered (server/server-render.ts). */
async function renderedAt(response: Response | null) {
  return /data-rendered-at="(\d+)"/.exec(await response!.text())?.[1];
}

test('a page unchanged since the server rendered it is sent as rendered; a change renders it anew', async ({
  page,
  users,
  api,
}) => {
  await signIn(page, users.demo);
  const errors = pageErrors(page);
  const first = await renderedAt(await page.goto('/storage'));
  expect(first).toBeDefined();
  await takenOver(page);

  // Reloaded: the same reads, so the same page, drawn at the same time.
  expect(await renderedAt(await page.reload())).toBe(first);
  await takenOver(page);
  const table = page.getByRole('table', { name: 'Storages' });
  await expect(table.getByRole('link', { name: 'web-1 OS', exact: true })).toBeVisible();

  // A disk made since: the reads differ, and the page is rendered anew with it.
  const disk = await createDisk(api, { title: unique('rendered anew') });
  const response = await page.goto('/storage');
  const html = await response!.text();
  expect(await renderedAt(response)).not.toBe(first);
  expect(html).toContain(disk.title);
  await takenOver(page);
  await expect(table.getByRole('link', { name: disk.title })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the audit log comes with its rows’ names: the panel takes it over asking for no server list', async ({
  page,
  users,
}) => {
  await signIn(page, users.demo);
  const errors = pageErrors(page);
  // The names are read once the rows are in (the page's prefetch); the server waits for that
  // read too, so the page's reads hold them and the panel has nothing left to ask.
  const serverList = matchesEndpoint(serverEndpoints.list);
  const asked: string[] = [];
  await page.route(serverList, (route) => {
    asked.push(route.request().url());
    // Never answered: names that came from here would not be shown.
  });
  for (let run = 0; run < 3; run += 1) {
    // An address of its own each time: a page rendered, never one sent again.
    await openRendered(page, `/audit-logs?action=start&run=${run}`);
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(table.getByText('web-1', { exact: true })).toBeVisible();
  }
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

/**
 * Signs in and opens the storage list as the server renders it, with the panel's code held back:
 * the page stays the server's while the user works on it, until the answer is called.
 */
async function openStorageHeld(
  page: Page,
  user: Parameters<typeof signIn>[1],
  beforeOpening?: () => Promise<void>,
) {
  await signIn(page, user);
  await beforeOpening?.();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const response = await page.goto('/storage');
  expect(await response!.text()).toContain('data-rendered-for=');
  return release;
}

test('what is done on the page before the panel takes it over is done once it has', async ({
  page,
  users,
}) => {
  const release = await openStorageHeld(page, users.demo);
  await page.getByRole('searchbox', { name: 'Search title or UUID' }).fill('db-1');
  await page.getByRole('button', { name: 'Create storage' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveTitle('Skydeck');

  release();
  await takenOver(page);
  // The text typed is the list's search; the click opened the dialog.
  const table = page.getByRole('table', { name: 'Storages' });
  await expect(table.getByRole('link', { name: 'db-1 OS', exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: 'web-1 OS', exact: true })).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Create storage' })).toBeVisible();
});

test('a select tapped before the panel takes the page over opens once it has', async ({
  page,
  users,
}) => {
  const release = await openStorageHeld(page, users.demo);
  // MUI's select opens on the press (mousedown), which reached no handler before the take-over.
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);

  release();
  await takenOver(page);
  await expect(page.getByRole('listbox', { name: 'Rows per page' })).toBeVisible();
  await expect(page.getByRole('option', { name: '25' })).toBeVisible();
});

/** The render cookie as the panel last wrote it, and what it says. */
async function renderCookieOf(page: Page) {
  const cookie = (await page.context().cookies()).find(({ name }) => name === renderCookieName)!;
  return { cookie, value: JSON.parse(decodeURIComponent(cookie.value)) as RenderCookie };
}

/** What the render cookie says of the screen. */
const cookieSaysWide = async (page: Page) => (await renderCookieOf(page)).value.wide;

test('a page rendered for a wider screen than the tab has now is taken over as it stands', async ({
  page,
  users,
}) => {
  const errors = pageErrors(page);
  const release = await openStorageHeld(page, users.demo, async () => {
    // The phone turned: the cookie follows, and the next page is rendered for a narrow screen.
    expect(await cookieSaysWide(page)).toBe(true);
    await page.setViewportSize({ width: 412, height: 915 });
    await expect.poll(() => cookieSaysWide(page)).toBe(false);
    // A wide window in front wrote it last: the next page is rendered for a wide screen.
    const { cookie, value } = await renderCookieOf(page);
    await page
      .context()
      .addCookies([
        { ...cookie, value: encodeURIComponent(JSON.stringify({ ...value, wide: true })) },
      ]);
  });
  await page.getByRole('button', { name: 'Create storage' }).click();

  release();
  await takenOver(page);
  // The page was taken over, not drawn anew: the click held on it opened the dialog.
  await expect(page.getByRole('dialog', { name: 'Create storage' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('every main page is taken over without a mismatch, on a phone and on a desktop', async ({
  page,
  users,
}) => {
  for (const viewport of [
    { width: 412, height: 915 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    // The cookie says how wide the screen was when the panel last wrote it.
    await signIn(page, users.demo);
    const errors = pageErrors(page);
    for (const path of [
      '/storage',
      '/servers',
      '/networks',
      '/ip-addresses',
      '/billing',
      '/audit-logs',
      '/kubernetes',
      '/tokens',
      '/network-usage',
    ]) {
      await openRendered(page, path);
    }
    const narrow = viewport.width < 900;
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible({
      visible: narrow,
    });
    expect(errors).toEqual([]);
  }
});

/** Signs in on a desktop screen and chooses Dark in the theme switch, which it answers. */
async function signInChoosingDark(page: Page, user: Parameters<typeof signIn>[1]) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user);
  const themes = page.getByRole('group', { name: 'Colour theme' });
  await themes.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass('dark');
  return themes;
}

test('a colour mode chosen in the browser shows as chosen once the server’s page is taken over', async ({
  page,
  users,
}) => {
  const themes = await signInChoosingDark(page, users.demo);
  const errors = pageErrors(page);

  // The server knows the screen is dark, not that the user chose Dark: it draws the page dark and
  // the switch as it stands for a mode nobody chose, and the panel shows the choice it keeps.
  const response = await page.goto('/storage');
  expect(await response!.text()).toMatch(/<html[^>]* class="dark"/);
  await takenOver(page);
  await expect(page.locator('html')).toHaveClass('dark');
  await expect(themes.getByRole('button', { name: 'Dark' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(themes.getByRole('button', { name: 'Same as system' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await themes.getByRole('button', { name: 'Light' }).click();
  await expect(page.locator('html')).toHaveClass('light');
  expect(errors).toEqual([]);
});

test('while the page’s own code is on its way, the server’s page stays as it was drawn', async ({
  page,
  users,
}) => {
  // A mode chosen in the browser: the theme switch shows it once the shell is taken over.
  const themes = await signInChoosingDark(page, users.demo);
  // The list page's code (the only script with its empty-list hint) is held until released.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await holdScripts(page, 'Change the filters, or create a storage.', released);
  const errors = pageErrors(page);
  await page.goto('/storage');
  const row = page
    .getByRole('table', { name: 'Storages' })
    .getByRole('link', { name: 'web-1 OS', exact: true });
  await expect(row).toBeVisible();

  // The shell is taken over, the page's part is not: its rows stay, not a loading page instead.
  await expect(themes.getByRole('button', { name: 'Dark' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);

  release();
  await takenOver(page);
  await expect(row).toBeVisible();
  expect(errors).toEqual([]);
});

test('a tab signed in to another account does not take over a page rendered for this one', async ({
  page,
  users,
}) => {
  await signIn(page, users.demo);
  // Another tab signs in as another account: the cookie is now that tab's.
  const other = await page.context().newPage();
  await signIn(other, users.other);
  const errors = pageErrors(page);
  const response = await page.goto('/storage');
  expect(await response!.text()).toContain(`data-rendered-for="${users.other.username}"`);
  await takenOver(page);
  await expect(page.getByText(`Signed in as ${users.demo.username}`)).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Storages' })
      .getByRole('link', { name: 'web-1 OS', exact: true }),
  ).toBeVisible();
  // Drawn anew, the page answers clicks: the server's page no longer holds them.
  await page.getByRole('button', { name: 'Create storage' }).click();
  await expect(page.getByRole('dialog', { name: 'Create storage' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('signing out removes the render cookie', async ({ page, users }) => {
  await signIn(page, users.demo);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain(renderCookieName);
});
