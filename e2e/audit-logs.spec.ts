import fs from 'node:fs';
import { endpointPath } from '../contract/endpoint';
import { storageEndpoints } from '../contract/storage';
import {
  choose,
  createDisk,
  expect,
  expectNoAxeViolations,
  holdScripts,
  test,
  unique,
} from './support';

test.use({ signedIn: 'demo' });

test('a change is found in the audit log by its UUID, opened, exported, and the view survives a reload', async ({
  page,
  api,
}) => {
  const title = unique('audited disk');
  const disk = await createDisk(api, { title });
  await api.call('PUT', endpointPath(storageEndpoints.modify, { uuid: disk.uuid }), {
    storage: { title: `${title} renamed` },
  });

  await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page
    .getByRole('searchbox', { name: 'Resource UUID, username or IP address' })
    .fill(disk.uuid);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${disk.uuid}`));
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('Rows 1–2 of 2 · page 1 of 1')).toBeVisible();

  await choose(page, 'Actions', /^update$/);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]action=update/);
  await expect(page.getByText('Rows 1–1 of 1 · page 1 of 1')).toBeVisible();

  await table.getByRole('button', { name: /^Event details: update storage/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Audit event' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText(disk.uuid, { exact: true })).toBeVisible();
  const changes = drawer.getByRole('table', { name: 'Changes' });
  await expect(changes).toContainText(title);
  await expect(changes).toContainText(`${title} renamed`);
  await expect(drawer.getByText('basic_auth')).toBeVisible();
  await expectNoAxeViolations(page);
  await drawer.getByRole('button', { name: 'Close event details' }).click();
  await expect(drawer).toBeHidden();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-logs-\d{8}T\d{6}Z\.csv$/);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toBe(
    'time,cloud_event_id,upcloud_correlation_id,account_username,ip_address,origin,auth_type,action,resource_type,resource_sub_type,resource_id,previous_state,current_state',
  );
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`,update,storage,,${disk.uuid},`);
  await expect(page.getByText(`Downloaded ${download.suggestedFilename()}.`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(
    page.getByRole('searchbox', { name: 'Resource UUID, username or IP address' }),
  ).toHaveValue(disk.uuid);
  await expect(page.getByRole('combobox', { name: 'Actions' })).toHaveText('update');
  await expect(page.getByText('Rows 1–1 of 1 · page 1 of 1')).toBeVisible();
});

test('the app bar search opens a disk by UUID and its Activity tab lists its changes', async ({
  page,
  api,
}) => {
  const title = unique('searched disk');
  const disk = await createDisk(api, { title });

  // The app bar search opens the command palette; a pasted UUID opens its resource.
  const search = async (text: string) => {
    await page.getByRole('banner').getByRole('button', { name: 'Search or jump to' }).click();
    const query = page
      .getByRole('dialog', { name: 'Search or jump to' })
      .getByRole('combobox', { name: /Page, name, hostname/ });
    await query.fill(text);
    await query.press('Enter');
  };
  await search(disk.uuid);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/[?&]tab=activity/);
  const activity = page.getByRole('table', { name: 'Activity' });
  await expect(activity.getByRole('row')).toHaveCount(2);
  await expect(activity).toContainText('create');
  await expectNoAxeViolations(page);

  await api.call('DELETE', endpointPath(storageEndpoints.delete, { uuid: disk.uuid }));
  await search(disk.uuid);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(
    page.getByText(`The storage ${disk.uuid} no longer exists.`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row')).toHaveCount(3);
});

test('the audit log keeps the place of its filter pickers while they load, and shows the filters', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // The pickers' chunk is the only script with a picker's empty menu.
  const { held } = await holdScripts(page, 'None recorded yet', released);
  // A phone: the pickers stack above the table.
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto('/audit-logs?action=create&action=delete');
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(page.getByText(/^Rows 1–/)).toBeVisible();
  await expect.poll(held).toBe(1);
  await expect(page.getByRole('combobox', { name: 'Actions' })).toHaveCount(0);
  // Each box reads as its picker will: its label, and the filter's values or "Any".
  const boxes = page
    .locator('[aria-busy="true"]')
    .filter({ hasText: 'Resource types' })
    .locator(':scope > *');
  await expect(boxes).toHaveCount(3);
  for (const [index, label, text] of [
    [0, 'Actions', 'create, delete'],
    [1, 'Resource types', 'Any'],
    [2, 'Origins', 'Any'],
  ] as const) {
    await expect(boxes.nth(index).getByText(label, { exact: true })).toBeVisible();
    await expect(boxes.nth(index).getByText(text, { exact: true })).toBeVisible();
  }
  const before = await table.boundingBox();
  release();
  await expect(page.getByRole('combobox', { name: 'Actions' })).toHaveText('create, delete');
  await expect(page.getByRole('combobox', { name: 'Origins' })).toHaveText('Any');
  expect(await table.boundingBox()).toEqual(before);
});
