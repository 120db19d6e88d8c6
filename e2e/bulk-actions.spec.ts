import type { Page } from '@playwright/test';
import {
  createDisk,
  defaultUndoGraceMs,
  expect,
  expectNoAxeViolations,
  readStorage,
  test,
  tick,
  unique,
} from './support';

test.use({ signedIn: 'demo' });

async function showOnly(page: Page, search: string) {
  await page.goto(`/storage?search=${encodeURIComponent(search)}`);
  return page.getByRole('table', { name: 'Storages' });
}

test('label two disks at once, then delete one with its title typed and take it back with Undo', async ({
  page,
  api,
}) => {
  const prefix = unique('e2e bulk');
  const first = await createDisk(api, { title: `${prefix} one` });
  const second = await createDisk(api, { title: `${prefix} two` });
  // The page's clock is the test's: the Undo grace period ends when the test says so.
  await page.clock.install();

  const table = await showOnly(page, prefix);
  await expect(table.getByRole('rowheader')).toHaveCount(2);
  await tick(table.getByRole('checkbox', { name: 'Select all storages on this page' }));
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions on selected storages' });
  await expect(toolbar).toContainText('2 storages selected');
  await toolbar.getByRole('button', { name: 'Add label' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add label: 2 storages' });
  await dialog.getByRole('textbox', { name: 'Label key' }).fill('batch');
  await dialog.getByRole('textbox', { name: 'Label value' }).fill('e2e');
  await dialog.getByRole('button', { name: 'Add label 2 storages' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 done, 0 failed.');
  const results = dialog.getByRole('table', { name: 'Results' });
  for (const disk of [first, second]) {
    await expect(
      results.getByRole('row').filter({ has: page.getByRole('rowheader', { name: disk.title }) }),
    ).toContainText('Done');
  }
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'batch=e2e' })).toHaveCount(2);
  for (const disk of [first, second]) {
    const { labels } = await readStorage(api, disk.uuid);
    expect(labels).toContainEqual({ key: 'batch', value: 'e2e' });
  }

  // Delete one: the title must be typed; Undo within the grace period keeps it.
  await table.getByRole('link', { name: first.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete “${first.title}”?` });
  const deleteButton = confirm.getByRole('button', { name: 'Delete storage' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox', { name: /to confirm/ }).fill(first.title.toUpperCase());
  await expect(deleteButton).toBeDisabled();
  await confirm.getByRole('textbox', { name: /to confirm/ }).fill(first.title);
  await deleteButton.click();
  // Time stands still from here to Undo: however slow the machine, the grace period cannot end
  // before the click.
  await page.clock.pauseAt(Date.now() + 1000);
  await expect(page).toHaveURL(/\/storage$/);
  const pending = page.getByRole('region', { name: 'Pending deletions' });
  await expect(pending).toContainText(`Deleting “${first.title}” in`);
  await pending.getByRole('button', { name: 'Undo' }).click();
  await page.clock.resume();
  await expect(pending).toBeHidden();
  // The pointer rests where Undo was, now over a table row: scan the page as it is at rest.
  await page.mouse.move(0, 0);
  await expectNoAxeViolations(page);

  const after = await showOnly(page, prefix);
  await expect(after.getByRole('link', { name: first.title })).toBeVisible();
  expect((await readStorage(api, first.uuid)).state).toBe('online');
});

test('a bulk delete asks for the count and lists a disk the API refuses as failed', async ({
  page,
  api,
}) => {
  // Titled so that one search shows it next to web-1 OS, which is attached to web-1: the API
  // refuses to delete that one.
  const free = await createDisk(api, { title: unique('web-1 OS bulk delete') });
  await page.clock.install();
  await page.goto('/storage?search=web-1%20OS');
  const table = page.getByRole('table', { name: 'Storages' });
  await tick(table.getByRole('checkbox', { name: 'Select web-1 OS', exact: true }));
  await tick(table.getByRole('checkbox', { name: `Select ${free.title}` }));
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions on selected storages' });
  await toolbar.getByRole('button', { name: 'Delete' }).click();

  const dialog = page.getByRole('dialog', { name: 'Delete: 2 storages' });
  const confirm = dialog.getByRole('button', { name: 'Delete 2 storages' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: /to confirm/ }).fill('2');
  await confirm.click();
  // Nothing is sent during the grace period; Undo is offered until it ends.
  await expect(dialog.getByRole('status')).toHaveText(/^Delete 2 storages in \d s\./);
  await expect(dialog.getByRole('button', { name: 'Undo' })).toBeVisible();
  await page.clock.fastForward(defaultUndoGraceMs);
  await expect(dialog.getByRole('status')).toHaveText('1 done, 1 failed.');
  const results = dialog.getByRole('table', { name: 'Results' });
  await expect(
    results
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'web-1 OS', exact: true }) }),
  ).toContainText('Failed: STORAGE_ATTACHED');
  await expect(dialog.getByRole('button', { name: 'Retry failed (1)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(table.getByRole('link', { name: free.title })).toHaveCount(0);
});
