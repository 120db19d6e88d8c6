import type { Page } from '@playwright/test';
import { endpointPath } from '../contract/endpoint';
import { serverEndpoints, serverResponseSchema } from '../contract/server';
import {
  storageEndpoints,
  storageListResponseSchema,
  storageResponseSchema,
} from '../contract/storage';
import {
  basicAuth,
  choose,
  createDisk,
  defaultUndoGraceMs,
  expect,
  expectNoAxeViolations,
  openSelect,
  readStorage,
  test,
  unique,
  waitOnline,
} from './support';

test.use({ signedIn: 'demo' });

const busy = (page: Page) => page.getByText(/An operation is running/);

async function openStorage(page: Page, uuid: string, title: string) {
  await page.goto(`/storage/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('a disk’s life: create, attach to a running server, back up, clone, restore, template, detach', async ({
  page,
  request,
  api,
  users,
}) => {
  const title = unique('e2e data');

  await test.step('create a disk in the zone of the running server web-1', async () => {
    await page.goto('/storage');
    await page.getByRole('button', { name: 'Create storage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create storage' });
    await choose(page.getByRole('dialog'), 'Zone', /de-fra1/);
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Size (GiB)' }).fill('20');
    await dialog.getByRole('button', { name: 'Create storage' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNoAxeViolations(page);
  });
  const uuid = page.url().split('/').pop()!;

  await test.step('IDE is refused for the running server; VirtIO attaches', async () => {
    await page.getByRole('button', { name: 'Attach' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page.getByRole('dialog'), 'Server', /web-1/);
    const buses = await openSelect(dialog, 'Bus');
    await expect(buses.getByRole('option', { name: 'IDE' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.getByRole('option', { name: 'VirtIO' }).click();
    await dialog.getByRole('button', { name: 'Attach' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'web-1' })).toBeVisible();
    const storage = await readStorage(api, uuid);
    expect(storage.servers.server).toHaveLength(1);
  });

  await test.step('the API itself refuses an IDE device on the running server', async () => {
    const storage = await readStorage(api, uuid);
    const other = await createDisk(api, { title: unique('e2e ide') });
    const refused = await request.post(
      endpointPath(storageEndpoints.attach, { uuid: other.uuid }),
      {
        headers: {
          authorization: basicAuth(users.demo),
        },
        data: { storage_device: { server: storage.servers.server[0], address: 'ide' } },
      },
    );
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.error_code).toBe('IDE_HOTPLUG_UNSUPPORTED');
  });

  await test.step('back it up and watch the states settle', async () => {
    await page.getByRole('button', { name: 'Back up now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Backup title' }).fill(`${title} backup`);
    await dialog.getByRole('button', { name: 'Back up now' }).click();
    await expect(busy(page)).toContainText('backing up');
    await expectNoAxeViolations(page);
    await expect(busy(page)).toHaveCount(0, { timeout: 30_000 });
    const backups = page.getByRole('list', { name: 'Backups' });
    await expect(backups.getByRole('listitem')).toHaveCount(1);
    await expect(backups).toContainText('online', { timeout: 30_000 });
  });

  await test.step('clone it to another zone', async () => {
    await page.getByRole('button', { name: 'Clone' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title of the copy' }).fill(`${title} copy`);
    await choose(page.getByRole('dialog'), 'Target zone', /fi-hel1/);
    await dialog.getByRole('button', { name: 'Clone' }).click();
    await expect(dialog).toBeHidden();
    const list = await api.call(
      'GET',
      endpointPath(storageEndpoints.listOfType, { type: 'normal' }, { search: `${title} copy` }),
      undefined,
      storageListResponseSchema,
    );
    expect(list.storages.storage.map((item) => item.zone)).toEqual(['fi-hel1']);
    await waitOnline(api, list.storages.storage[0]!.uuid);
    await expect(busy(page)).toHaveCount(0, { timeout: 30_000 });
  });

  await test.step('restore the backup once web-1 is stopped', async () => {
    // Stopping web-1 is not what this test is about: the API does it, as a script would.
    const server = (await readStorage(api, uuid)).servers.server[0]!;
    await api.call('POST', endpointPath(serverEndpoints.stop, { uuid: server }), {
      stop_server: { stop_type: 'soft' },
    });
    await expect
      .poll(
        async () =>
          (
            await api.call(
              'GET',
              endpointPath(serverEndpoints.get, { uuid: server }),
              undefined,
              serverResponseSchema,
            )
          ).server.state,
        { timeout: 30_000 },
      )
      .toBe('stopped');
    await openStorage(page, uuid, title);
    await page.getByRole('list', { name: 'Backups' }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(title);
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(dialog).toBeHidden();
    await waitOnline(api, uuid);
  });

  await test.step('create a template from it', async () => {
    await openStorage(page, uuid, title);
    await page.getByRole('button', { name: 'Create template' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Template title' }).fill(`${title} template`);
    await dialog.getByRole('button', { name: 'Create template' }).click();
    await expect(dialog).toBeHidden();
    const templates = await api.call(
      'GET',
      endpointPath(
        storageEndpoints.listOfTypeAndAccess,
        { type: 'template', access: 'private' },
        { search: `${title} template` },
      ),
      undefined,
      storageListResponseSchema,
    );
    expect(templates.storages.storage).toHaveLength(1);
    await waitOnline(api, templates.storages.storage[0]!.uuid);
  });

  await test.step('detach it from web-1', async () => {
    await openStorage(page, uuid, title);
    await expect(busy(page)).toHaveCount(0, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Detach' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('web-1');
    await dialog.getByRole('button', { name: 'Detach' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Attach' })).toBeVisible();
    const storage = await readStorage(api, uuid);
    expect(storage.servers.server).toEqual([]);
  });
});

test('cancel a running clone: the copy is removed and the source is back online', async ({
  page,
  api,
}) => {
  const source = await createDisk(api, { title: unique('e2e cancel source'), size: 50 });
  await openStorage(page, source.uuid, source.title);
  await page.getByRole('button', { name: 'Clone' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title of the copy' }).fill(`${source.title} copy`);
  await choose(page.getByRole('dialog'), 'Target zone', /uk-lon1/);
  await dialog.getByRole('button', { name: 'Clone' }).click();
  await expect(busy(page)).toContainText('maintenance');
  await page.getByRole('button', { name: 'Cancel operation' }).click();
  const confirm = page.getByRole('dialog', { name: /Cancel the operation/ });
  await confirm.getByRole('button', { name: 'Cancel operation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Operation cancelled' })).toBeVisible();
  await expect(busy(page)).toHaveCount(0);
  const copies = await api.call(
    'GET',
    endpointPath(storageEndpoints.list, {}, { search: `${source.title} copy` }),
    undefined,
    storageListResponseSchema,
  );
  expect(copies.storages.storage).toEqual([]);
  expect((await readStorage(api, source.uuid)).state).toBe('online');
});

for (const [policy, label, remaining] of [
  ['keep', 'Keep all backups', 2],
  ['keep_latest', 'Keep the latest only', 1],
  ['delete', 'Delete all backups', 0],
] as const) {
  test(`delete a disk and ${label.toLowerCase()} (${policy})`, async ({
    page,
    request,
    api,
    users,
  }) => {
    const disk = await createDisk(api, { title: unique(`e2e delete ${policy}`) });
    for (const n of [1, 2]) {
      const { storage } = await api.call(
        'POST',
        endpointPath(storageEndpoints.backup, { uuid: disk.uuid }),
        { storage: { title: `${disk.title} backup ${n}` } },
        storageResponseSchema,
      );
      await waitOnline(api, storage.uuid);
      await waitOnline(api, disk.uuid);
    }
    // The page's clock is the test's: the Undo grace period ends when the test says so.
    await page.clock.install();
    await openStorage(page, disk.uuid, disk.title);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: label }).check();
    await expect(dialog).toContainText(
      {
        keep: 'All 2 backups are kept',
        keep_latest: 'The latest backup is kept',
        delete: 'All 2 backups are deleted',
      }[policy],
    );
    await dialog.getByRole('textbox', { name: /to confirm/ }).fill(disk.title);
    await dialog.getByRole('button', { name: 'Delete storage' }).click();
    await expect(page).toHaveURL(/\/storage$/);
    // The deletion is sent when the Undo grace period ends.
    const pending = page.getByRole('region', { name: 'Pending deletions' });
    await expect(pending).toContainText(`Deleting “${disk.title}”`);
    await page.clock.fastForward(defaultUndoGraceMs);
    await expect(pending).toBeHidden();
    const backups = await api.call(
      'GET',
      endpointPath(storageEndpoints.listOfType, { type: 'backup' }, { search: disk.title }),
      undefined,
      storageListResponseSchema,
    );
    expect(backups.storages.storage).toHaveLength(remaining);
    const gone = await request.get(endpointPath(storageEndpoints.get, { uuid: disk.uuid }), {
      headers: { authorization: basicAuth(users.demo) },
    });
    expect(gone.status()).toBe(404);
  });
}

test('filter the list by label and by search, and reload keeping the filters', async ({
  page,
  api,
}) => {
  const tag = `e2e${Date.now().toString(36)}`;
  const alpha = await createDisk(api, {
    title: unique('alpha'),
    labels: [{ key: tag, value: 'blue' }],
  });
  const beta = await createDisk(api, {
    title: unique('beta'),
    labels: [{ key: tag, value: 'green' }],
  });
  await page.goto('/storage');
  const table = page.getByRole('table', { name: 'Storages' });

  await page.getByRole('textbox', { name: 'Label filter' }).fill(tag.toUpperCase());
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(table.getByRole('link')).toHaveCount(2);
  await expect(table.getByRole('link', { name: alpha.title })).toBeVisible();
  await expect(table.getByRole('link', { name: beta.title })).toBeVisible();

  await page.getByRole('textbox', { name: 'Label filter' }).fill(`${tag}=green`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(table.getByRole('link')).toHaveText([beta.title]);

  await page.getByRole('button', { name: `Remove label filter ${tag}=green` }).click();
  await page.getByRole('searchbox', { name: 'Search title or UUID' }).fill(alpha.title);
  await expect(table.getByRole('link')).toHaveText([alpha.title]);
  await expect(page).toHaveURL(/search=/);

  await page.reload();
  await expect(table.getByRole('link')).toHaveText([alpha.title]);
  await expect(page.getByRole('searchbox', { name: 'Search title or UUID' })).toHaveValue(
    alpha.title,
  );
});
