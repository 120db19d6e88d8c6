import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signInAs } from '../../testing/render';
import { DashboardPage } from './dashboard-page';

const sections = [
  { label: 'Zones', description: 'Data centres.', to: '/zones' },
  { label: 'API tokens', description: 'Tokens.', to: '/tokens' },
];

describe('dashboard', () => {
  it('shows the account username, credits and resource limits', async () => {
    renderPage(<DashboardPage sections={sections} />, { session: await signInAs('demo') });

    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText('demo')).toBeVisible();
    // The seeded demo account holds 1,000,000 credits: hundredths of a euro.
    const credits = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
    expect(within(account).getByText(credits.format(10_000))).toBeVisible();

    const limits = screen.getByRole('table', { name: 'Resource limits' });
    const cores = within(limits).getByRole('rowheader', { name: 'CPU cores' }).closest('tr');
    expect(cores).toHaveTextContent('200');
    const memory = within(limits).getByRole('rowheader', { name: 'Memory' }).closest('tr');
    expect(memory).toHaveTextContent('1 TiB');
  });

  it('links to every section it is given', async () => {
    renderPage(<DashboardPage sections={sections} />, { session: await signInAs('demo') });

    expect(await screen.findByRole('link', { name: /^Zones/ })).toHaveAttribute('href', '/zones');
    expect(screen.getByRole('link', { name: /^API tokens/ })).toHaveAttribute('href', '/tokens');
  });
});
