import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '../../../contract/endpoint';
import { storageEndpoints } from '../../../contract/storage';
import type { CreateStorageRequest } from '../../../contract/storage';
import { request } from '../../api/http';
import { renderApp, signInAs, uniqueName } from '../../testing/render';
import { createStorageAs } from '../../testing/resources';

/**
 * A new storage of demo's with a fresh title from `prefix` (`fields` as `createStorageAs` takes
 * them), its page open in the whole app.
 */
async function openNewStorage(
  prefix: string,
  fields: Partial<CreateStorageRequest['storage']> = {},
  options: Omit<Parameters<typeof renderApp>[0], 'session' | 'path'> = {},
) {
  const session = await signInAs('demo');
  const title = uniqueName(prefix);
  const storage = await createStorageAs(session, { ...fields, title });
  const rendered = renderApp({ session, path: `/storage/${storage.uuid}`, ...options });
  return { session, title, storage, ...rendered };
}

describe('storage detail page', () => {
  it('backs up now and lists the new backup in maintenance', async () => {
    const { user, title } = await openNewStorage('backup source');

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toHaveTextContent(
      `Dashboard/Storage/${title}`,
    );
    expect(screen.getByText('No backups.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Back up now' }));
    const dialog = await screen.findByRole('dialog', { name: `Back up “${title}” now` });
    const backupTitle = uniqueName('manual backup');
    const field = within(dialog).getByRole('textbox', { name: 'Backup title' });
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Back up now' }));
    expect(await within(dialog).findByText('Give a title.')).toBeVisible();
    await user.type(field, backupTitle);
    await user.click(within(dialog).getByRole('button', { name: 'Back up now' }));

    const backups = await screen.findByRole('list', { name: 'Backups' });
    const item = await within(backups).findByRole('listitem');
    await waitFor(() => expect(item).toHaveTextContent(backupTitle));
    expect(item).toHaveTextContent(/maintenance/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The result is confirmed the one way every action confirms it, with a link to the backup.
    const notice = (await screen.findByText('Backup started')).closest('[role="status"]')!;
    const backupLink = within(notice as HTMLElement).getByRole('link', { name: 'Open' });
    expect(within(backups).getByRole('link', { name: backupTitle })).toHaveAttribute(
      'href',
      backupLink.getAttribute('href'),
    );
  });

  it('resizes the partition only after the size grew, keeping the backup it takes', async () => {
    const { user, title } = await openNewStorage('resize me', { zone: 'fi-hel1', size: 10 });

    await user.click(await screen.findByRole('button', { name: 'Resize partition' }));
    let dialog = await screen.findByRole('dialog', { name: /Resize the partition/ });
    await user.click(within(dialog).getByRole('button', { name: 'Resize' }));
    expect(await within(dialog).findByText(/STORAGE_STATE_ILLEGAL/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: `Edit “${title}”` });
    const size = within(edit).getByRole('textbox', { name: 'Size (GiB)' });
    await user.clear(size);
    await user.type(size, '20');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Resize partition' }));
    dialog = await screen.findByRole('dialog', { name: /Resize the partition/ });
    expect(dialog).toHaveTextContent('all 20 GiB');
    await user.click(within(dialog).getByRole('button', { name: 'Resize' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The resize has started. The backup Resize Backup was taken first.',
    );
    const backups = await screen.findByRole('list', { name: 'Backups' });
    expect(await within(backups).findByRole('listitem')).toBeVisible();
  });

  it('offers no partition resize while the server using the disk runs, and says when it may', async () => {
    const { user } = renderApp({
      session: await signInAs('demo'),
      path: '/storage?search=web-1%20OS',
    });
    const table = await screen.findByRole('table', { name: 'Storages' });
    await user.click(within(table).getByRole('link', { name: 'web-1 OS' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'web-1 OS' })).toBeVisible();
    // The rule shows with the page; the server's state, from the server list, disables the button.
    expect(
      screen.getByText('The partition can be resized while its server is stopped.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Resize partition' })).toBeDisabled(),
    );
    const attached = screen.getByRole('region', { name: 'Attached servers' });
    expect(await within(attached).findByRole('link', { name: 'web-1' })).toBeVisible();
  });

  it('offers only servers of the same zone to attach, and no IDE bus for a started one', async () => {
    const { user, title } = await openNewStorage('attach candidate');

    await user.click(await screen.findByRole('button', { name: 'Attach' }));
    const dialog = await screen.findByRole('dialog', { name: `Attach “${title}” to a server` });
    await user.click(within(dialog).getByRole('combobox', { name: 'Server' }));
    const options = await screen.findAllByRole('option');
    const names = options.map((option) => option.textContent);
    // web-1 is the demo account's server in de-fra1; build-box (fi-hel1) and db-1 (uk-lon1) are not.
    expect(names).toContain('web-1 (started)');
    expect(names.some((name) => name?.startsWith('build-box'))).toBe(false);
    expect(names.some((name) => name?.startsWith('db-1'))).toBe(false);
    await user.click(screen.getByRole('option', { name: 'web-1 (started)' }));

    await user.click(within(dialog).getByRole('combobox', { name: 'Bus' }));
    expect(await screen.findByRole('option', { name: 'IDE' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('option', { name: 'SCSI' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('refuses to shrink a storage and rejects “_” label keys in the edit dialog', async () => {
    const { user, title } = await openNewStorage('edit target', { zone: 'de-fra1', size: 20 });

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit “${title}”` });
    const size = within(dialog).getByRole('textbox', { name: 'Size (GiB)' });
    await user.clear(size);
    await user.type(size, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Label 1 key' }), '_hidden');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(dialog).findByText('A storage cannot shrink: give 20 GiB or more.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Label keys may not start with “_”.')).toBeVisible();

    await user.clear(size);
    await user.type(size, '30');
    expect(
      within(dialog).getByRole('checkbox', { name: /Resize the last partition/ }),
    ).not.toBeChecked();
    const key = within(dialog).getByRole('textbox', { name: 'Label 1 key' });
    await user.clear(key);
    await user.type(key, 'tier');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('30 GiB')).toBeVisible();
    expect(screen.getByText('tier')).toBeVisible();
  });

  it('explains what deleting does to the backups and deletes an unattached storage', async () => {
    const { session, title, storage, user, location } = await openNewStorage(
      'to delete',
      {},
      { undoGraceMs: 100 },
    );

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete “${title}”?` });
    expect(dialog).toHaveTextContent('This storage has no backups.');
    await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), title);
    await user.click(within(dialog).getByRole('button', { name: 'Delete storage' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/storage'));
    await waitFor(
      () => expect(screen.queryByRole('region', { name: 'Pending deletions' })).toBeNull(),
      { timeout: 5000 },
    );
    // The delete goes out when the grace period ends; the API answers it a moment later.
    await waitFor(
      () =>
        expect(
          request(
            endpointPath(storageEndpoints.get, { uuid: storage.uuid }),
            storageEndpoints.get.response,
            { authorization: `Bearer ${session.token}` },
          ),
        ).rejects.toMatchObject({ code: 'STORAGE_NOT_FOUND' }),
      { timeout: 5000 },
    );
  });

  it('confirms a clone with a link to the copy, and cancels only after asking', async () => {
    const { user, title, storage } = await openNewStorage('clone source', { size: 50 });

    await user.click(await screen.findByRole('button', { name: 'Clone' }));
    const dialog = await screen.findByRole('dialog', { name: `Clone “${title}”` });
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    const notice = (await screen.findByText('Clone created')).closest('[role="status"]')!;
    const open = within(notice as HTMLElement).getByRole('link', { name: 'Open' });
    expect(open.getAttribute('href')).toMatch(/^\/storage\/01[0-9a-f-]+$/);
    expect(open.getAttribute('href')).not.toBe(`/storage/${storage.uuid}`);

    await user.click(await screen.findByRole('button', { name: 'Cancel operation' }));
    const confirm = await screen.findByRole('dialog', {
      name: `Cancel the operation on “${title}”?`,
    });
    expect(confirm).toHaveTextContent('The copy being made is removed');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel operation' }));
    expect(await screen.findByText('Operation cancelled')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancel operation' })).not.toBeInTheDocument(),
    );
  });
});
