import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { endpointPath } from '../../../contract/endpoint';
import { ipAddressEndpoints } from '../../../contract/ip-address';
import { serverEndpoints } from '../../../contract/server';
import { storageEndpoints } from '../../../contract/storage';
import { request } from '../../api/http';
import { renderApp, signInAs, uniqueName } from '../../testing/render';

async function openPalette(user: ReturnType<typeof renderApp>['user']) {
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Search or jump to' });
  const input = within(dialog).getByRole('combobox', { name: /Page, name, hostname/ });
  await waitFor(() => expect(input).toHaveFocus());
  return { dialog, input };
}

describe('command palette', () => {
  beforeEach(() => localStorage.clear());

  it('opens with Ctrl+K, finds a server by name and opens it with Enter', async () => {
    const { user, location } = renderApp({ session: await signInAs('demo') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const { dialog, input } = await openPalette(user);
    await user.type(input, 'web-1');
    const listbox = within(dialog).getByRole('listbox', { name: 'Pages and resources' });
    const option = await within(listbox).findByRole('option', { name: /^web-1\s*web-1\.demo/ });
    // The best match is the active option: the input points at it.
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', option.id);
    expect(within(listbox).queryByRole('option', { name: /db-1/ })).not.toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'web-1' })).toBeVisible();
    expect(location.current?.pathname).toMatch(/^\/servers\/00[0-9a-f-]{34}$/);
    expect(screen.queryByRole('dialog', { name: 'Search or jump to' })).not.toBeInTheDocument();
  });

  it('moves with the arrow keys, jumps to a page and closes with Escape', async () => {
    const { user, location } = renderApp({ session: await signInAs('demo') });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    let { input } = await openPalette(user);
    await user.type(input, 'network');
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent(/^Networks/);
    expect(options[1]).toHaveTextContent(/^Network peerings/);
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Networks' })).toBeVisible();
    expect(location.current?.pathname).toBe('/networks');

    ({ input } = await openPalette(user));
    await user.type(input, 'no such thing at all');
    expect(
      await screen.findByText('No page or resource matches “no such thing at all”.'),
    ).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Search or jump to' })).not.toBeInTheDocument(),
    );
    expect(location.current?.pathname).toBe('/networks');
  });

  it('opens a pasted storage UUID, its type read from the prefix', async () => {
    const session = await signInAs('demo');
    const title = uniqueName('palette disk');
    const { create } = storageEndpoints;
    const { storage } = await request(endpointPath(create), create.response, {
      method: create.method,
      body: { storage: { zone: 'de-fra1', size: 10, title } },
      authorization: `Bearer ${session.token}`,
    });
    const { user, location } = renderApp({ session });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const { dialog, input } = await openPalette(user);
    await user.click(input);
    await user.paste(`  ${storage.uuid.toUpperCase()} `);
    const option = await within(dialog).findByRole('option', {
      name: new RegExp(`^Open storage ${storage.uuid}`),
    });
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(location.current?.pathname).toBe(`/storage/${storage.uuid}`);
  });

  it('lists what was opened and the detail pages visited as recent items first', async () => {
    const session = await signInAs('demo');
    const { user } = renderApp({ session, path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    let { dialog, input } = await openPalette(user);
    expect(within(dialog).queryByRole('group', { name: 'Recent' })).not.toBeInTheDocument();
    await user.type(input, 'db-1');
    await user.click(await within(dialog).findByRole('option', { name: /^db-1\s*db-1\.demo/ }));
    await screen.findByRole('heading', { level: 1, name: 'db-1' });

    // A storage page visited through a link, not the palette, is recorded too.
    await user.click(await screen.findByRole('link', { name: 'db-1 data' }));
    await screen.findByRole('heading', { level: 1, name: 'db-1 data' });

    ({ dialog, input } = await openPalette(user));
    const recent = within(dialog).getByRole('group', { name: 'Recent' });
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        expect.stringMatching(/^db-1 data.*Storage$/),
        expect.stringMatching(/^db-1.*Server$/),
      ]),
    );
    // Recent items come before the pages, and the first is active.
    expect(within(recent).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('group', { name: 'Pages' })).toBeVisible();
  });

  it('shows partner pages only to partners', async () => {
    const first = renderApp({ session: await signInAs('demo') });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    let { dialog, input } = await openPalette(first.user);
    await first.user.type(input, 'partner');
    expect(await within(dialog).findByText(/No page or resource matches/)).toBeVisible();
    first.unmount();

    const second = renderApp({ session: await signInAs('partner') });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    ({ dialog, input } = await openPalette(second.user));
    await second.user.type(input, 'partner');
    expect(await within(dialog).findByRole('option', { name: /^Partner console/ })).toBeVisible();
  });

  it('finds a server by one of its IP addresses', async () => {
    const session = await signInAs('demo');
    const addresses = ipAddressEndpoints.list;
    const { ip_addresses } = await request(endpointPath(addresses), addresses.response, {
      authorization: `Bearer ${session.token}`,
    });
    const servers = await request(
      endpointPath(serverEndpoints.list),
      serverEndpoints.list.response,
      {
        authorization: `Bearer ${session.token}`,
      },
    );
    const web = servers.servers.server.find((server) => server.title === 'web-1');
    const address = ip_addresses.ip_address.find(
      (ip) => ip.server === web?.uuid && ip.family === 'IPv4',
    );
    if (!web || !address) throw new Error('The seed gives web-1 an IPv4 address.');
    const { user, location } = renderApp({ session });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const { dialog, input } = await openPalette(user);
    await user.type(input, address.address);
    const option = await within(dialog).findByRole('option', {
      name: new RegExp(`^${address.address.replaceAll('.', '\\.')}\\s*Server web-1`),
    });
    await user.click(option);
    expect(await screen.findByRole('heading', { level: 1, name: 'web-1' })).toBeVisible();
    expect(location.current?.pathname).toBe(`/servers/${web.uuid}`);
  });
});

