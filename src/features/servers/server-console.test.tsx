import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNotice } from '../../testing/servers';
import { endpointPath } from '../../../contract/endpoint';
import { serverEndpoints } from '../../../contract/server';
import type { CreateServerRequest } from '../../../contract/server';
import { renderApp, signInAs } from '../../testing/render';
import { createServerAs } from '../../testing/resources';
import { apiAsUser } from '../../testing/tenant';

/** A new server's Console tab; `fields` go into its create request. */
async function openConsole(fields: Partial<CreateServerRequest['server']>) {
  const server = await createServerAs('demo', fields);
  const view = renderApp({
    session: await signInAs('demo'),
    path: `/servers/${server.uuid}?tab=console`,
  });
  const panel = await screen.findByRole('tabpanel', { name: 'Console' });
  return { server, view, panel };
}

const { get: getServer } = serverEndpoints;
const readServer = async (uuid: string) =>
  (
    await apiAsUser('demo').call(
      getServer.method,
      endpointPath(getServer, { uuid }),
      undefined,
      getServer.response,
    )
  ).server;

describe('server console', () => {
  it('keeps the password hidden until Show, and turns console access on after a confirmation', async () => {
    const { server, view, panel } = await openConsole({ remote_access_password: 'peek4567' });
    expect(within(panel).getByText('Off')).toBeVisible();
    expect(panel).not.toHaveTextContent('peek4567');
    expect(panel).not.toHaveTextContent('Address');
    await view.user.click(within(panel).getByRole('button', { name: 'Show' }));
    expect(within(panel).getByText('peek4567')).toBeVisible();

    await view.user.click(within(panel).getByRole('button', { name: 'Turn console access on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn console access on?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const enabled = await readServer(server.uuid);
    expect(enabled.remote_access_enabled).toBe('yes');
    expect(await within(panel).findByText(enabled.remote_access_host!)).toBeVisible();
    expect(within(panel).getByText(enabled.remote_access_port!)).toBeVisible();
    expect(within(panel).getByText('On')).toBeVisible();
    await expectNotice('Console access turned on');
  });

  it('changes the console type and turns access off', async () => {
    const { server, view, panel } = await openConsole({ remote_access_enabled: 'yes' });
    await view.user.click(within(panel).getByRole('combobox', { name: 'Console type' }));
    await view.user.click(await screen.findByRole('option', { name: 'SPICE' }));
    await waitFor(async () =>
      expect((await readServer(server.uuid)).remote_access_type).toBe('spice'),
    );
    expect(within(panel).getByRole('combobox', { name: 'Console type' })).toHaveTextContent(
      'SPICE',
    );
    await expectNotice('Console type changed to SPICE');

    await view.user.click(within(panel).getByRole('button', { name: 'Turn console access off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn console access off?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(panel).findByText('Off')).toBeVisible();
    expect(panel).not.toHaveTextContent('Address');
    expect((await readServer(server.uuid)).remote_access_enabled).toBe('no');
    await expectNotice('Console access turned off');
  });
});
