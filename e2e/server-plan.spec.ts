import type { Page } from '@playwright/test';
import { changePlanSeeingPrices } from './server-steps';
import { choose, expect, expectNoAxeViolations, test } from './support';

test.use({ signedIn: 'demo' });

async function openWeb1(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Servers' }).click();
  await page.getByRole('link', { name: 'web-1', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'web-1' })).toBeVisible();
}

test('stop a server, change its plan seeing both prices, start it and set a simple backup plan', async ({
  page,
}) => {
  await openWeb1(page);
  const start = page.getByRole('button', { name: 'Start', exact: true });
  const stop = page.getByRole('button', { name: 'Stop', exact: true });
  await stop.click();
  await expect(start).toBeEnabled({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the plan of “web-1”' });
  const prices = dialog.getByRole('region', { name: 'Hourly price' });
  await expect(prices).toContainText('Now (2xCPU-4GB)');
  await changePlanSeeingPrices(dialog, '2xCPU-4GB', '4xCPU-8GB');
  await expect(page.getByText('4 CPU, 8 GiB')).toBeVisible();

  await start.click();
  await expect(stop).toBeEnabled({ timeout: 30_000 });

  await page.getByRole('tab', { name: 'Backups' }).click();
  const form = page.getByRole('form', { name: 'Simple backups' });
  await choose(form, 'Backup plan', /\(dailies\): €\d+\.\d+ per hour/);
  await form.getByRole('textbox', { name: 'Time of day (UTC)' }).fill('02:30');
  await form.getByRole('button', { name: 'Save backup plan' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await expect(page.getByRole('region', { name: 'Backups made' })).toContainText(
    'No simple backups yet.',
  );

  await page.reload();
  await expect(form.getByRole('combobox', { name: 'Backup plan' })).toContainText('(dailies)');
  await expect(form.getByRole('textbox', { name: 'Time of day (UTC)' })).toHaveValue('02:30');
});

test('the plan dialog and the Backups tab pass axe', async ({ page }) => {
  await openWeb1(page);
  await page.getByRole('button', { name: 'Plan', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Stop the server first');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'Backups' }).click();
  await expect(page.getByRole('form', { name: 'Simple backups' })).toBeVisible();
  await expectNoAxeViolations(page);
});
