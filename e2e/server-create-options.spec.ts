import { serverResponseSchema } from '../contract/server';
import { expect, expectNoAxeViolations, signIn, test, unique } from './support';

/** A real key from `ssh-keygen -t ed25519`. */
const sshKey =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGrYxMMFrO3zRTxysJNslo2EbyVrnE6Gsk9SHYHLC1OY ada@laptop';

test('create a server with an SSH key, user data and simple backups, see its one-time password once and open its console', async ({
  page,
  users,
  api,
}) => {
  const choose = async (field: string, option: RegExp) => {
    await page.getByRole('combobox', { name: field }).click();
    await page.getByRole('option', { name: option }).click();
  };
  await signIn(page, users.demo);
  await page.goto('/servers/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create server' })).toBeVisible();

  const title = unique('e2e options');
  await choose('Zone', /de-fra1/);
  await choose('Plan', /^1xCPU-1GB/);
  await choose('Operating system template', /Ubuntu/);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Hostname' }).fill('options.example.com');

  const keys = page.getByRole('textbox', { name: 'SSH public keys' });
  await keys.fill(sshKey.replace('ssh-ed25519', 'ssh-rsa'));
  await page.getByRole('button', { name: 'Create server' }).click();
  await expect(page.getByText('This is not a whole ssh-rsa key')).toBeVisible();
  await keys.fill(sshKey);
  await page.getByRole('checkbox', { name: 'Create a one-time password' }).check();
  await page.getByRole('textbox', { name: 'User data' }).fill('#!/bin/sh\necho ready > /tmp/ready');
  await choose('Simple backups', /^Daily and weekly backups \(weeklies\): €[\d.]+ per month$/);
  await page.getByRole('textbox', { name: 'Backup time (UTC)' }).fill('02:30');
  await page.getByRole('button', { name: 'Advanced settings' }).click();
  await page.getByRole('checkbox', { name: 'Console access (remote access)' }).check();
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
  const { server } = await api.call('GET', `/1.3/server/${uuid}`, undefined, serverResponseSchema);
  expect(server).toMatchObject({ simple_backup: '0230,weeklies', remote_access_enabled: 'yes' });

  await page.getByRole('tab', { name: 'Console' }).click();
  const consolePanel = page.getByRole('tabpanel', { name: 'Console' });
  await expect(consolePanel.getByText(server.remote_access_host!)).toBeVisible();
  await expect(consolePanel.getByText(server.remote_access_port!, { exact: true })).toBeVisible();
  await expect(consolePanel).not.toContainText(server.remote_access_password!);
  await consolePanel.getByRole('button', { name: 'Show' }).click();
  await expect(consolePanel.getByText(server.remote_access_password!)).toBeVisible();
  await expectNoAxeViolations(page);
});
