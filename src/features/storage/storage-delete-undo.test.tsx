import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { endpointPath } from '../../../contract/endpoint';
import { serverEndpoints } from '../../../contract/server';
import { storageEndpoints } from '../../../contract/storage';
import { ApiError, apiCallLog, request } from '../../api/http';
import type { Session } from '../../auth/session-store';
import { renderApp, signInAs, uniqueName } from '../../testing/render';
import { as, createStorageAs, fakedTimers } from '../../testing/resources';

/** The storage as the API has it now, or the API's error code. */
async function storageState(session: Session, uuid: string): Promise<string> {
  try {
    const { get } = storageEndpoints;
    return (await request(endpointPath(get, { uuid }), get.response, as(session))).storage.state;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

/** Long enough to press Undo in a test, short enough to wait out. */
const graceMs = 2000;

async function openDeleteDialog(session: Session, uuid: string, title: string, grace = graceMs) {
  const view = renderApp({ session, path: `/storage/${uuid}`, undoGraceMs: grace });
  await view.user.click(await screen.findByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: `Delete “${title}”?` });
  return { ...view, dialog };
}

describe('deleting a storage', () => {
  it('keeps the delete button disabled until the exact title is typed', async () => {
    const session = await signInAs('demo');
    const title = uniqueName('Typed Disk');
    const storage = await createStorageAs(session, { title });
    const { user, dialog } = await openDeleteDialog(session, storage.uuid, title);

    const confirm = within(dialog).getByRole('button', { name: 'Delete storage' });
    const field = within(dialog).getByRole('textbox', { name: `Type “${title}” to confirm` });
    expect(confirm).toBeDisabled();
    await user.type(field, title.toLowerCase());
    expect(confirm).toBeDisabled();
    expect(dialog).toHaveTextContent('This does not match the storage’s title.');
    await user.clear(field);
    await user.type(field, title.slice(0, -1));
    expect(confirm).toBeDisabled();
    await user.type(field, title.slice(-1));
    expect(confirm).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await storageState(session, storage.uuid)).toBe('online');
    // Typing a long title character by character twice: slower than 15 s on a busy machine.
  }, 30_000);

  it('sends nothing when Undo is pressed within the grace period', async () => {
    const session = await signInAs('demo');
    const title = uniqueName('undo disk');
    const storage = await createStorageAs(session, { title });
    // A clock the test can move past the grace period at once (and that runs on by itself).
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: fakedTimers });
    const { user, dialog, location } = await openDeleteDialog(session, storage.uuid, title);

    await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), title);
    await user.click(within(dialog).getByRole('button', { name: 'Delete storage' }));
    // The page moves on to the list; the pending deletion lives above the routes.
    await waitFor(() => expect(location.current?.pathname).toBe('/storage'));
    const pending = await screen.findByRole('region', { name: 'Pending deletions' });
    expect(pending).toHaveTextContent(`Deleting “${title}” in`);
    await user.click(within(pending).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Pending deletions' })).not.toBeInTheDocument(),
    );

    // Well past the grace period, the storage is still there: no DELETE was sent.
    await vi.advanceTimersByTimeAsync(graceMs + 500);
    expect(apiCallLog.get().filter((call) => call.method === 'DELETE')).toEqual([]);
    expect(await storageState(session, storage.uuid)).toBe('online');
  });

  it('deletes when the grace period ends without Undo, even after leaving the page', async () => {
    const session = await signInAs('demo');
    const title = uniqueName('gone disk');
    const storage = await createStorageAs(session, { title });
    const { user, dialog, location } = await openDeleteDialog(session, storage.uuid, title, 200);

    await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), title);
    await user.click(within(dialog).getByRole('button', { name: 'Delete storage' }));
    // The detail page is gone (the panel shows the list) while the deletion is still pending.
    await waitFor(() => expect(location.current?.pathname).toBe('/storage'));

    await waitFor(
      async () => expect(await storageState(session, storage.uuid)).toBe('STORAGE_NOT_FOUND'),
      {
        timeout: 5000,
      },
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Pending deletions' })).not.toBeInTheDocument(),
    );
  });

  it('says why when the API refuses the deletion at the end of the grace period', async () => {
    const session = await signInAs('demo');
    const title = uniqueName('attached meanwhile');
    const storage = await createStorageAs(session, { title });
    const { list } = serverEndpoints;
    const servers = await request(endpointPath(list), list.response, as(session));
    const web1 = servers.servers.server.find((server) => server.title === 'web-1');
    if (!web1) throw new Error('The seeded server web-1 is missing');
    const { user, dialog } = await openDeleteDialog(session, storage.uuid, title);

    await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), title);
    await user.click(within(dialog).getByRole('button', { name: 'Delete storage' }));
    // Within the grace period, someone attaches the storage to a server (virtio, while running).
    const { attach, detach } = storageEndpoints;
    await request(endpointPath(attach, { uuid: storage.uuid }), attach.response, {
      method: attach.method,
      body: { storage_device: { server: web1.uuid } },
      ...as(session),
    });

    const alert = await screen.findByRole('alert', {}, { timeout: 6000 });
    expect(alert).toHaveTextContent(`The storage “${title}” could not be deleted`);
    expect(alert).toHaveTextContent('STORAGE_ATTACHED');
    expect(await storageState(session, storage.uuid)).not.toBe('STORAGE_NOT_FOUND');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Pending deletions' })).not.toBeInTheDocument(),
    );
    await request(endpointPath(detach, { uuid: storage.uuid }), detach.response, {
      method: detach.method,
      body: {},
      ...as(session),
    });
  });
});
