import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { debianTemplateFra1 } from '../../testing/factories';
import { renderApp, signInAs } from '../../testing/render';
import { createServerAs } from '../../testing/resources';

async function openServer(title: string) {
  const session = await signInAs('demo');
  const view = renderApp({ session, path: '/servers' });
  const table = await view.findByRole('table', { name: 'Servers' });
  await view.user.click(within(table).getByRole('link', { name: title }));
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
  return view;
}

describe('servers', () => {
  it('lists servers with state, zone, plan and labels', async () => {
    renderApp({ session: await signInAs('demo'), path: '/servers' });
    const table = await screen.findByRole('table', { name: 'Servers' });
    const row = within(table).getByRole('rowheader', { name: 'web-1' }).closest('tr');
    expect(row).toHaveTextContent('started');
    expect(row).toHaveTextContent('de-fra1');
    expect(row).toHaveTextContent('2xCPU-4GB');
    expect(row).toHaveTextContent('env=prod, team=web');
  });

  it('filters by state, sorts and pages from the URL, and keeps each choice in it', async () => {
    const view = renderApp({
      session: await signInAs('demo'),
      path: '/servers?state=stopped&sort=title',
    });
    const table = await view.findByRole('table', { name: 'Servers' });
    expect(within(table).getByRole('rowheader', { name: 'build-box' })).toBeVisible();
    expect(within(table).queryByRole('rowheader', { name: 'db-1' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Stopped');

    await view.user.click(screen.getByRole('combobox', { name: 'State' }));
    await view.user.click(await screen.findByRole('option', { name: 'All states' }));
    expect(await within(table).findByRole('rowheader', { name: 'db-1' })).toBeVisible();
    // Search matches UUIDs too: a word with letters beyond hex cannot match one by chance.
    await view.user.type(screen.getByRole('searchbox', { name: /Search title/ }), 'build');
    await waitFor(() => expect(view.location.current?.search).toBe('?sort=title&search=build'));
    await waitFor(() =>
      expect(within(table).queryByRole('rowheader', { name: 'db-1' })).toBeNull(),
    );
    expect(within(table).getByRole('rowheader', { name: 'build-box' })).toBeVisible();

    await view.user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await view.user.click(await screen.findByRole('option', { name: '10' }));
    expect(view.location.current?.search).toContain('limit=10');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('enables Stop and Restart for a started server, Start and Delete for a stopped one', async () => {
    await openServer('web-1');
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Restart' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    const devices = screen.getByRole('table', { name: 'Storage devices' });
    expect(within(devices).getByRole('link', { name: 'web-1 OS' })).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Events, newest first' })).toBeVisible();
  });

  it('shows what a server lacks as “—”, like every empty value, and tiers by name (issue 24 item 21)', async () => {
    await openServer('web-1');
    // The seed puts web-1 in no server group and gives it no system labels.
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value('Server group')).toHaveTextContent(/^—$/);
    const devices = screen.getByRole('table', { name: 'Storage devices' });
    const os = within(devices).getByRole('rowheader', { name: 'web-1 OS' }).closest('tr')!;
    expect(within(os).getByRole('cell', { name: 'MaxIOPS' })).toBeVisible();
  });

  it('names the first disk of a server made from a template its boot disk', async () => {
    const session = await signInAs('demo');
    // The API answers `boot_disk: "0"` on every device of a server made this way.
    const server = await createServerAs(session, {
      storage_devices: {
        storage_device: [
          { action: 'clone', storage: debianTemplateFra1, title: 'os' },
          { action: 'create', size: 10, title: 'data' },
        ],
      },
    });
    expect(server.storage_devices.storage_device.map((device) => device.boot_disk)).toEqual([
      '0',
      '0',
    ]);
    renderApp({ session, path: `/servers/${server.uuid}` });

    const devices = await screen.findByRole('table', { name: 'Storage devices' });
    const bootDisk = (storage: string) =>
      within(devices).getByRole('rowheader', { name: storage }).closest('tr')?.lastChild;
    expect(bootDisk('os')).toHaveTextContent('Yes');
    expect(bootDisk('data')).toHaveTextContent('No');
  });

  it('enables Start and Delete for a stopped server, and Delete explains storages are kept', async () => {
    const { user } = await openServer('build-box');
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restart' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the server “build-box”?' });
    expect(dialog).toHaveTextContent('attached storage device is kept');
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Also delete the attached storages' }),
    );
    expect(dialog).toHaveTextContent('deleted with it');
    expect(within(dialog).getByRole('radio', { name: 'Keep all backups' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('previews the cost of a new server with the template licence', async () => {
    const { user } = renderApp({ session: await signInAs('demo'), path: '/servers/new' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create server' })).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: /\(de-fra1\)/ }));
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: /^2xCPU-4GB/ }));
    await user.click(screen.getByRole('combobox', { name: 'Operating system template' }));
    await user.click(await screen.findByRole('option', { name: 'Windows Server 2022 Standard' }));

    const preview = screen.getByRole('region', { name: 'Cost preview' });
    expect(preview).toHaveTextContent('Plan 2xCPU-4GB');
    // Windows carries a licence of 1.6 credits per core-hour: 2 cores → €0.032 per hour.
    expect(preview).toHaveTextContent('Licence for 2 cores: €0.032 per hour');
    expect(preview).toHaveTextContent(/per month \(730 hours\)/);
  });

  it('raises the OS disk to a larger template’s size, and prices that size', async () => {
    const { user } = renderApp({ session: await signInAs('demo'), path: '/servers/new' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create server' })).toBeVisible();
    await user.click(screen.getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: /\(de-fra1\)/ }));
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: /^1xCPU-1GB/ }));
    const osSize = screen.getByRole('textbox', { name: 'OS disk size (GiB)' });
    expect(osSize).toHaveValue('25');

    await user.click(screen.getByRole('combobox', { name: 'Operating system template' }));
    await user.click(await screen.findByRole('option', { name: 'Windows Server 2022 Standard' }));
    expect(osSize).toHaveValue('30');
    expect(osSize).toHaveAccessibleDescription('At least 30 GiB, the template’s size.');
    // The plan includes 25 GiB: the 5 above it are priced.
    const preview = screen.getByRole('region', { name: 'Cost preview' });
    expect(preview).toHaveTextContent('OS disk: 5 GiB MaxIOPS beyond the plan');

    // A plan whose disk is smaller than the template's keeps the template's size.
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    await user.click(await screen.findByRole('option', { name: /^DEV-1xCPU-1GB/ }));
    expect(osSize).toHaveValue('30');
    expect(preview).toHaveTextContent(/OS disk: 20 GiB .* beyond the plan/);
  });

  it('says a server that does not exist is gone, without a Retry that cannot help', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    renderApp({ session: await signInAs('demo'), path: `/servers/${missing}` });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server could not be loaded');
    expect(alert).toHaveTextContent('(SERVER_NOT_FOUND)');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByRole('link', { name: 'Servers' })).toHaveAttribute(
      'href',
      '/servers',
    );
  });

  // Last in the file: the restart leaves web-1 in maintenance for the tests after it.
  it('confirms a restart with the success notice once the API has taken it', async () => {
    const { user } = await openServer('web-1');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restart' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Restart requested: the server is restarting',
    );
  });
});
