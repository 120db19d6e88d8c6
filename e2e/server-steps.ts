import type { Locator, Page } from '@playwright/test';
import type { ServerDetails } from '../contract/server';
import { choose, expect, openSelect } from './support';

/** A real key from `ssh-keygen -t ed25519`. */
export const sshKey =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGrYxMMFrO3zRTxysJNslo2EbyVrnE6Gsk9SHYHLC1OY ada@laptop';

/** The create form's options after the SSH keys: a one-time password, user data, weekly backups
 * at `backupTime` and console access (under Advanced settings). */
export async function fillCreateOptions(page: Page, userData: string, backupTime: string) {
  await page.getByRole('checkbox', { name: 'Create a one-time password' }).check();
  await page.getByRole('textbox', { name: 'User data' }).fill(userData);
  await choose(
    page,
    'Simple backups',
    /^Daily and weekly backups \(weeklies\): €[\d.]+ per month$/,
  );
  await page.getByRole('textbox', { name: 'Backup time (UTC)' }).fill(backupTime);
  await page.getByRole('button', { name: 'Advanced settings' }).click();
  await page.getByRole('checkbox', { name: 'Console access (remote access)' }).check();
}

const hourly = /^€\d+\.\d+ per hour$/;

/** The price in the Plan dialog under a heading such as "Now (2xCPU-4GB)". */
const planPrice = (dialog: Locator, heading: string) =>
  dialog
    .getByRole('region', { name: 'Hourly price' })
    .getByRole('heading', { name: heading })
    .locator('xpath=following-sibling::*[1]');

/**
 * In the open Plan dialog: the price of plan `from`, then, once plan `to` is chosen, its other
 * price beside the unchanged first one; then saves and sees the dialog close.
 */
export async function changePlanSeeingPrices(dialog: Locator, from: string, to: string) {
  const now = planPrice(dialog, `Now (${from})`);
  await expect(now).toHaveText(hourly);
  const before = await now.textContent();
  await (
    await openSelect(dialog, 'Plan')
  )
    .getByRole('option', { name: new RegExp(`^${to}`) })
    .click();
  const next = planPrice(dialog, `After the change (${to})`);
  await expect(next).toHaveText(hourly);
  await expect(next).not.toHaveText(before!);
  await expect(now).toHaveText(before!);
  await dialog.getByRole('button', { name: 'Save plan' }).click();
  await expect(dialog).toBeHidden();
}

/** The Console tab shows the server's address and port, and its password only after Show. */
export async function expectConsoleDetails(page: Page, server: ServerDetails) {
  await page.getByRole('tab', { name: 'Console' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Console' });
  await expect(panel.getByText(server.remote_access_host!)).toBeVisible();
  await expect(panel.getByText(server.remote_access_port!, { exact: true })).toBeVisible();
  await expect(panel).not.toContainText(server.remote_access_password!);
  await panel.getByRole('button', { name: 'Show' }).click();
  await expect(panel.getByText(server.remote_access_password!)).toBeVisible();
}
