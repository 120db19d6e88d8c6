import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '../../../contract/endpoint';
import { ipAddressEndpoints } from '../../../contract/ip-address';
import { request } from '../../api/http';
import { serverQueries } from '../../api/servers';
import type { Session } from '../../auth/session-store';
import { renderPage, signInAs, searchOf, wholeText } from '../../testing/render';
import { IpAddressesPage } from './ip-addresses-page';
import { HoldBack } from '../../testing/hold-back';

async function addFloatingAs(session: Session) {
  const { create } = ipAddressEndpoints;
  return (
    await request(endpointPath(create), create.response, {
      method: create.method,
      body: { ip_address: { family: 'IPv4', floating: 'yes', zone: 'de-fra1' } },
      authorization: `Bearer ${session.token}`,
    })
  ).ip_address;
}

/**
 * The address list as a demo user, with two new floating addresses selected and their bulk PTR
 * dialog open.
 */
async function openBulkPtrOfTwo() {
  const session = await signInAs('demo');
  const first = await addFloatingAs(session);
  const second = await addFloatingAs(session);
  const { user } = renderPage(<IpAddressesPage />, { session, path: '/ip-addresses' });
  await screen.findByRole('table', { name: 'IP addresses' });
  for (const { address } of [first, second]) {
    await user.click(screen.getByRole('checkbox', { name: `Select ${address}` }));
  }
  await user.click(screen.getByRole('button', { name: 'Edit PTR records of selected (2)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit PTR records of 2 addresses' });
  return { session, first, second, user, dialog };
}

describe('IP addresses page', () => {
  it('shows each address before the server titles arrive, and then the titles', async () => {
    const session = await signInAs('demo');
    const { queryClient } = renderPage(
      <HoldBack queryKeys={[serverQueries.lists()]}>
        <IpAddressesPage />
      </HoldBack>,
      { session, path: '/ip-addresses' },
    );
    const table = await screen.findByRole('table', { name: 'IP addresses' });
    // Until the server list answers, an attached address links to its server by UUID.
    const [byUuid] = within(table).getAllByRole('link', { name: /^00[0-9a-f]{6}-/ });
    const uuid = byUuid!.textContent;
    const row = byUuid!.closest('tr')!;
    const address = within(row).getByRole('rowheader').textContent;

    const servers = await queryClient.fetchQuery(serverQueries.list());
    const title = servers.find((server) => server.uuid === uuid)!.title;
    const filled = await within(row).findByRole('link', { name: title });
    expect(filled).toHaveAttribute('href', byUuid!.getAttribute('href'));
    expect(within(row).getByRole('rowheader')).toHaveTextContent(address!);
  });

  it('searches by address, keeping the search in the URL', async () => {
    const session = await signInAs('demo');
    const floating = await addFloatingAs(session);
    const { user, location } = renderPage(<IpAddressesPage />, {
      session,
      path: `/ip-addresses?search=${floating.address}`,
    });
    const table = await screen.findByRole('table', { name: 'IP addresses' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([floating.address]);
    const search = screen.getByRole('searchbox', { name: 'Search by address' });
    await user.clear(search);
    await user.type(search, '999.999');
    expect(await screen.findByText('No address matches the search.')).toBeVisible();
    expect(searchOf(location).get('search')).toBe('999.999');
  });

  it('edits a PTR record in place, refusing a name that is not one', async () => {
    const session = await signInAs('demo');
    const floating = await addFloatingAs(session);
    const { user } = renderPage(<IpAddressesPage />, {
      session,
      path: `/ip-addresses?search=${floating.address}`,
    });
    await user.click(
      await screen.findByRole('button', { name: `Edit PTR record of ${floating.address}` }),
    );
    const field = screen.getByRole('textbox', { name: `PTR record of ${floating.address}` });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'not a host name{Enter}');
    expect(await screen.findByText('A host name, such as www.example.com.')).toBeVisible();
    await user.clear(field);
    await user.type(field, 'mail.example.com{Enter}');
    expect(await screen.findByText(wholeText('mail.example.com'))).toBeVisible();
    expect(
      screen.getByRole('button', { name: `Edit PTR record of ${floating.address}` }),
    ).toHaveFocus();
  });

  it('offers only stopped servers for a new address and says why the others cannot get one', async () => {
    const { user } = renderPage(<IpAddressesPage />, {
      session: await signInAs('demo'),
      path: '/ip-addresses',
    });
    await user.click(await screen.findByRole('button', { name: 'Add IP address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add IP address' });
    expect(dialog).toHaveTextContent('Only a stopped server can get an address.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Server' }));
    expect(
      await screen.findByRole('option', { name: /^web-1 \(\S+\): started, stop it first$/ }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: /^build-box \(\S+\)$/ })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  // Long journeys through a shared sandbox: more than the default 15 s on a busy machine.
  it(
    'changes PTR records of selected addresses in bulk, with a result per address',
    { timeout: 40_000 },
    async () => {
      const { first, second, user, dialog } = await openBulkPtrOfTwo();

      const firstField = within(dialog).getByRole('textbox', {
        name: `PTR record for ${first.address}`,
      });
      const secondField = within(dialog).getByRole('textbox', {
        name: `PTR record for ${second.address}`,
      });
      await user.clear(firstField);
      await user.type(firstField, 'one.example.com');
      await user.clear(secondField);
      await user.type(secondField, 'bad name');
      await user.click(within(dialog).getByRole('button', { name: 'Save all' }));
      expect(
        await within(dialog).findByText('A host name, such as www.example.com.'),
      ).toBeVisible();

      await user.clear(secondField);
      await user.type(secondField, 'two.example.com');
      await user.click(within(dialog).getByRole('button', { name: 'Save all' }));
      const results = within(dialog).getByRole('table', { name: 'PTR records to change' });
      await waitFor(() =>
        expect(within(results).getAllByRole('cell', { name: 'Updated' })).toHaveLength(2),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      const table = screen.getByRole('table', { name: 'IP addresses' });
      expect(await within(table).findByText(wholeText('one.example.com'))).toBeVisible();
      expect(within(table).getByText(wholeText('two.example.com'))).toBeVisible();
    },
  );

  // Long journeys through a shared sandbox: more than the default 15 s on a busy machine.
  it(
    'reports per address that nothing changed when the bulk request is refused',
    { timeout: 40_000 },
    async () => {
      const { session, first: kept, second: gone, user, dialog } = await openBulkPtrOfTwo();
      // Released elsewhere while the dialog is open: the API refuses the whole request.
      const { release } = ipAddressEndpoints;
      await request(endpointPath(release, { address: gone.address }), null, {
        method: release.method,
        authorization: `Bearer ${session.token}`,
      });
      await user.click(within(dialog).getByRole('button', { name: 'Save all' }));

      expect(await within(dialog).findByText('No PTR record was changed')).toBeVisible();
      const results = within(dialog).getByRole('table', { name: 'PTR records to change' });
      const rowOf = (address: string) =>
        within(results).getByRole('rowheader', { name: address }).closest('tr') as HTMLElement;
      expect(rowOf(gone.address)).toHaveTextContent(/IP_ADDRESS_NOT_FOUND|does not exist/);
      expect(rowOf(kept.address)).toHaveTextContent(
        'Not changed: another address in the request was refused.',
      );
      expect(
        within(dialog).getByRole('textbox', { name: `PTR record for ${kept.address}` }),
      ).toHaveValue(kept.ptr_record);
    },
  );

  // Long journeys through a shared sandbox: more than the default 15 s on a busy machine.
  it(
    'adds a floating address and releases it after a confirmation',
    { timeout: 40_000 },
    async () => {
      const { user } = renderPage(<IpAddressesPage />, {
        session: await signInAs('demo'),
        path: '/ip-addresses',
      });
      await user.click(await screen.findByRole('button', { name: 'Add IP address' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add IP address' });
      await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
      expect(await within(dialog).findByText('Choose a server.')).toBeVisible();
      await user.click(within(dialog).getByRole('checkbox', { name: 'Floating address' }));
      await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
      expect(await within(dialog).findByText('Choose the zone of the address.')).toBeVisible();
      await user.click(within(dialog).getByRole('combobox', { name: 'Zone' }));
      await user.click(await screen.findByRole('option', { name: /\(de-fra1\)/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Add address' }));

      const status = await screen.findByRole('status');
      const address = /^Added (.+)\.$/.exec(status.textContent ?? '')?.[1] ?? '';
      expect(address).not.toBe('');
      await user.click(await screen.findByRole('button', { name: `Release ${address}` }));
      const confirm = await screen.findByRole('dialog', { name: `Release ${address}?` });
      expect(confirm).toHaveTextContent('is not attached to a server');
      await user.click(within(confirm).getByRole('button', { name: 'Release address' }));
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: `Release ${address}` })).toBeNull(),
      );
      expect(await screen.findByRole('status')).toHaveTextContent(`Released ${address}.`);
    },
  );

  it('names the network a server leaves when its last public address is released', async () => {
    const session = await signInAs('demo');
    const { user } = renderPage(<IpAddressesPage />, { session, path: '/ip-addresses' });
    const table = await screen.findByRole('table', { name: 'IP addresses' });
    // The server column names servers once the server list has loaded.
    const row = await waitFor(() => {
      const found = within(table)
        .getAllByRole('row')
        .find(
          (candidate) =>
            within(candidate).queryByRole('link', { name: 'build-box' }) &&
            within(candidate).queryByRole('cell', { name: 'public' }),
        );
      if (!found) throw new Error('build-box has no public address');
      return found;
    });
    await user.click(within(row).getByRole('button', { name: /^Release / }));
    const confirm = await screen.findByRole('dialog', { name: /^Release .+\?$/ });
    expect(confirm).toHaveTextContent(/last public address of server “build-box”/);
    expect(confirm).toHaveTextContent(/detaches the server from “.+”/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  });
});
