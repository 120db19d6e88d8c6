import { expect, test } from '@playwright/test';
import { apiCall, demo, expectNoAxeViolations, signInWithPassword, unique } from './support';

interface StoredSession {
  token: string;
  tokenId: string;
}

test('a session revoked mid-form: sign in again in a dialog and the storage is created', async ({
  page,
  request,
}) => {
  await signInWithPassword(page, demo.username, demo.password);
  await page.goto('/storage');
  await page.getByRole('button', { name: 'Create storage' }).click();
  const form = page.getByRole('dialog', { name: 'Create storage' });
  const title = unique('resilient volume');
  await form.getByRole('combobox', { name: 'Zone' }).click();
  await page.getByRole('option', { name: /\(de-fra1\)/ }).click();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Size (GiB)' }).fill('13');

  // The API call view shows the request to be sent, never the token.
  await form.getByRole('button', { name: 'API call' }).click();
  const call = form.getByRole('region', { name: 'API call' });
  await expect(call.getByRole('region', { name: 'curl' })).toContainText("curl -X POST 'http://");
  await expect(call.getByRole('region', { name: 'curl' })).toContainText(title);
  await expect(call.getByRole('region', { name: 'curl' })).toContainText(
    'Authorization: Bearer $SKYDECK_TOKEN',
  );
  const session = JSON.parse(
    (await page.evaluate(() => window.sessionStorage.getItem('skydeck.session'))) ?? '{}',
  ) as StoredSession;
  await expect(call).not.toContainText(session.token);
  await expectNoAxeViolations(page);

  // Another tab or a script revokes the panel's session token.
  const tokens = await apiCall<{ id: string; gui: boolean }[]>(
    request,
    'GET',
    '/1.3/account/tokens',
  );
  const panelToken = tokens.find((token) => token.id === session.tokenId);
  expect(panelToken?.gui).toBe(true);
  await apiCall(request, 'DELETE', `/1.3/account/tokens/${session.tokenId}`);

  await form.getByRole('button', { name: 'Create storage' }).click();
  const renewal = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(renewal).toBeVisible();
  await expect(page).toHaveURL(/\/storage$/);
  await expectNoAxeViolations(page);
  await expect(renewal.getByRole('textbox', { name: 'Username' })).toHaveValue(demo.username);
  await renewal.getByRole('textbox', { name: 'Password' }).fill(demo.password);
  await renewal.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(renewal).toBeHidden();
  await expect(page).toHaveURL(/\/storage\/01[0-9a-f-]{34}$/);
  const uuid = page.url().split('/').pop() ?? '';
  const created = await apiCall<{ storage: { title: string; size: number } }>(
    request,
    'GET',
    `/1.3/storage/${uuid}`,
  );
  expect(created.storage).toMatchObject({ title, size: 13 });
});
