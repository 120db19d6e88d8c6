import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '../../../contract/endpoint';
import { serverGroupEndpoints } from '../../../contract/server-group';
import { renderApp, renderPage, signInAs, uniqueName } from '../../testing/render';
import { createServerAs } from '../../testing/resources';
import { apiAsUser } from '../../testing/tenant';
import { ServerGroupsPage } from './server-groups-page';

async function createGroup(title: string) {
  return (
    await apiAsUser('demo').call(
      'POST',
      endpointPath(serverGroupEndpoints.create),
      { server_group: { title, anti_affinity: 'yes' } },
      serverGroupEndpoints.create.response,
    )
  ).server_group;
}

const memberRow = async (title: string) =>
  (await screen.findByRole('rowheader', { name: title })).closest('tr') as HTMLElement;

describe('Server groups', () => {
  it('creates a group from the list and opens it', async () => {
    const title = uniqueName('web tier');
    const { user, location } = renderPage(<ServerGroupsPage />, {
      session: await signInAs('demo'),
      path: '/server-groups',
    });
    await user.click(await screen.findByRole('button', { name: 'Create server group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a server group' });
    await user.click(within(dialog).getByRole('button', { name: 'Create server group' }));
    expect(await within(dialog).findByText('Give a title.')).toBeVisible();

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), title);
    await user.click(within(dialog).getByRole('combobox', { name: 'Anti-affinity policy' }));
    await user.click(await screen.findByRole('option', { name: 'Strict anti-affinity' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create server group' }));

    await waitFor(() =>
      expect(location.current?.pathname).toMatch(/^\/server-groups\/0b[0-9a-f-]{34}$/),
    );
    const row = (await screen.findByRole('rowheader', { name: title })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Strict anti-affinity')).toBeVisible();
    expect(within(row).getByText('0 servers')).toBeVisible();
    expect(within(row).getByText('No running members')).toBeVisible();
  });

  it('adds and removes members and shows whether each keeps a host of its own', async () => {
    const first = await createServerAs('demo', { title: uniqueName('group member a') });
    const second = await createServerAs('demo', { title: uniqueName('group member b') });
    const group = await createGroup(uniqueName('apart'));
    const { user } = renderApp({
      session: await signInAs('demo'),
      path: `/server-groups/${group.uuid}`,
    });
    await screen.findByRole('heading', { level: 1, name: group.title });

    const addServer = async (title: string) => {
      await user.click(screen.getByRole('combobox', { name: 'Server to add' }));
      await user.click(await screen.findByRole('option', { name: title }));
      await user.click(screen.getByRole('button', { name: 'Add server' }));
    };
    await addServer(first.title);
    expect(within(await memberRow(first.title)).getByText('Met')).toBeVisible();

    // Both were placed outside the group, on the zone's first host: they share it.
    await addServer(second.title);
    await waitFor(async () =>
      expect(within(await memberRow(first.title)).getByText('Unmet')).toBeVisible(),
    );
    expect(within(await memberRow(second.title)).getByText('Unmet')).toBeVisible();

    await user.click(
      within(await memberRow(second.title)).getByRole('button', {
        name: `Remove ${second.title} from the group`,
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: second.title })).not.toBeInTheDocument(),
    );
    expect(within(await memberRow(first.title)).getByText('Met')).toBeVisible();
  });

  it('edits the title and policy, and deletes the group after confirmation', async () => {
    const group = await createGroup(uniqueName('to edit'));
    const renamed = uniqueName('edited');
    const { user } = renderApp({
      session: await signInAs('demo'),
      path: `/server-groups/${group.uuid}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Edit the server group “${group.title}”`,
    });
    const titleBox = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(titleBox);
    await user.type(titleBox, renamed);
    await user.click(within(dialog).getByRole('combobox', { name: 'Anti-affinity policy' }));
    await user.click(await screen.findByRole('option', { name: 'No anti-affinity' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save server group' }));
    expect(await screen.findByRole('heading', { level: 1, name: renamed })).toBeVisible();
    expect(screen.getByText('No anti-affinity')).toBeVisible();
    expect(screen.getByText('Not applied')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', {
      name: `Delete the server group “${renamed}”?`,
    });
    await user.click(within(confirm).getByRole('button', { name: 'Delete server group' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Server groups' })).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: renamed })).not.toBeInTheDocument(),
    );
  });

  it('names the group on the server page of a member, linked', async () => {
    const group = await createGroup(uniqueName('named'));
    const member = await createServerAs('demo', { title: uniqueName('named member') });
    await apiAsUser('demo').call(
      'POST',
      endpointPath(serverGroupEndpoints.addMember, { uuid: group.uuid }),
      { server: { uuid: member.uuid } },
    );
    renderApp({ session: await signInAs('demo'), path: `/servers/${member.uuid}` });
    const link = await screen.findByRole('link', { name: group.title });
    expect(link).toHaveAttribute('href', `/server-groups/${group.uuid}`);
  });
});
