import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { setApiBaseUrl } from '../../api/http';
import { renderPage, signInAs } from '../../testing/render';
import { ZonesPage } from './zones-page';

describe('zones page', () => {
  afterEach(() => setApiBaseUrl(inject('sandboxUrl')));

  it('lists every zone with its id and whether it is public', async () => {
    renderPage(<ZonesPage />, { session: await signInAs('demo') });

    const table = await screen.findByRole('table', { name: 'Zones' });
    const helsinki = within(table).getByRole('rowheader', { name: 'Helsinki #1' }).closest('tr');
    expect(helsinki).toHaveTextContent('fi-hel1');
    expect(helsinki).toHaveTextContent('Yes');
    // The 13 zones the sandbox seeds (the real zone list's public ones), under one header row.
    expect(within(table).getAllByRole('row')).toHaveLength(14);
  });

  it('shows the error code and message when the API cannot be reached, and retries', async () => {
    const session = await signInAs('demo');
    setApiBaseUrl('http://127.0.0.1:9');
    const { user } = renderPage(<ZonesPage />, { session });

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Zones could not be loaded');
    expect(alert).toHaveTextContent('NETWORK_ERROR');
    expect(alert).toHaveTextContent('The API could not be reached.');

    setApiBaseUrl(inject('sandboxUrl'));
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Zones' })).toBeVisible();
  });
});
