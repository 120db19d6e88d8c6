import { endpointPath } from '../contract/endpoint';
import { serverEndpoints, serverResponseSchema } from '../contract/server';
import { expectConsoleDetails, fillCreateOptions, sshKey } from './server-steps';
import { choose, expect, expectNoAxeViolations, test, unique } from './support';

test.use({ signedIn: 'demo' });

test('create a server with an SSH key, user data and simple backups, see its one-time password once and open its console', async ({
  page,
  api,
}) => {
  await page.goto('/servers/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create server' })).toBeVisible();

  const title = unique('e2e options');
  await choose(page, 'Zone', /de-fra1/);
  await choose(page, 'Plan', /^1xCPU-1GB/);
  await choose(page, 'Operating system template', /Ubuntu/);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Hostname' }).fill('options.example.com');

  const keys = page.getByRole('textbox', { name: 'SSH public keys' });
  await keys.fill(sshKey.replace('ssh-ed25519', 'ssh-rsa'));
  await page.getByRole('button', { name: 'Create server' }).click();
  await expect(page.getByText('This is not a whole ssh-rsa key')).toBeVisible();
  await keys.fill(sshKey);
  await fillCreateOptions(page, '#!/bin/sh\necho ready > /tmp/ready', '02:30');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create server' }).click();
  const dialog = page.getByRole('dialog', { name: 'One-time password' });
  await expect(dialog).toContainText('This password is shown only now.');
  const password = await dialog.getByRole('textbox', { name: 'Password' }).inputValue();
  expect(password).toMatch(/^\S{12,}$/);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'I have saved it' }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(page.url()).not.toContain(password);
  await expect(page.locator('body')).not.toContainText(password);
  // A reload reads the server afresh: the password is nowhere to be shown again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(password);

  const uuid = new URL(page.url()).pathname.split('/').pop()!;
  const { server } = await api.call(
    'GET',
    endpointPath(serverEndpoints.get, { uuid }),
    undefined,
    serverResponseSchema,
  );
  expect(server).toMatchObject({ simple_backup: '0230,weeklies', remote_access_enabled: 'yes' });

  await expectConsoleDetails(page, server);
  await expectNoAxeViolations(page);
});
