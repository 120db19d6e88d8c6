import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deleteToken } from '../api/tokens';
import { renderApp, signInAs, uniqueName } from '../testing/render';
import { tenantUser } from '../testing/tenant';
import type { Session } from './session-store';

/** Revokes a panel session token the way another tab or a script would. */
const revoke = (session: Session) =>
  deleteToken(session.tokenId ?? '', { authorization: `Bearer ${session.token}` });

async function fillCreateStorage(user: ReturnType<typeof renderApp>['user'], title: string) {
  await user.click(await screen.findByRole('button', { name: 'Create storage' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create storage' });
  await user.click(within(dialog).getByRole('combobox', { name: 'Zone' }));
  await user.click(await screen.findByRole('option', { name: /\(de-fra1\)/ }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), title);
  const size = within(dialog).getByRole('textbox', { name: 'Size (GiB)' });
  await user.clear(size);
  await user.type(size, '11');
  return dialog;
}

describe('session renewal', () => {
  it('asks to sign in again on a 401 mid-form and then sends the waiting request', async () => {
    const session = await signInAs('demo');
    const { user, location, sessionStore } = renderApp({ session, path: '/storage' });
    const title = uniqueName('renewed volume');
    const form = await fillCreateStorage(user, title);

    await revoke(session);
    await user.click(within(form).getByRole('button', { name: 'Create storage' }));

    const renewal = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(
      within(renewal).getByText(`Your session as ${tenantUser('demo').username} has ended`, {
        exact: false,
      }),
    ).toBeVisible();
    // The page stayed: the form still holds what was typed while the request waits.
    expect(within(form).getByDisplayValue(title)).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/storage');

    expect(within(renewal).getByRole('textbox', { name: 'Username' })).toHaveValue(
      tenantUser('demo').username,
    );
    await user.type(within(renewal).getByLabelText(/Password/), tenantUser('demo').password);
    await user.click(within(renewal).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(location.current?.pathname).toMatch(/^\/storage\/01[0-9a-f-]{34}$/);
    expect(screen.getByText('11 GiB')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Sign in again' })).not.toBeInTheDocument();
    const renewed = sessionStore.getState().session;
    expect(renewed).toMatchObject({ username: tenantUser('demo').username, viaPassword: true });
    expect(renewed?.token).not.toBe(session.token);
  }, 30_000);

  it('refuses another account, and Cancel signs out as a refused session did before', async () => {
    const session = await signInAs('demo');
    const other = await signInAs('other');
    const { user, location, queryClient } = renderApp({ session, path: '/zones' });
    expect(await screen.findByRole('rowheader', { name: 'Frankfurt #1' })).toBeVisible();

    await revoke(session);
    // A background refetch meets the 401.
    void queryClient.refetchQueries();
    const renewal = await screen.findByRole('dialog', { name: 'Sign in again' });

    await user.click(within(renewal).getByRole('button', { name: 'API token' }));
    await user.type(within(renewal).getByLabelText(/API token/), other.token);
    await user.click(within(renewal).getByRole('button', { name: 'Sign in' }));
    expect(await within(renewal).findByRole('alert')).toHaveTextContent(
      `Sign in as ${tenantUser('demo').username} to continue, or cancel to sign out.`,
    );

    await user.click(within(renewal).getByRole('button', { name: 'Cancel and sign out' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Skydeck' }),
    ).toBeVisible();
    expect(screen.getByText('Your session has ended. Sign in again to continue.')).toBeVisible();
    expect(location.current?.search).toBe('?next=%2Fzones');
  });

  it('asks before a session token expires, and requests wait for the new one', async () => {
    const session = await signInAs('demo');
    const expiring = { ...session, expiresAt: new Date(Date.now() + 30_000).toISOString() };
    const { user, sessionStore } = renderApp({ session: expiring, path: '/zones' });

    const renewal = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(screen.queryByRole('rowheader', { name: 'Frankfurt #1' })).not.toBeInTheDocument();
    await user.click(within(renewal).getByRole('button', { name: 'API token' }));
    const fresh = await signInAs('demo');
    await user.type(within(renewal).getByLabelText(/API token/), fresh.token);
    await user.click(within(renewal).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('rowheader', { name: 'Frankfurt #1' })).toBeVisible();
    expect(sessionStore.getState().session?.token).toBe(fresh.token);
    // The replaced password session's token is revoked.
    await waitFor(() =>
      expect(
        deleteToken(session.tokenId ?? '', { authorization: `Bearer ${fresh.token}` }),
      ).rejects.toMatchObject({ status: 404 }),
    );
  });
});
