import { execFileSync } from 'node:child_process';
import type { Locator } from '@playwright/test';
import { accountEndpoints, accountListResponseSchema } from '../contract/account';
import { endpointPath } from '../contract/endpoint';
import { serverEndpoints } from '../contract/server';
import { storageEndpoints } from '../contract/storage';
import {
  createApiToken,
  createDisk,
  expect,
  expectNoAxeViolations,
  fillSubaccountForm,
  test,
  unique,
} from './support';

test.use({ signedIn: 'demo' });

/** Opens the "API call" view inside `scope` and reads its curl command as shown. */
async function curlOf(scope: Locator) {
  await scope.getByRole('button', { name: 'API call' }).click();
  const region = scope.getByRole('region', { name: 'API call' });
  const curl = region.getByRole('region', { name: 'curl' }).locator('code');
  await expect(curl).toContainText('curl -X');
  return { region, text: (await curl.textContent()) ?? '' };
}

/** Runs a copied curl command as a user would, their token in SKYDECK_TOKEN; returns its output. */
function runCurl(command: string, token: string) {
  return execFileSync('bash', ['-c', `${command} --silent --show-error --fail`], {
    env: { ...process.env, SKYDECK_TOKEN: token },
    encoding: 'utf8',
  });
}

test('a filtered list’s API call, run with curl, answers the rows the page shows', async ({
  page,
  api,
}) => {
  const { token } = await createApiToken(api);
  await page.goto('/servers?state=started&sort=title');
  const table = page.getByRole('table', { name: 'Servers' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const shown = await table.getByRole('rowheader').allTextContents();

  const main = page.getByRole('main');
  const { region, text } = await curlOf(main);
  await expect(
    region.getByText(`The request the panel sent: GET ${endpointPath(serverEndpoints.list)}.`, {
      exact: true,
    }),
  ).toBeVisible();
  expect(text).toContain('state=started');
  expect(text).toContain('sort_by=title');
  expect(text).not.toContain(token);
  await expectNoAxeViolations(page);

  const answer = JSON.parse(runCurl(text, token)) as {
    servers: { server: { title: string; state: string }[] };
  };
  const servers = answer.servers.server.slice(0, shown.length);
  expect(servers.every((server) => server.state === 'started')).toBe(true);
  expect(servers.map((server) => server.title)).toEqual(shown);
});

test('a delete dialog shows the request it will send; run with curl, it deletes', async ({
  page,
  request,
  api,
}) => {
  const { token } = await createApiToken(api);
  const title = unique('e2e api call');
  const disk = await createDisk(api, { title });
  await page.goto(`/storage/${disk.uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` });
  const { region, text } = await curlOf(dialog);
  await expect(
    region.getByText('The request the panel will send with these values.'),
  ).toBeVisible();
  expect(text).toContain(`curl -X DELETE`);
  expect(text).toContain(
    endpointPath(storageEndpoints.delete, { uuid: disk.uuid }, { backups: 'keep' }),
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  runCurl(text, token);
  const gone = await request.get(endpointPath(storageEndpoints.get, { uuid: disk.uuid }), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);
});

test('a create dialog’s API call hides the password it sends', async ({ page, request, api }) => {
  await page.goto('/subaccounts');
  await page.getByRole('button', { name: 'Create subaccount' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a subaccount' });
  const username = `e2eapi${Date.now().toString(36)}`;
  const password = 'Secret-Passw0rd-77';
  await fillSubaccountForm(dialog, { username, password });

  const { region, text } = await curlOf(dialog);
  await expect(
    region.getByText('The request the panel will send with these values.'),
  ).toBeVisible();
  expect(text).toContain(`"username":"${username}"`);
  expect(text).toContain('"password":"<redacted>"');
  await expect(dialog).not.toContainText(password);

  await dialog.getByRole('button', { name: 'Create subaccount' }).click();
  await expect(dialog).toBeHidden();
  // The subaccount got the password typed, not the placeholder.
  const accounts = await api.call(
    'GET',
    endpointPath(accountEndpoints.list),
    undefined,
    accountListResponseSchema,
  );
  expect(accounts.accounts.account.map((account) => account.username)).toContain(username);
  const signedIn = await request.get(endpointPath(accountEndpoints.get), {
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    },
  });
  expect(signedIn.status()).toBe(200);
});
