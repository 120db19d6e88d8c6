import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { endpointPath } from '../../../contract/endpoint';
import { storageEndpoints } from '../../../contract/storage';
import { apiCallLog, request } from '../../api/http';
import type { Session } from '../../auth/session-store';
import { renderApp, signInAs, uniqueName } from '../../testing/render';
import { as, createStorageAs, fakedTimers } from '../../testing/resources';

const keep = [{ key: 'keep', value: 'me' }];

const { get: getStorage } = storageEndpoints;
const readStorage = (session: Session, uuid: string) =>
  request(endpointPath(getStorage, { uuid }), getStorage.response, as(session));

const labelsOf = async (session: Session, uuid: string) =>
  (await readStorage(session, uuid)).storage.labels;

describe('bulk actions on the storage list', () => {
  it('adds a label to the selected storages and removes it again, keeping their other labels', async () => {
    const session = await signInAs('demo');
    const prefix = uniqueName('bulk label');
    const first = await createStorageAs(session, { title: `${prefix} a`, labels: keep });
    const second = await createStorageAs(session, { title: `${prefix} b`, labels: keep });
    const { user } = renderApp({
      session,
      path: `/storage?search=${encodeURIComponent(prefix)}`,
    });
    const table = await screen.findByRole('table', { name: 'Storages' });
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(2));
    await user.click(
      within(table).getByRole('checkbox', { name: 'Select all storages on this page' }),
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions on selected storages' });
    expect(toolbar).toHaveTextContent('2 storages selected');

    await user.click(within(toolbar).getByRole('button', { name: 'Add label' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add label: 2 storages' });
    await user.click(within(dialog).getByRole('button', { name: 'Add label 2 storages' }));
    expect(dialog).toHaveTextContent('Enter the label’s key.');
    await user.type(within(dialog).getByRole('textbox', { name: /Label key/ }), 'batch');
    await user.type(within(dialog).getByRole('textbox', { name: 'Label value' }), 'one');
    await user.click(within(dialog).getByRole('button', { name: 'Add label 2 storages' }));
    expect(await within(dialog).findByText('2 done, 0 failed.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: /Retry failed/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    for (const storage of [first, second]) {
      expect(await labelsOf(session, storage.uuid)).toEqual([
        { key: 'keep', value: 'me' },
        { key: 'batch', value: 'one' },
      ]);
    }
    await waitFor(() =>
      expect(within(table).getAllByRole('row', { name: /batch=one/ })).toHaveLength(2),
    );

    await user.click(within(table).getByRole('checkbox', { name: `Select ${prefix} b` }));
    await user.click(within(toolbar).getByRole('button', { name: 'Remove label' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove label: 1 storage' });
    expect(within(dialog).queryByRole('textbox', { name: 'Label value' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /Label key/ }), 'batch');
    await user.click(within(dialog).getByRole('button', { name: 'Remove label 1 storage' }));
    expect(await within(dialog).findByText('1 done, 0 failed.')).toBeVisible();
    expect(await labelsOf(session, second.uuid)).toEqual([{ key: 'keep', value: 'me' }]);
    expect(await labelsOf(session, first.uuid)).toContainEqual({ key: 'batch', value: 'one' });
    // Two dialogs' worth of typing and clicking: longer than the panel's 15 s default under load.
  }, 40_000);

  it('deletes selected storages only after the count or “delete” is typed and the Undo grace period', async () => {
    const session = await signInAs('demo');
    const prefix = uniqueName('bulk delete');
    const storage = await createStorageAs(session, { title: prefix, labels: keep });
    // A clock the test can move past the grace period at once (and that runs on by itself).
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: fakedTimers });
    const { user } = renderApp({
      session,
      path: `/storage?search=${encodeURIComponent(prefix)}`,
      undoGraceMs: 3000,
    });
    const table = await screen.findByRole('table', { name: 'Storages' });
    await user.click(within(table).getByRole('checkbox', { name: `Select ${prefix}` }));
    await user.click(
      within(screen.getByRole('toolbar', { name: /Bulk actions/ })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete: 1 storage' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete 1 storage' });
    const typed = within(dialog).getByRole('textbox', { name: /to confirm/ });
    expect(confirm).toBeDisabled();
    await user.type(typed, '2');
    expect(confirm).toBeDisabled();
    await user.clear(typed);
    await user.type(typed, 'delete');
    await user.click(confirm);
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      /^Delete 1 storage in \d s\. Undo sends nothing\.$/,
    );
    const undo = within(dialog).getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    await user.click(undo);
    // Undone: back to the confirmation, and the storage is still there after the grace period.
    expect(within(dialog).getByRole('button', { name: 'Delete 1 storage' })).toBeEnabled();
    await vi.advanceTimersByTimeAsync(3500);
    expect(apiCallLog.get().filter((call) => call.method === 'DELETE')).toEqual([]);
    expect((await readStorage(session, storage.uuid)).storage.uuid).toBe(storage.uuid);

    await user.click(within(dialog).getByRole('button', { name: 'Delete 1 storage' }));
    expect(await within(dialog).findByText('1 done, 0 failed.')).toBeVisible();
    // The run emptied the list behind the dialog: its results stay until the user closes them.
    expect(await screen.findByText('No storage matches.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete: 1 storage' })).toHaveTextContent(
      '1 done, 0 failed.',
    );
    await expect(readStorage(session, storage.uuid)).rejects.toMatchObject({
      code: 'STORAGE_NOT_FOUND',
    });
  });
});
