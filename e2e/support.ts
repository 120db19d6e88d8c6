import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const demo = { username: 'demo', password: 'DemoPassw0rd' } as const;

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** An API token made the way a script would make one, straight from the sandbox API. */
export async function createApiToken(
  request: APIRequestContext,
  body: Record<string, unknown> = { name: `e2e ${Date.now()}`, expires_in: '1h' },
  user: { username: string; password: string } = demo,
) {
  const response = await request.post('/1.3/account/tokens', {
    headers: { authorization: basic(user.username, user.password) },
    data: body,
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; token: string; name: string };
}

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
  await page.getByRole('textbox', { name: 'API token' }).fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
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

export const demoBasic = basic(demo.username, demo.password);

/** Sets up a resource the way a script would, so a journey can start where it matters. */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { authorization: demoBasic },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

export interface StorageRecord {
  uuid: string;
  title: string;
  state: string;
  backups?: { backup: string[] };
  servers: { server: string[] };
}

export async function createDisk(
  request: APIRequestContext,
  storage: {
    title: string;
    zone?: string;
    size?: number;
    labels?: { key: string; value: string }[];
  },
) {
  const body = { storage: { zone: 'de-fra1', size: 10, tier: 'maxiops', ...storage } };
  return (await apiCall<{ storage: StorageRecord }>(request, 'POST', '/1.3/storage', body)).storage;
}

/** Waits, polling the API, until the storage is online (simulated operations take seconds). */
export async function waitOnline(request: APIRequestContext, uuid: string) {
  await expect
    .poll(
      async () =>
        (await apiCall<{ storage: StorageRecord }>(request, 'GET', `/1.3/storage/${uuid}`)).storage
          .state,
      { timeout: 30_000 },
    )
    .toBe('online');
}

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
  await dialog.getByRole('textbox', { name: 'Country' }).fill('FIN');
}
