import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderPage, signInAs, uniqueName } from '../../testing/render';
import { expectNotice } from '../../testing/servers';
import { CreateServerPage } from './create-server-page';
import { readSavedSshKeys, rememberSshKeys } from './saved-ssh-keys';

/** A real key from `ssh-keygen -t ed25519`. */
const key =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGrYxMMFrO3zRTxysJNslo2EbyVrnE6Gsk9SHYHLC1OY ada@laptop';

type View = ReturnType<typeof renderPage>;

async function openCreateForm() {
  expect(await screen.findByRole('heading', { level: 1, name: 'Create server' })).toBeVisible();
}

async function choose(view: View, field: string, option: RegExp) {
  await view.user.click(screen.getByRole('combobox', { name: field }));
  await view.user.click((await screen.findAllByRole('option', { name: option }))[0]!);
}

async function fillServer(view: View, title: string) {
  await choose(view, 'Zone', /\(de-fra1\)/);
  await choose(view, 'Plan', /^1xCPU-1GB/);
  await choose(view, 'Operating system template', /Ubuntu|Debian/);
  await pasteInto(view, 'Title', title);
  await pasteInto(view, 'Hostname', 'options.example.com');
}

async function pasteInto(view: View, name: string, text: string) {
  await view.user.click(screen.getByRole('textbox', { name }));
  await view.user.paste(text);
}

describe('create server options', () => {
  it('checks SSH keys in the browser and names what is wrong with each', async () => {
    const view = renderPage(<CreateServerPage />, {
      session: await signInAs('demo'),
      path: '/servers/new',
    });
    await openCreateForm();
    // An ed25519 key's data under the RSA type: the data names its own type.
    await pasteInto(view, 'SSH public keys', `${key}\n${key.replace('ssh-ed25519', 'ssh-rsa')}`);
    await view.user.click(screen.getByRole('button', { name: 'Create server' }));
    expect(
      await screen.findByText(
        'Key 2: This is not a whole ssh-rsa key: copy the full line of the .pub file.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'SSH public keys' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('confirms a new server on its page, where creating it leads (issue 24 item 10)', async () => {
    const view = renderApp({ session: await signInAs('demo'), path: '/servers/new' });
    await openCreateForm();
    const title = uniqueName('confirmed');
    await fillServer(view, title);
    await view.user.click(screen.getByRole('button', { name: 'Create server' }));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNotice('Server created: it starts by itself once it is built');
  });

  it('shows the one-time password once and keeps it out of the caches and the URL', async () => {
    const session = await signInAs('demo');
    const view = renderPage(<CreateServerPage />, { session, path: '/servers/new' });
    await openCreateForm();
    const title = uniqueName('once');
    await fillServer(view, title);
    await pasteInto(view, 'SSH public keys', key);
    await view.user.click(screen.getByRole('checkbox', { name: 'Create a one-time password' }));
    await view.user.click(screen.getByRole('button', { name: 'Create server' }));

    const dialog = await screen.findByRole('dialog', { name: 'One-time password' });
    expect(dialog).toHaveTextContent('This password is shown only now.');
    expect(dialog).toHaveTextContent('Sign in as root with this password');
    const secret = within(dialog).getByRole<HTMLInputElement>('textbox', {
      name: 'Password',
    }).value;
    expect(secret).toMatch(/^\S{12,}$/);
    await view.user.click(within(dialog).getByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe(secret);

    await view.user.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() =>
      expect(view.location.current?.pathname).toMatch(/^\/servers\/00[0-9a-f-]{34}$/),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body).not.toHaveTextContent(secret);
    const cached = JSON.stringify([
      view.queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
      view.queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state),
    ]);
    expect(cached).toContain(title);
    expect(cached).not.toContain(secret);
    const { pathname, search, hash, state } = view.location.current!;
    expect(JSON.stringify([pathname, search, hash, state])).not.toContain(secret);
    expect(readSavedSshKeys(session.username)).toEqual([key]);
  });

  it('offers the keys given before, and the simple backup plans with their prices', async () => {
    const session = await signInAs('demo');
    rememberSshKeys(session.username, [key]);
    const view = renderPage(<CreateServerPage />, { session, path: '/servers/new' });
    await openCreateForm();
    const saved = screen.getByRole('group', { name: 'Saved SSH keys' });
    await view.user.click(within(saved).getByRole('button', { name: 'Add ada@laptop' }));
    expect(screen.getByRole('textbox', { name: 'SSH public keys' })).toHaveValue(key);
    expect(screen.queryByRole('group', { name: 'Saved SSH keys' })).toBeNull();

    await choose(view, 'Zone', /\(de-fra1\)/);
    await choose(view, 'Plan', /^1xCPU-1GB/);
    await view.user.click(screen.getByRole('combobox', { name: 'Simple backups' }));
    // The sandbox's de-fra1 list: 0.3437 credits an hour for 1xCPU-1GB dailies, 730 hours.
    expect(
      await screen.findByRole('option', { name: 'Daily backups (dailies): €2.51 per month' }),
    ).toBeVisible();
  });
});
