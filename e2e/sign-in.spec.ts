import type { APIRequestContext, Page } from '@playwright/test';
import { accountEndpoints } from '../contract/account';
import { endpointPath } from '../contract/endpoint';
import { tokenEndpoints } from '../contract/tokens';
import type { Api } from '../src/testing/factories';
import { createApiToken, expect, signInWithPassword, signInWithToken, test } from './support';

test('sign in with an API token, see the account, sign out', async ({ page, api, users }) => {
  const { token } = await createApiToken(api);
  await signInWithToken(page, token);
  await expect(page.getByText(users.demo.username).first()).toBeVisible();

  const stored = await page.evaluate(() => JSON.stringify(window.sessionStorage));
  expect(stored).toContain(token);
  expect(page.url()).not.toContain(token);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in/ })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  await page.goto('/tokens');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Ftokens/);
});

test('sign in with username and password; the password is never stored', async ({
  page,
  request,
  users,
}) => {
  await signInWithPassword(page, users.demo.username, users.demo.password);
  const stored = await page.evaluate(() => JSON.stringify(window.sessionStorage));
  expect(stored).not.toContain(users.demo.password);
  expect(stored).toContain('ucat_');

  // Signing out revokes the session token the password was exchanged for.
  const session = JSON.parse(
    (await page.evaluate(() => window.sessionStorage.getItem('skydeck.session'))) ?? '{}',
  ) as { token: string };
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in/ })).toBeVisible();
  const after = await request.get(endpointPath(accountEndpoints.get), {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(after.status()).toBe(401);
});

test('on a phone the form stays in place when the demo accounts arrive below it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 915 });
  // The sandbox's demo accounts are held until the form has shown.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_sandbox/demo-accounts', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/sign-in');
  const heading = page.getByRole('heading', { level: 1, name: /^Sign in/ });
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const before = await heading.boundingBox();
  release();
  await expect(page.getByRole('region', { name: 'Sandbox demo accounts' })).toBeVisible();
  expect(await heading.boundingBox()).toEqual(before);
});

test('a wrong password says so and keeps what was typed', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Username and password' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill('demo');
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('AUTHENTICATION_FAILED');
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('demo');
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('not-the-password');
});

/** Signs in with a new API token; the answer revokes it, as its owner would elsewhere. */
async function signInWithRevocableToken(page: Page, api: Api, request: APIRequestContext) {
  const { id, token } = await createApiToken(api);
  await signInWithToken(page, token);
  return async () => {
    await request.delete(endpointPath(tokenEndpoints.delete, { id }), {
      headers: { authorization: `Bearer ${token}` },
    });
  };
}

test('a revoked token asks to sign in again; giving up leads to sign-in and back to the same page', async ({
  page,
  request,
  api,
  users,
}) => {
  const revoke = await signInWithRevocableToken(page, api, request);
  await page.goto('/prices?zone=uk-lon1');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();

  await revoke();
  await page.reload();
  // The refused token first asks for a new sign-in over the page; giving up signs out.
  const renewal = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(renewal).toBeVisible();
  await expect(page).toHaveURL(/\/prices\?zone=uk-lon1$/);
  await renewal.getByRole('button', { name: 'Cancel and sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await expect(page.getByText('Your session has ended. Sign in again to continue.')).toBeVisible();

  await page.getByRole('button', { name: 'Username and password' }).click();
  await page.getByRole('textbox', { name: 'Username' }).fill(users.demo.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(users.demo.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/prices\?zone=uk-lon1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
});

test('a page whose reads leave before the app renders asks a revoked token to sign in again over it', async ({
  page,
  request,
  api,
  users,
}) => {
  const revoke = await signInWithRevocableToken(page, api, request);
  await revoke();
  // The storage list is read as the page loads, before the sign-in layer exists to ask: the
  // refusal waits for it, and the page stays.
  await page.goto('/storage?type=backup');
  const renewal = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(renewal).toBeVisible();
  await expect(page).toHaveURL(/\/storage\?type=backup$/);
  await renewal.getByRole('button', { name: 'Username and password' }).click();
  await renewal.getByRole('textbox', { name: 'Username' }).fill(users.demo.username);
  await renewal.getByRole('textbox', { name: 'Password' }).fill(users.demo.password);
  await renewal.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(renewal).toBeHidden();
  await expect(page.getByRole('table', { name: 'Storages' })).toBeVisible();
});

test('a link opened in a new tab is signed in, and signing out there signs out the first tab', async ({
  page,
  context,
  users,
}) => {
  await signInWithPassword(page, users.demo.username, users.demo.password);
  const link = page.getByRole('navigation').getByRole('link', { name: 'Storage', exact: true });
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    link.click({ modifiers: ['ControlOrMeta'] }),
  ]);
  // The first tab stays where it was; the new one opens the link's page, signed in.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(tab.getByRole('heading', { level: 1, name: 'Storage' })).toBeVisible();
  await expect(tab.getByRole('table', { name: 'Storages' })).toBeVisible();
  expect(tab.url()).toMatch(/\/storage$/);

  await tab.getByRole('button', { name: 'Sign out' }).click();
  await expect(tab.getByRole('heading', { level: 1, name: /^Sign in/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Sign in/ })).toBeVisible();
  await expect(page.getByText('You signed out in another tab.')).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
});
