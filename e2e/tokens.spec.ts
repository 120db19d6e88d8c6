import { accountEndpoints } from '../contract/account';
import { endpointPath } from '../contract/endpoint';
import { expect, test } from './support';

test.use({ signedIn: 'demo' });

test('create a token, use its secret once shown, then delete it', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('navigation').getByRole('link', { name: 'API tokens' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible();

  const name = `deploy bot ${Date.now()}`;
  await page.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel(/allow from any address/i).uncheck();
  await dialog.getByLabel(/allowed ip ranges/i).fill('127.0.0.1\n10.0.0.0/8\nnot-an-address');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText(/Line 3 .*not-an-address/)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Allowed IP ranges' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await dialog.getByLabel(/allowed ip ranges/i).fill('127.0.0.1\n10.0.0.0/8\n::1');
  await dialog.getByRole('button', { name: 'Create token' }).click();

  const secretDialog = page.getByRole('dialog');
  await expect(secretDialog.getByText(/will not be shown again/i)).toBeVisible();
  const secret = await secretDialog.getByLabel('Token').inputValue();
  expect(secret).toMatch(/^ucat_[0-9A-Z]{26}$/);
  await secretDialog.getByRole('button', { name: 'Copy token' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const account = await request.get(endpointPath(accountEndpoints.get), {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(account.status()).toBe(200);

  await secretDialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('10.0.0.0/8');
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: `Delete token ${name}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete token' }).click();
  await expect(row).toHaveCount(0);
  const after = await request.get(endpointPath(accountEndpoints.get), {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(after.status()).toBe(401);
});
