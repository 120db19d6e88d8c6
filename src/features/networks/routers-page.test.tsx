import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signInAs, uniqueName } from '../../testing/render';
import { createNetworkAs, createRouterAs, nextBlock } from '../../testing/networking';
import { RoutersPage } from './routers-page';

describe('routers page', () => {
  // Long journeys through a shared sandbox: more than the default 15 s on a busy machine.
  it('creates, renames and deletes a router, asking first', { timeout: 40_000 }, async () => {
    const { user } = renderPage(<RoutersPage />, {
      session: await signInAs('demo'),
      path: '/routers',
    });
    const table = await screen.findByRole('table', { name: 'Routers' });
    expect(within(table).getByRole('rowheader', { name: 'demo router' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create router' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create router' });
    await user.click(within(dialog).getByRole('button', { name: 'Create router' }));
    expect(await within(dialog).findByText('Give the router a name.')).toBeVisible();
    const name = uniqueName('router');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
    await user.click(within(dialog).getByRole('button', { name: 'Create router' }));
    expect(await within(table).findByRole('rowheader', { name })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Router created'));

    await user.click(screen.getByRole('button', { name: `Rename ${name}` }));
    dialog = await screen.findByRole('dialog', { name: `Rename “${name}”` });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, `${name} 2`);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(table).findByRole('rowheader', { name: `${name} 2` })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Router saved'));

    await user.click(screen.getByRole('button', { name: `Delete ${name} 2` }));
    dialog = await screen.findByRole('dialog', { name: `Delete “${name} 2”?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete router' }));
    await waitFor(() =>
      expect(within(table).queryByRole('rowheader', { name: `${name} 2` })).toBeNull(),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`Router “${name} 2” deleted`),
    );
  });

  it('refuses to delete a router attached to a network, linking to it', async () => {
    const session = await signInAs('demo');
    const routerName = uniqueName('attached router');
    const router = await createRouterAs(session, routerName);
    const networkName = uniqueName('routed net');
    await createNetworkAs(session, {
      name: networkName,
      block: nextBlock(),
      router: router.uuid,
    });
    const { user } = renderPage(<RoutersPage />, { session, path: '/routers' });

    // The table names the attached network once both lists have loaded; then the row is settled.
    const table = await screen.findByRole('table', { name: 'Routers' });
    expect(await within(table).findByRole('link', { name: networkName })).toBeVisible();
    await user.click(within(table).getByRole('button', { name: `Delete ${routerName}` }));
    const dialog = await screen.findByRole('dialog', { name: `Delete “${routerName}”?` });
    const networks = within(dialog).getByRole('list', { name: 'Networks attached to the router' });
    expect(await within(networks).findByRole('link', { name: networkName })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Delete router' })).toBeDisabled();
  });
});
