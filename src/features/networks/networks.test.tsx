import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '../../../contract/endpoint';
import { networkEndpoints } from '../../../contract/network';
import { request } from '../../api/http';
import { renderApp, renderPage, signInAs, uniqueName, searchOf } from '../../testing/render';
import { createNetworkAs, createRouterAs, nextBlock } from '../../testing/networking';
import { createServerAs } from '../../testing/resources';
import { NetworksPage } from './networks-page';

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('networks list page', () => {
  // Long journeys through a shared sandbox: more than the default 15 s on a busy machine.
  it('keeps zone, type and label filters in the URL', { timeout: 40_000 }, async () => {
    const { user, location } = renderPage(<NetworksPage />, {
      session: await signInAs('demo'),
      path: '/networks?label=env%3Dprod',
    });
    const table = await screen.findByRole('table', { name: 'Networks' });
    await waitFor(() => expect(rowNames(table)).toContain('demo private network'));
    expect(await within(table).findByRole('cell', { name: 'demo router' })).toBeVisible();
    expect(within(table).queryByRole('cell', { name: 'public' })).toBeNull();
    expect(screen.queryByText('other private network')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove label filter env=prod' }));
    await waitFor(() => expect(searchOf(location).getAll('label')).toEqual([]));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Public' }));
    await waitFor(() => expect(searchOf(location).get('type')).toBe('public'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Networks' })).queryByText('demo private network'),
      ).toBeNull(),
    );
    expect(
      within(screen.getByRole('table', { name: 'Networks' })).getAllByRole('cell', {
        name: 'public',
      }).length,
    ).toBeGreaterThan(0);

    await user.click(screen.getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: /\(fi-hel1\)/ }));
    await waitFor(() => expect(searchOf(location).get('zone')).toBe('fi-hel1'));
    const zones = within(screen.getByRole('table', { name: 'Networks' })).getAllByRole('cell', {
      name: /^[a-z]{2}-[a-z]{3}\d$/,
    });
    expect(new Set(zones.map((cell) => cell.textContent))).toEqual(new Set(['fi-hel1']));
  });

  it('shows an empty state when no network matches', async () => {
    const { user } = renderPage(<NetworksPage />, {
      session: await signInAs('demo'),
      path: '/networks',
    });
    await screen.findByRole('table', { name: 'Networks' });
    await user.type(screen.getByRole('textbox', { name: 'Label filter' }), 'no-such-label{Enter}');
    expect(await screen.findByText('No network matches.')).toBeVisible();
  });
});

describe('private network form', () => {
  // Long journeys through a shared sandbox: more than the default 15 s on a busy machine.
  it(
    'checks CIDR, gateway and DHCP options, then creates the network',
    { timeout: 40_000 },
    async () => {
      const { user, location } = renderApp({ session: await signInAs('demo'), path: '/networks' });
      await user.click(await screen.findByRole('button', { name: 'Create private network' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create private network' });

      const network = within(dialog).getByRole('textbox', { name: 'Network 1 (CIDR)' });
      const gateway = within(dialog).getByRole('textbox', { name: 'Gateway 1' });
      const dns = within(dialog).getByRole('textbox', { name: 'DNS servers 1' });
      await user.type(network, '172.31.5.9/24');
      await user.type(gateway, '172.31.6.1');
      await user.type(dns, '1.1.1.1, dns.example');
      await user.click(within(dialog).getByRole('button', { name: 'Create network' }));

      expect(await within(dialog).findByText('Give the network a name.')).toBeVisible();
      expect(within(dialog).getByText('Choose a zone.')).toBeVisible();
      expect(
        within(dialog).getByText('Host bits are set: the network is 172.31.5.0/24.'),
      ).toBeVisible();
      expect(within(dialog).getByText('“dns.example” is not an IP address.')).toBeVisible();

      const block = nextBlock();
      const [base] = block.split('/');
      const prefix = base?.split('.').slice(0, 3).join('.');
      await user.clear(network);
      await user.type(network, block);
      await user.click(within(dialog).getByRole('button', { name: 'Create network' }));
      expect(await within(dialog).findByText(`The gateway must be inside ${block}.`)).toBeVisible();

      const name = uniqueName('test net');
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), name);
      await user.click(within(dialog).getByRole('combobox', { name: 'Zone' }));
      await user.click(await screen.findByRole('option', { name: /\(de-fra1\)/ }));
      await user.clear(gateway);
      await user.type(gateway, `${prefix}.1`);
      await user.clear(dns);
      await user.type(dns, '94.237.127.9');
      await user.click(within(dialog).getByRole('button', { name: 'Create network' }));

      expect(await screen.findByRole('heading', { level: 1, name })).toBeVisible();
      expect(location.current?.pathname).toMatch(/^\/networks\/03[0-9a-f-]{34}$/);
      const ipNetworks = screen.getByRole('table', { name: 'IP networks' });
      expect(within(ipNetworks).getByRole('rowheader', { name: block })).toBeVisible();
      expect(within(ipNetworks).getByRole('cell', { name: `${prefix}.1` })).toBeVisible();
      expect(within(ipNetworks).getByRole('cell', { name: '94.237.127.9' })).toBeVisible();
    },
  );

  // Long journeys through a shared sandbox: more than the default 15 s on a busy machine.
  it(
    'edits a network, keeping the input when the API refuses it',
    { timeout: 40_000 },
    async () => {
      const session = await signInAs('demo');
      const name = uniqueName('edit net');
      const created = await createNetworkAs(session, { name, block: nextBlock() });
      const { user } = renderApp({ session, path: `/networks/${created.uuid}` });

      await user.click(await screen.findByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: `Edit “${name}”` });
      const field = within(dialog).getByRole('textbox', { name: 'Name' });
      await user.clear(field);
      await user.type(field, `${name} renamed`);
      await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Label 1 key' }), 'tier');
      await user.type(within(dialog).getByRole('textbox', { name: 'Label 1 value' }), 'db');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

      expect(
        await screen.findByRole('heading', { level: 1, name: `${name} renamed` }),
      ).toBeVisible();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByText('tier=db')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Edit' }));
      const again = await screen.findByRole('dialog', { name: `Edit “${name} renamed”` });
      const renamed = within(again).getByRole('textbox', { name: 'Name' });
      await user.type(renamed, ' again');
      const { delete: remove } = networkEndpoints;
      await request(endpointPath(remove, { uuid: created.uuid }), null, {
        method: remove.method,
        authorization: `Bearer ${session.token}`,
      });
      await user.click(within(again).getByRole('button', { name: 'Save changes' }));
      expect(await within(again).findByText('The network could not be saved')).toBeVisible();
      expect(within(again).getByText(/NETWORK_NOT_FOUND/)).toBeVisible();
      expect(renamed).toHaveValue(`${name} renamed again`);
    },
  );
});