describe('app bar search', () => {
  beforeEach(() => localStorage.clear());

  it('opens the palette on a click, shows the shortcut, and moves what is typed into it', async () => {
    const session = await signInAs('demo');
    const { user, location } = renderApp({ session });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const search = within(screen.getByRole('banner')).getByRole('button', {
      name: 'Search or jump to',
    });
    expect(search).toHaveAccessibleDescription('Ctrl+K');
    expect(search).toHaveAttribute('aria-keyshortcuts', 'Control+K');

    await user.click(search);
    let { dialog, input } = await findPalette();
    expect(input).toHaveValue('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(search).toHaveFocus());

    // Typing on the focused search: every key lands in the palette's query, in order.
    await user.keyboard('db-1');
    ({ dialog, input } = await findPalette());
    expect(input).toHaveValue('db-1');
    const option = await within(dialog).findByRole('option', { name: /^db-1\s*db-1\./ });
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'db-1' })).toBeVisible();
    expect(location.current?.pathname).toMatch(/^\/servers\//);
  });

  it('no longer sends a username to the audit log: the palette says nothing matches', async () => {
    const { user, location } = renderApp({ session: await signInAs('demo') });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await user.type(screen.getByRole('button', { name: 'Search or jump to' }), 'demo_viewer');
    const { input } = await findPalette();
    expect(input).toHaveValue('demo_viewer');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('No page or resource matches “demo_viewer”.')).toBeVisible();
    expect(location.current?.pathname).toBe('/');
  });
});

async function findPalette() {
  const dialog = await screen.findByRole('dialog', { name: 'Search or jump to' });
  const input = within(dialog).getByRole('combobox', { name: /Page, name, hostname/ });
  await waitFor(() => expect(input).toHaveFocus());
  return { dialog, input };
}

describe('keyboard shortcut cheat sheet', () => {
  it('opens with ? outside text fields, not while typing one', async () => {
    const { user, location } = renderApp({ session: await signInAs('demo') });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(sheet).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(
      expect.arrayContaining([
        'Ctrl + KSearch or jump to a page or resource',
        '?Show these keyboard shortcuts',
        'g then sGo to Servers',
        '↑ or ↓In the palette: move between results',
      ]),
    );
    // Keys pressed in a dialog are the dialog's: `g s` does not leave it.
    within(sheet).getByRole('button', { name: 'Close' }).focus();
    await user.keyboard('gs');
    // The go-to table loads with the dialogs' module: once it has, a navigation would be done.
    await act(async () => {
      await import('./keyboard-dialogs');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(location.current?.pathname).toBe('/');
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument(),
    );

    // Typed on the app bar search, the keys go to the palette's query, `?` too.
    await user.type(screen.getByRole('button', { name: 'Search or jump to' }), 'what?');
    const palette = await screen.findByRole('dialog', { name: 'Search or jump to' });
    expect(within(palette).getByRole('combobox')).toHaveValue('what?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });

  it('goes to a page with g then a letter', async () => {
    const { user, location } = renderApp({ session: await signInAs('demo') });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.keyboard('gs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Servers' })).toBeVisible();
    await user.keyboard('gt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Storage' })).toBeVisible();
    expect(location.current?.pathname).toBe('/storage');
  });
});
