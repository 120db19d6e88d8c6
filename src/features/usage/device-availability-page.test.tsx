import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signInAs, searchOf } from '../../testing/render';
import { DeviceAvailabilityPage } from './device-availability-page';

const zonesOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('device availability page', () => {
  it('lists plans per zone and narrows them by the zone in the URL', async () => {
    const { user, location } = renderPage(<DeviceAvailabilityPage />, {
      session: await signInAs('demo'),
    });
    const table = await screen.findByRole('table', { name: 'Device availability' });
    expect(new Set(zonesOf(table))).toEqual(new Set(['fi-hel2', 'de-fra1']));
    const row = within(table)
      .getAllByRole('rowheader', { name: 'GPU-12xCPU-128GB-1xL40S' })[0]
      ?.closest('tr');
    expect(row).toHaveTextContent('fi-hel2');
    expect(row).toHaveTextContent('4');

    await user.click(screen.getByRole('combobox', { name: 'Zone' }));
    await user.click(await screen.findByRole('option', { name: /de-fra1/ }));
    await waitFor(() =>
      expect(zonesOf(screen.getByRole('table', { name: 'Device availability' }))).toEqual([
        'de-fra1',
      ]),
    );
    expect(searchOf(location).get('zone')).toBe('de-fra1');
  });

  it('shows an empty state for a zone without devices', async () => {
    renderPage(<DeviceAvailabilityPage />, {
      session: await signInAs('demo'),
      path: '/device-availability?zone=sg-sin1',
    });
    expect(await screen.findByText('No devices are available with these filters.')).toBeVisible();
  });
});
