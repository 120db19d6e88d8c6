import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getResourceUsage } from '../../api/account';
import { apiCallLog } from '../../api/http';
import { billingQueries } from '../../api/billing';
import { auditLogQueries } from '../../api/audit-logs';
import { currentMonth } from '../../lib/billing-month';
import { formatMoney } from '../../lib/format';
import { renderPage, signInAs } from '../../testing/render';
import { DashboardPage } from './dashboard-page';

const widget = (name: string) => screen.findByRole('region', { name }, { timeout: 8000 });

describe('dashboard', () => {
  it('counts the account’s resources, each linked to its list (issue 24 item 18)', async () => {
    const session = await signInAs('demo');
    renderPage(<DashboardPage />, { session });
    const resources = await widget('Resources');
    const usage = await getResourceUsage();
    // The tenant's seeded disks: 870 GiB, one private network.
    expect(usage.storage_total).toBe(870);
    const row = async (name: string) =>
      (await within(resources).findByRole('link', { name })).closest('li') as HTMLElement;
    expect(await row('Storage')).toHaveTextContent('870 GiB');
    expect(await row('Private networks')).toHaveTextContent(String(usage.networks));
    expect(await row('Kubernetes clusters')).toHaveTextContent(String(usage.managed_kubernetes));
    expect(within(resources).getByRole('link', { name: 'Storage' })).toHaveAttribute(
      'href',
      '/storage',
    );
    // No navigation cards and no limits without their usage: the drawer and the account page
    // have those.
    expect(screen.queryByRole('region', { name: 'Manage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Resource limits' })).not.toBeInTheDocument();
  });

  it('shows this month’s spend so far and the forecast from the billing API', async () => {
    const { queryClient } = renderPage(<DashboardPage />, { session: await signInAs('demo') });
    const spend = await widget('Spend this month');
    const summary = await queryClient.fetchQuery(billingQueries.summary(currentMonth()));
    expect(
      await within(spend).findByText(formatMoney(summary.total_amount, summary.currency)),
    ).toBeVisible();
    expect(within(spend).getByText(/by the end of the month at this rate/)).toBeVisible();
  });

  it('lists the latest audit log entries, each linked to its event', async () => {
    const { queryClient } = renderPage(<DashboardPage />, { session: await signInAs('demo') });
    const activity = await widget('Recent activity');
    const page = await queryClient.fetchQuery(auditLogQueries.list({ limit: 8 }));
    // The seed's rows at least: the servers' creates and starts.
    expect(page.rows.length).toBeGreaterThan(0);
    const entries = await within(activity).findAllByRole('listitem');
    expect(entries).toHaveLength(page.rows.length);
    expect(within(entries[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `/audit-logs?event=${page.rows[0]!.cloud_event_id}`,
    );
  });

  it('shows a viewer no spend and sends no request the API refuses', async () => {
    const session = await signInAs('demo_viewer');
    const since = apiCallLog.get().at(-1)?.seq ?? 0;
    renderPage(<DashboardPage />, { session });
    const resources = await widget('Resources');
    expect(await within(resources).findByRole('link', { name: 'Storage' })).toBeVisible();
    expect(
      await within(await widget('Recent activity')).findAllByRole('listitem'),
    ).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Spend this month' })).not.toBeInTheDocument();
    const calls = apiCallLog.get().filter((call) => call.seq > since);
    expect(calls.some((call) => call.path.includes('/billing'))).toBe(false);
    // Every widget it shows loaded: none was refused.
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });
});
