import { choose, expect, expectNoAxeViolations, test, unique } from './support';

test.use({ signedIn: 'demo' });

test('create a server with a cost preview, watch it start, stop it and delete it with its disk', async ({
  page,
}) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Servers' }).click();
  // The dashboard's activity links (“create server”) are gone once the list is shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Servers' })).toBeVisible();
  await page
    .getByRole('link', { name: 'Create server' })
    .or(page.getByRole('button', { name: 'Create server' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create server' })).toBeVisible();

  const title = unique('e2e server');
  await choose(page, 'Zone', /nl-ams1/);
  await choose(page, 'Plan', /2xCPU-4GB/);
  await choose(page, 'Operating system template', /Ubuntu/);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Hostname' }).fill('e2e.example.com');
  const preview = page.getByRole('region', { name: 'Cost preview' });
  await expect(preview).toContainText('Plan 2xCPU-4GB');
  await expect(preview).toContainText(/per month \(730 hours\)/);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create server' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeEnabled({
    timeout: 30_000,
  });

  const events = page.getByRole('table', { name: 'Events, newest first' });
  await expect(events).toContainText('Created');

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(title);
  await dialog.getByRole('checkbox').first().check();
  const confirm = dialog.getByRole('button', { name: 'Delete server' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: /to confirm/ }).fill(title);
  await confirm.click();
  await expect(page).toHaveURL(/\/servers$/);
  // Sent when the Undo grace period ends; the list then drops the server.
  await expect(page.getByRole('region', { name: 'Pending deletions' })).toContainText(title);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0, { timeout: 15_000 });
});
