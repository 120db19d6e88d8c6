import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test as base, expect } from '@playwright/test';
import {
  apiAs,
  createDisk as makeDisk,
  createPanelSession,
  createServer as makeServer,
  createTenant,
} from '../src/testing/factories';
import type { Api, Credentials, Tenant } from '../src/testing/factories';
import { endpointPath } from '../contract/endpoint';
import type { Endpoint } from '../contract/endpoint';
import { renderCookieName } from '../contract/render-cookie';
import { storageEndpoints, storageResponseSchema } from '../contract/storage';

export { expect };
export {
  apiAs,
  basicAuth,
  createApiToken,
  defaultUndoGraceMs,
  waitOnline,
} from '../src/testing/factories';
export type { Api, Credentials };

/**
 * Every test takes its own tenant (a fresh copy of the demo data under new account names,
 * `POST /_sandbox/tenants`): no test reads another's data, so they run in any order and in
 * parallel. `api` calls the API as the tenant's `demo` account, the way a script would.
 */
export const test = base.extend<{
  tenant: Tenant;
  users: Tenant['users'];
  api: Api;
  signedIn: keyof Tenant['users'] | null;
  serverRender: boolean;
}>({
  /** `test.use({ signedIn: 'demo' })`: each test's page starts signed in as that account. */
  signedIn: [null, { option: true }],
  /**
   * On, as for users: once signed in, the panel writes its render cookie
   * (src/auth/render-cookie.ts), and a page opened by its address arrives rendered by the server
   * and is taken over. Off: every page is drawn in the browser, as on a tab's first visit, which
   * render-as-you-fetch.spec.ts times.
   */
  serverRender: [true, { option: true }],
  page: async ({ page, signedIn, users, serverRender }, use) => {
    if (!serverRender) await page.addInitScript(withoutRenderCookie, renderCookieName);
    if (signedIn) await signIn(page, users[signedIn]);
    await use(page);
  },
  tenant: async ({ baseURL }, use) => {
    await use(await createTenant(baseURL!));
  },
  users: async ({ tenant }, use) => {
    await use(tenant.users);
  },
  api: async ({ baseURL, tenant }, use) => {
    await use(apiAs(baseURL!, tenant.users.demo));
  },
});

/** In the page: `document.cookie` drops every write of the cookie named `name`. */
function withoutRenderCookie(name: string) {
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  Object.defineProperty(Document.prototype, 'cookie', {
    ...cookie,
    set(this: Document, value: string) {
      if (!value.startsWith(`${name}=`)) cookie.set!.call(this, value);
    },
  });
}

const sessionKey = 'skydeck.session';

/**
 * Signs `page` in as `user` without the sign-in page (for tests that are not about signing in):
 * the same session token the password sign-in exchanges for, put where the panel keeps it
 * (sessionStorage, src/auth/session-store.ts), then the dashboard opens.
 */
export async function signIn(page: Page, user: Credentials) {
  const baseURL = test.info().project.use.baseURL!;
  const session = await createPanelSession(baseURL, user);
  // sessionStorage belongs to the origin: an empty page of it takes the session.
  const blank = new URL('/__e2e-session', baseURL).href;
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>session</title>' }),
  );
  await page.goto(blank);
  await page.evaluate(([key, value]) => window.sessionStorage.setItem(key, value), [
    sessionKey,
    JSON.stringify(session),
  ] as const);
  await page.unroute(blank);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return session;
}

/** Signs in through the sign-in page, as a user does. */
export async function signInWithPassword(page: Page, username: string, password: string) {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Username and password' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

export async function signInWithToken(page: Page, token: string) {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'API token' }).click();
  await page.getByRole('textbox', { name: 'API token' }).fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** The panel's session as it keeps it in sessionStorage. */
export async function storedSession(page: Page) {
  return JSON.parse(
    (await page.evaluate((key) => window.sessionStorage.getItem(key), sessionKey)) ?? '{}',
  ) as { token: string; tokenId: string };
}

