import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { zoneQueries } from '../../api/zones';
import { renderPage, signInAs } from '../../testing/render';
import { PricesPage } from './prices-page';
import { HoldBack } from '../../testing/hold-back';

function priceRow(table: HTMLElement, item: string | RegExp) {
  return within(table).getByRole('rowheader', { name: item }).closest('tr') as HTMLElement;
}

describe('prices page', () => {
  it('shows the prices before the zone names arrive, naming the zone by id meanwhile', async () => {
    const { queryClient } = renderPage(
      <HoldBack queryKeys={[zoneQueries.all()]}>
        <PricesPage />
      </HoldBack>,
      { session: await signInAs('demo'), path: '/prices?zone=de-fra1' },
    );
    const resources = await screen.findByRole('table', { name: 'Resources in de-fra1' });
    expect(within(priceRow(resources, 'CPU core')).getByText('€0.0112')).toBeVisible();
    const zone = screen.getByRole('combobox', { name: 'Zone' });
    expect(zone).toHaveTextContent(/^de-fra1$/);
    await queryClient.fetchQuery(zoneQueries.list());
    await waitFor(() => expect(zone).toHaveTextContent('Frankfurt #1 (de-fra1)'));
  });

  it('shows the zone in the URL in readable units, and switches zones', async () => {
    const { user, location } = renderPage(<PricesPage />, {
      session: await signInAs('demo'),
      path: '/prices?zone=de-fra1',
    });

    const resources = await screen.findByRole('table', { name: 'Resources in de-fra1' });
    const core = priceRow(resources, 'CPU core');
    expect(within(core).getByText('per core')).toBeVisible();
    expect(within(core).getByText('€0.0112')).toBeVisible();
    expect(within(core).getByText('€8.18')).toBeVisible();
    expect(within(priceRow(resources, 'Memory')).getByText('per 256 MiB')).toBeVisible();
    expect(within(priceRow(resources, 'MaxIOPS storage')).getByText('per GiB')).toBeVisible();

    // Traffic is charged per GiB transferred: no hourly or monthly figure.
    const usage = screen.getByRole('table', { name: 'Traffic and storage I/O in de-fra1' });
    const traffic = priceRow(usage, 'Outgoing public IPv4 traffic');
    expect(within(traffic).getByText('per GiB')).toBeVisible();
    expect(within(traffic).getByText('€0.01')).toBeVisible();
    expect(traffic).not.toHaveTextContent('€7.30');
    expect(
      within(usage)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Item', 'Unit', 'Price']);
    expect(within(resources).queryByRole('rowheader', { name: /traffic|I\/O/ })).toBeNull();
    expect(
      screen.getByText(
        'Prices in each zone: resources by the hour, traffic and storage I/O by use. Monthly figures are estimates for 730 hours of use.',
      ),
    ).toBeVisible();

    const plans = screen.getByRole('table', { name: 'Server plans in de-fra1' });
    expect(priceRow(plans, /^Server plan 2xCPU-4GB/)).toHaveTextContent(
      '2 CPU cores, 4 GiB memory, 80 GiB MaxIOPS storage',
    );

    await user.click(screen.getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: 'Singapore #1 (sg-sin1)' }));

    const singapore = await screen.findByRole('table', { name: 'Resources in sg-sin1' });
    expect(within(priceRow(singapore, 'CPU core')).getByText('€0.0129')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Resources in de-fra1' })).not.toBeInTheDocument();
    expect(location.current?.search).toBe('?zone=sg-sin1');
  });

  it('shows the first zone when the URL names none', async () => {
    renderPage(<PricesPage />, { session: await signInAs('demo'), path: '/prices' });

    expect(await screen.findByRole('table', { name: 'Resources in de-fra1' })).toBeVisible();
    // The zone names come with their own list, perhaps after the prices.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Zone' })).toHaveTextContent(
        'Frankfurt #1 (de-fra1)',
      ),
    );
  });

  it('says so when the URL names a zone without prices', async () => {
    renderPage(<PricesPage />, { session: await signInAs('demo'), path: '/prices?zone=xx-nope1' });

    expect(
      await screen.findByText('There is no price list for the zone “xx-nope1”.'),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('right-aligns the money columns, headers and amounts alike, and no other', async () => {
    renderPage(<PricesPage />, { session: await signInAs('demo'), path: '/prices?zone=de-fra1' });

    const resources = await screen.findByRole('table', { name: 'Resources in de-fra1' });
    const alignment = (cell: HTMLElement) => getComputedStyle(cell).textAlign;
    expect(within(resources).getAllByRole('columnheader').map(alignment)).toEqual([
      'left',
      'left',
      'right',
      'right',
    ]);
    expect(alignment(within(resources).getByText('€8.18'))).toBe('right');
    expect(alignment(within(priceRow(resources, 'CPU core')).getByText('per core'))).toBe('left');
    const usage = screen.getByRole('table', { name: 'Traffic and storage I/O in de-fra1' });
    const traffic = priceRow(usage, 'Outgoing public IPv4 traffic');
    expect(alignment(within(traffic).getByText('€0.01'))).toBe('right');
  });
});
