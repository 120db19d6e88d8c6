import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpointPath } from '../../../contract/endpoint';
import { networkPeeringEndpoints } from '../../../contract/network-peering';
import { request } from '../../api/http';
import { renderApp, signInAs, uniqueName } from '../../testing/render';
import { createNetworkAs, createRouterAs, nextBlock } from '../../testing/networking';

describe('network peering wizard', () => {
  it('shows what is missing, with a link to fix it', async () => {
    const session = await signInAs('demo');
    const name = uniqueName('no router net');
    const network = await createNetworkAs(session, { name, block: nextBlock() });
    const { user } = renderApp({ session, path: `/network-peerings/new?network=${network.uuid}` });

    const step = await screen.findByRole('region', { name: '1. Your network' });
    expect(await within(step).findByText('Your network is a private network.')).toBeVisible();
    expect(within(step).getByText(/Your network has no router/)).toBeVisible();
    expect(
      within(step).getByRole('link', { name: `Attach a router to “${name}”` }),
    ).toHaveAttribute('href', `/networks/${network.uuid}`);
    expect(screen.getByRole('button', { name: 'Create peering' })).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Peer network UUID' }), network.uuid);
    await user.type(screen.getByRole('textbox', { name: 'Peering name' }), 'x');
    expect(screen.getByText('Fix what is marked above to create the peering.')).toBeVisible();
  });

  it('says that your own network given as the peer is the same network, not an overlap', async () => {
    const session = await signInAs('demo');
    const router = await createRouterAs(session, uniqueName('self router'));
    const network = await createNetworkAs(session, {
      name: uniqueName('self net'),
      block: nextBlock(),
      router: router.uuid,
    });
    const { user } = renderApp({ session, path: `/network-peerings/new?network=${network.uuid}` });
    expect(await screen.findByText('Your network has a router.')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Peer network UUID' }), network.uuid);
    const step = screen.getByRole('region', { name: '2. Peer network' });
    expect(
      within(step).getByText('This is the same network; choose another network to peer with.'),
    ).toBeVisible();
    expect(within(step).queryByText(/overlap/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create peering' })).toBeDisabled();
  });

  it('says a malformed peer UUID is one as soon as the field is left', async () => {
    const session = await signInAs('demo');
    const { user } = renderApp({ session, path: '/network-peerings/new' });
    const field = await screen.findByRole('textbox', { name: 'Peer network UUID' });
    await user.type(field, '03f0-not-a-uuid');
    await user.tab();
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription('Give the peer network’s UUID, such as 03…-…');
  });

  // Long journeys through a shared sandbox: more than the default 15 s on a busy machine.
  it(
    'peers with another account’s network and waits for the other side',
    { timeout: 40_000 },
    async () => {
      const demo = await signInAs('demo');
      const other = await signInAs('other');
      const demoRouter = await createRouterAs(demo, uniqueName('peer router'));
      const localName = uniqueName('peer local');
      const local = await createNetworkAs(demo, {
        name: localName,
        block: nextBlock(),
        router: demoRouter.uuid,
      });
      const otherRouter = await createRouterAs(other, uniqueName('other peer router'));
      const remote = await createNetworkAs(other, {
        name: uniqueName('peer remote'),
        block: nextBlock(),
        router: otherRouter.uuid,
      });
      const { user, location } = renderApp({
        session: demo,
        path: `/network-peerings/new?network=${local.uuid}`,
      });

      expect(await screen.findByText('Your network has a router.')).toBeVisible();
      await user.type(screen.getByRole('textbox', { name: 'Peer network UUID' }), remote.uuid);
      expect(await screen.findByText(/not one of your networks/)).toBeVisible();
      const name = uniqueName('cross peering');
      await user.type(screen.getByRole('textbox', { name: 'Peering name' }), name);
      await user.click(screen.getByRole('button', { name: 'Create peering' }));

      expect(await screen.findByRole('heading', { level: 1, name })).toBeVisible();
      // The location probe updates in an effect, after the page has rendered.
      await waitFor(() =>
        expect(location.current?.pathname).toMatch(/^\/network-peerings\/0f[0-9a-f-]{34}$/),
      );
      const otherSide = screen.getByRole('region', { name: 'The other side' });
      expect(otherSide).toHaveTextContent('Waiting for the other account');
      expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();

      const { create } = networkPeeringEndpoints;
      await request(endpointPath(create), create.response, {
        method: create.method,
        body: {
          network_peering: {
            name: 'reverse',
            network: { uuid: remote.uuid },
            peer_network: { uuid: local.uuid },
          },
        },
        authorization: `Bearer ${other.token}`,
      });
      await waitFor(
        () => expect(otherSide).not.toHaveTextContent('Waiting for the other account'),
        {
          timeout: 10_000,
        },
      );

      await user.click(screen.getByRole('button', { name: 'Disable' }));
      const disable = await screen.findByRole('dialog', { name: `Disable “${name}”?` });
      await user.click(within(disable).getByRole('button', { name: 'Disable peering' }));
      expect(await screen.findByRole('button', { name: 'Enable' })).toBeVisible();
      expect(screen.getByRole('region', { name: 'Your side' })).toHaveTextContent(
        'Disabled by you.',
      );

      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const remove = await screen.findByRole('dialog', { name: `Delete “${name}”?` });
      await user.click(within(remove).getByRole('button', { name: 'Delete peering' }));
      await waitFor(() => expect(location.current?.pathname).toBe('/network-peerings'));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Network peerings' }),
      ).toBeVisible();
    },
  );
});
