import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverQueries } from '../../api/servers';
import { renderPage, signInAs, searchOf } from '../../testing/render';
import { NetworkUsagePage } from './network-usage-page';
import { addDays, today } from './usage-range';
import { markApiCalls } from '../../testing/api-calls';

const end = today();

describe('network usage page', () => {
  it('reads a range of up to 31 days as JSON, with the traffic chart’s table and top usage', async () => {
    const { user } = renderPage(<NetworkUsagePage />, {
      session: await signInAs('demo'),
      path: `/network-usage?from=${addDays(end, -6)}&to=${end}`,
    });
    expect(await screen.findByRole('img', { name: 'Traffic out by service' })).toBeVisible();
    expect(screen.queryByText(/reads it as CSV/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const table = screen.getByRole('table', { name: 'Traffic out by service' });
    expect(within(table).getByRole('columnheader', { name: 'Server public' })).toBeVisible();
    expect(within(table).getAllByRole('rowheader').length).toBe(7);

    const top = await screen.findByRole('table', { name: 'Top usage' });
    expect(within(top).getAllByRole('row').length).toBeGreaterThan(1);
    expect(await screen.findByText(/sent of .* accumulated quota/)).toBeVisible();
  });

  it('tells a subaccount without the billing role so, after one refused request (issue 19 item 11)', async () => {
    const session = await signInAs('demo_viewer');
    const callsSince = markApiCalls();
    const { queryClient } = renderPage(<NetworkUsagePage />, {
      session,
      path: `/network-usage?from=${addDays(end, -6)}&to=${end}`,
    });
    expect(await screen.findByText('No permission to read network usage')).toBeVisible();
    // Counted once nothing is being read: a request asked again would still be under way, or counted.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const usage = callsSince((path) => path.includes('usage'));
    expect(usage).toHaveLength(1);
    // One message: the refusal, not an error per part of the page.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('switches to CSV by itself, with a note, for a range beyond 31 days', async () => {
    const { user, location } = renderPage(<NetworkUsagePage />, {
      session: await signInAs('demo'),
      path: `/network-usage?from=${addDays(end, -6)}&to=${end}`,
    });
    await screen.findByRole('img', { name: 'Traffic out by service' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: addDays(end, -89) } });
    expect(
      await screen.findByText(/This range is 90 days long\..*reads it as CSV instead/),
    ).toBeVisible();
    expect(searchOf(location).get('from')).toBe(addDays(end, -89));

    await user.click(screen.getByRole('button', { name: 'Table' }));
    // A JSON request would answer 400 for 90 days; the CSV one brings every day since the oldest
    // seeded server started, 30 days ago.
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Traffic out by service' })).getAllByRole(
          'rowheader',
        ).length,
      ).toBeGreaterThanOrEqual(30),
    );
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('says so when the start comes after the end', async () => {
    renderPage(<NetworkUsagePage />, {
      session: await signInAs('demo'),
      path: `/network-usage?from=${end}&to=${addDays(end, -3)}`,
    });
    expect(await screen.findByText('The start date must not be after the end date.')).toBeVisible();
  });
});

describe('network usage top usage names (issue 24 item 20)', () => {
  it('names servers, with the UUID on hover and copy; a server gone from the list keeps its UUID', async () => {
    const { user, queryClient } = renderPage(<NetworkUsagePage />, {
      session: await signInAs('demo'),
      path: `/network-usage?from=${addDays(end, -6)}&to=${end}`,
    });
    const top = await screen.findByRole('table', { name: 'Top usage' });
    const servers = await queryClient.fetchQuery(serverQueries.list());
    const web1 = servers.find((server) => server.title === 'web-1');
    expect(web1).toBeDefined();
    const uuid = web1?.uuid ?? '';
    // The name links to the server's page; hovered, it shows whole, with the UUID under it.
    const [name] = await within(top).findAllByRole('link', { name: 'web-1' });
    expect(name).toHaveAttribute('href', `/servers/${uuid}`);
    expect(name).toHaveAttribute('title', `web-1\n${uuid}`);
    expect(within(top).queryByText(uuid)).not.toBeInTheDocument();
    const [copy] = within(top).getAllByRole('button', { name: `Copy the UUID ${uuid}` });
    await user.click(copy!);
    expect(await navigator.clipboard.readText()).toBe(uuid);

    // Deleted since: the list no longer knows it, so its rows show the UUID.
    queryClient.setQueryData(
      serverQueries.list().queryKey,
      servers.filter((server) => server.uuid !== uuid),
    );
    expect((await within(top).findAllByText(uuid))[0]).toBeVisible();
    expect(within(top).queryByText('web-1')).not.toBeInTheDocument();
    expect(within(top).queryByRole('link', { name: uuid })).not.toBeInTheDocument();
  });
});