/** axe (WCAG 2.x A and AA rules) finds nothing on the page as it is now. */
export async function expectNoAxeViolations(page: Page) {
  // A dialog fading in or a menu fading out is half transparent, which axe reads as low contrast:
  // wait for the finite transitions to end (spinners and progress bars run forever).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/**
 * Picks the requests to `endpoint`'s path with these path parameters, whatever their query and
 * method (a `page.route` predicate sees only the URL): for `page.route`, `hold` (layout-watch.ts)
 * and the `request` event. The path is the one the panel builds from the endpoint's template.
 */
export function matchesEndpoint(
  endpoint: Pick<Endpoint, 'path' | 'versions'>,
  params: Record<string, string> = {},
) {
  const path = endpointPath(endpoint, params);
  return (url: URL) => url.pathname === path;
}

/** A storage as the API answers for it now, the way a script would read it. */
export const readStorage = async (api: Api, uuid: string) =>
  (
    await api.call(
      'GET',
      endpointPath(storageEndpoints.get, { uuid }),
      undefined,
      storageResponseSchema,
    )
  ).storage;

/** A MaxIOPS disk (10 GB in de-fra1 unless told), made the way a script would make it. */
export const createDisk = (api: Api, storage: Parameters<typeof makeDisk>[1]) =>
  makeDisk(api, { tier: 'maxiops', ...storage });

/**
 * A server made the way a script would make it: de-fra1, 1xCPU-1GB, a 10 GB disk, unless `server`
 * says otherwise; it starts.
 */
export const createServer = (
  api: Api,
  title: string,
  server: Parameters<typeof makeServer>[1] = {},
) =>
  makeServer(api, {
    hostname: 'e2e.example.com',
    storage_devices: { storage_device: [{ action: 'create', size: 10 }] },
    ...server,
    title,
  });

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** Fills the create subaccount dialog; `phone` may be left in a form the panel refuses. */
export async function fillSubaccountForm(
  dialog: Locator,
  {
    username,
    password,
    phone = '+358.31245434',
  }: Record<'username' | 'password', string> & {
    phone?: string;
  },
) {
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Olli');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Ops');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('olli@example.com');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill(phone);
  await dialog.getByRole('combobox', { name: 'Country' }).selectOption('FIN');
}

/**
 * Opens the select labelled `field` (inside `scope`: a dialog, a form, or the page) and answers its
 * list once the menu has grown into place (MUI's Grow). An option clicked while the menu still
 * moved (a busy machine's slow frames pass Playwright's stability check) was missed, and nothing
 * was chosen.
 */
export async function openSelect(scope: Page | Locator, field: string) {
  const page = 'goto' in scope ? scope : scope.page();
  await scope.getByRole('combobox', { name: field }).click();
  const list = page.getByRole('listbox');
  const menu = list.locator('xpath=..');
  await expect(menu).toHaveCSS('transform', 'none');
  await expect(menu).toHaveCSS('opacity', '1');
  return list;
}

/**
 * Ticks `checkbox` as a user does: a click, then it shows ticked. On a page the server rendered, a
 * click before the panel has taken the page over is done once it has (public/after-paint.js): the
 * box is ticked a moment later, which Playwright's `check()`, reading the box at once, calls a
 * failure.
 */
export async function tick(checkbox: Locator) {
  await checkbox.click();
  await expect(checkbox).toBeChecked();
}

/** Picks `option` in the select labelled `field` (inside `scope`). */
export async function choose(scope: Page | Locator, field: string, option: string | RegExp) {
  const list = await openSelect(scope, field);
  await list.getByRole('option', { name: option }).click();
}

/**
 * Holds every script whose text contains `marker` until `release` settles, and answers the
 * others at once: what a page shows before that code arrives is what it shows while it loads.
 * `held` counts them; `heldUrls` names them, in the order they were asked for.
 */
export async function holdScripts(page: Page, marker: string, release: Promise<unknown>) {
  const heldUrls: string[] = [];
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) {
      heldUrls.push(route.request().url());
      await release;
    }
    await route.fulfill({ response, body });
  });
  return { held: () => heldUrls.length, heldUrls: () => [...heldUrls] };
}