describe('private network form with two IP networks', () => {
  it('adds an IPv6 network beside the IPv4 one, at most one per family', async () => {
    const { user } = renderPage(<NetworksPage />, {
      session: await signInAs('demo'),
      path: '/networks',
    });
    await user.click(await screen.findByRole('button', { name: 'Create private network' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create private network' });
    await user.click(within(dialog).getByRole('button', { name: 'Add IP network' }));

    expect(within(dialog).getByRole('combobox', { name: 'Family 2' })).toHaveTextContent('IPv6');
    expect(within(dialog).queryByRole('button', { name: 'Add IP network' })).toBeNull();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Network 2 (CIDR)' }),
      'fd00:1::1/64',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Gateway 2' }), '10.0.0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Create network' }));
    const second = within(dialog).getByRole('region', { name: 'IP network 2' });
    expect(
      await within(second).findByText('Host bits are set: the network is fd00:1::/64.'),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Remove IP network 2' }));
    expect(within(dialog).queryByRole('region', { name: 'IP network 2' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Add IP network' })).toBeVisible();
  });
});

describe('network detail page', () => {
  it('attaches and detaches a router, and deletes the network after confirming', async () => {
    const session = await signInAs('demo');
    const name = uniqueName('router net');
    const routerName = uniqueName('test router');
    await createRouterAs(session, routerName);
    const created = await createNetworkAs(session, { name, block: nextBlock() });
    const { user, location } = renderApp({ session, path: `/networks/${created.uuid}` });

    await user.click(await screen.findByRole('button', { name: 'Attach router' }));
    let dialog = await screen.findByRole('dialog', { name: `Attach a router to “${name}”` });
    await user.click(within(dialog).getByRole('button', { name: 'Attach router' }));
    expect(await within(dialog).findByText('Choose a router.')).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: 'Router' }));
    await user.click(await screen.findByRole('option', { name: routerName }));
    await user.click(within(dialog).getByRole('button', { name: 'Attach router' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: routerName })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Router attached');

    await user.click(screen.getByRole('button', { name: 'Detach router' }));
    dialog = await screen.findByRole('dialog', { name: `Detach “${routerName}”?` });
    expect(dialog).toHaveTextContent('network peerings stop working');
    await user.click(within(dialog).getByRole('button', { name: 'Detach router' }));
    expect(await screen.findByRole('button', { name: 'Attach router' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Router detached');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: `Delete “${name}”?` });
    expect(within(dialog).getByRole('button', { name: 'Delete network' })).toBeDisabled();
    await user.type(
      within(dialog).getByRole('textbox', { name: `Type “${name}” to confirm` }),
      name,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete network' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/networks'));
  });

  it('says another account’s network is not this account’s, without a Retry', async () => {
    const theirs = await createNetworkAs(await signInAs('other'), {
      name: uniqueName('their net'),
      block: nextBlock(),
    });
    renderApp({ session: await signInAs('demo'), path: `/networks/${theirs.uuid}` });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The network could not be loaded');
    expect(alert).toHaveTextContent('(NETWORK_FORBIDDEN)');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByRole('link', { name: 'Networks' })).toBeVisible();
  });

  it('shows a zone’s public network read-only, with its servers linking to their pages', async () => {
    const session = await signInAs('demo');
    const { user } = renderApp({ session, path: '/networks?type=public&zone=de-fra1' });
    const table = await screen.findByRole('table', { name: 'Networks' });
    const link = within(table).getAllByRole('link')[0];
    if (!link) throw new Error('no public network in de-fra1');
    await user.click(link);
    expect(await screen.findByText(/shared by every account/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    const servers = await screen.findByRole('list', { name: 'Attached servers' });
    expect(within(servers).getByRole('link', { name: 'web-1' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/servers\/00/),
    );
  });

  it('blocks deleting a network while a server is attached, naming the server', async () => {
    const session = await signInAs('demo');
    const name = uniqueName('busy net');
    const created = await createNetworkAs(session, { name, block: nextBlock() });
    const title = uniqueName('net server');
    await createServerAs(session, {
      title,
      networking: {
        interfaces: { interface: [{ type: 'public' }, { type: 'private', network: created.uuid }] },
      },
    });
    const { user } = renderApp({ session, path: `/networks/${created.uuid}` });

    expect(await screen.findByRole('heading', { level: 1, name })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete “${name}”?` });
    expect(dialog).toHaveTextContent('cannot be deleted while servers are attached');
    const servers = within(dialog).getByRole('list', { name: 'Servers attached to the network' });
    expect(within(servers).getByRole('link', { name: title })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Delete network' })).toBeDisabled();
  });
});
