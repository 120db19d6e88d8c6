import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
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
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}
