import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAccount } from '../../api/account';
import { renderPage, signInAs } from '../../testing/render';
import { tenantUser } from '../../testing/tenant';
import { DashboardPage } from './dashboard-page';

const sections = [
  { label: 'Zones', description: 'Data centres.', to: '/zones' },
  { label: 'API tokens', description: 'Tokens.', to: '/tokens' },
];

describe('dashboard', () => {
  it('shows the account username, credits and resource limits', async () => {
    const session = await signInAs('demo');
    // Credits fall as the seeded resources are billed, so compare with what the API says now.
    const details = await getAccount({ authorization: `Bearer ${session.token}` });
    renderPage(<DashboardPage sections={sections} />, { session });

    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText(tenantUser('demo').username)).toBeVisible();
    // Credits are hundredths of the currency.
    const credits = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });
    expect(details.credits).toBeLessThan(1_000_000);
    expect(within(account).getByText(credits.format(details.credits! / 100))).toBeVisible();

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
