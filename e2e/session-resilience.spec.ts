import { endpointPath } from '../contract/endpoint';
import { storageEndpoints } from '../contract/storage';
import { tokenEndpoints, tokenListResponseSchema } from '../contract/tokens';
import {
  choose,
  expect,
  expectNoAxeViolations,
  matchesEndpoint,
  readStorage,
  storedSession,
  test,
  unique,
} from './support';

test.use({ signedIn: 'demo' });

test('a session revoked mid-form: sign in again in a dialog and the storage is created', async ({
  page,
  api,
  users,
}) => {
  await page.goto('/storage');
  await page.getByRole('button', { name: 'Create storage' }).click();
  const form = page.getByRole('dialog', { name: 'Create storage' });
  const title = unique('resilient volume');
  await choose(form, 'Zone', /\(de-fra1\)/);
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
  const session = await storedSession(page);
  await expect(call).not.toContainText(session.token);
  await expectNoAxeViolations(page);

  const tokens = await api.call(
    'GET',
    endpointPath(tokenEndpoints.list),
    undefined,
    tokenListResponseSchema,
  );
  const panelToken = tokens.find((token) => token.id === session.tokenId);
  expect(panelToken?.gui).toBe(true);

  // Another tab or a script revokes the panel's session token just as the form is sent. Revoked
  // at that moment, no background poll of the page can meet the 401 first and open "Sign in
  // again" before the click (which would then wait behind the dialog).
  let revoked = false;
  await page.route(matchesEndpoint(storageEndpoints.create), async (route) => {
    if (route.request().method() === storageEndpoints.create.method && !revoked) {
      revoked = true;
      await api.call('DELETE', endpointPath(tokenEndpoints.delete, { id: session.tokenId }));
    }
    await route.continue();
  });
  await form.getByRole('button', { name: 'Create storage' }).click();
  const renewal = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(renewal).toBeVisible();
  await expect(page).toHaveURL(/\/storage$/);
  await expectNoAxeViolations(page);
  await expect(renewal.getByRole('textbox', { name: 'Username' })).toHaveValue(users.demo.username);
  await renewal.getByRole('textbox', { name: 'Password' }).fill(users.demo.password);
  await renewal.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(renewal).toBeHidden();
  await expect(page).toHaveURL(/\/storage\/01[0-9a-f-]{34}$/);
  const uuid = page.url().split('/').pop() ?? '';
  expect(await readStorage(api, uuid)).toMatchObject({ title, size: 13 });
});
