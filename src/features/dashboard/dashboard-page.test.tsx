import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverEndpoints } from '../../../contract/server';
import { storageEndpoints } from '../../../contract/storage';
import { getResourceUsage } from '../../api/account';
import { callEndpoint } from '../../api/http';
import { billingQueries } from '../../api/billing';
import { auditLogQueries } from '../../api/audit-logs';
import { currentMonth } from '../../lib/billing-month';
import { formatMoney } from '../../lib/format';
import { renderPage, signInAs, uniqueName } from '../../testing/render';
import { as, createServerAs, createStorageAs } from '../../testing/resources';
import { DashboardPage } from './dashboard-page';
import { markApiCalls } from '../../testing/api-calls';

/** The widget called `name` once its answer has come: its lines on their way have gone. */
async function widget(name: string) {
  await waitFor(
    () => {
      const region = screen.getByRole('region', { name });
      expect(within(region).queryByRole('progressbar')).not.toBeInTheDocument();
    },
    { timeout: 8000 },
  );
  return screen.getByRole('region', { name });
}

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

  it('counts the servers by state and lists what is under way, each linked to its page (issue 24 item 18)', async () => {
    const session = await signInAs('demo');
    // A new server is in maintenance while it is built (30 s), a storage being backed up is
    // "backuping" (60 s): both still are when the page shows.
    const title = uniqueName('new server');
    const server = await createServerAs(session, { title });
    const disk = await createStorageAs(session, { title: uniqueName('backed-up disk') });
    await callEndpoint(
      storageEndpoints.backup,
      { params: { uuid: disk.uuid }, body: { storage: { title: uniqueName('backup') } } },
      as(session),
    );
    const { servers } = await callEndpoint(serverEndpoints.list, {}, as(session));
    const stopped = servers.server.filter((item) => item.state === 'stopped').length;
    const started = servers.server.filter((item) => item.state === 'started').length;
    expect(stopped).toBeGreaterThan(0);

    const { user } = renderPage(<DashboardPage />, { session });
    const serversWidget = await widget('Servers');
    const all = await within(serversWidget).findByRole('link', {
      name: `${servers.server.length} servers`,
    });
    expect(all).toHaveAttribute('href', '/servers');
    // Running first, then stopped, then the rest, each in words.
    expect(serversWidget).toHaveTextContent(
      `${servers.server.length} servers: ${started} started, ${stopped} stopped, 1 maintenance`,
    );

    const attention = await widget('In progress or failing');
    // The server, its system disk being copied, the disk and its backup: two rows and the others.
    await user.click(within(attention).getByRole('button', { name: 'Show 2 more' }));
    const serverItem = (await within(attention).findByRole('link', { name: title })).closest('li');
    expect(serverItem).toHaveTextContent(`${title}, server: maintenance`);
    expect(within(serverItem!).getByRole('link')).toHaveAttribute(
      'href',
      `/servers/${server.uuid}`,
    );
    const diskItem = within(attention).getByRole('link', { name: disk.title }).closest('li');
    expect(diskItem).toHaveTextContent(`${disk.title}, storage: backing up`);
    expect(within(diskItem!).getByRole('link')).toHaveAttribute('href', `/storage/${disk.uuid}`);
    // The stopped and started servers rest: they are counted, not listed.
    expect(within(attention).queryByRole('link', { name: 'build-box' })).not.toBeInTheDocument();
    expect(within(attention).queryByRole('link', { name: 'web-1' })).not.toBeInTheDocument();
  });

  it('lists what is under way in three rows at most, the rest a click away', async () => {
    // The `other` account, whose seeded server rests and which no other test here changes.
    const session = await signInAs('other');
    const titles = await Promise.all(
      [1, 2, 3, 4].map(
        async (n) => (await createServerAs(session, { title: uniqueName(`busy ${n}`) })).title,
      ),
    );
    const { user } = renderPage(<DashboardPage />, { session });
    const attention = await widget('In progress or failing');
    // Four servers and their system disks, copied while they are built: two rows and the offer
    // of the other six, in the widget's three rows.
    expect(within(attention).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(attention).getByRole('button', { name: 'Show 6 more' }));
    expect(within(attention).getAllByRole('listitem')).toHaveLength(8);
    // The keyboard goes on from the first of the six.
    const third = within(within(attention).getAllByRole('listitem')[2]!).getByRole('link');
    expect(third).toHaveFocus();
    for (const title of titles) {
      expect(within(attention).getByRole('link', { name: title })).toBeVisible();
    }
    expect(within(attention).queryByRole('button', { name: /more$/ })).not.toBeInTheDocument();
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
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(8);
    expect(within(entries[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `/audit-logs?event=${page.rows[0]!.cloud_event_id}`,
    );
    // As people write it ("Server created"), not the API's words ("create server").
    expect(within(activity).getAllByRole('link', { name: 'Server created' })).not.toHaveLength(0);
    for (const entry of entries)
      expect(within(entry).getByRole('link')).toHaveTextContent(/^[A-Z]/);
  });

  it('makes a run of sign-ins one line, so the changes before them still show', async () => {
    const session = await signInAs('demo');
    const title = uniqueName('before the sign-ins');
    await createStorageAs(session, { title });
    // More sign-ins than the widget has lines.
    for (let count = 0; count < 10; count += 1) await signInAs('demo');
    renderPage(<DashboardPage />, { session });
    const activity = await widget('Recent activity');
    const [first, second] = await within(activity).findAllByRole('listitem');
    expect(within(first!).getByRole('link')).toHaveTextContent(/^Signed in \d+ times$/);
    expect(first).toHaveTextContent(/by .+, last /);
    expect(within(second!).getByRole('link')).toHaveTextContent('Storage created');
  });

  it('shows a viewer no spend and sends no request the API refuses', async () => {
    const session = await signInAs('demo_viewer');
    const callsSince = markApiCalls();
    renderPage(<DashboardPage />, { session });
    const resources = await widget('Resources');
    expect(await within(resources).findByRole('link', { name: 'Storage' })).toBeVisible();
    expect(
      await within(await widget('Recent activity')).findAllByRole('listitem'),
    ).not.toHaveLength(0);
    // Its place, kept while the account is read, goes once the account has no credits.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Spend this month' })).not.toBeInTheDocument(),
    );
    const calls = callsSince();
    expect(calls.some((call) => call.path.includes('/billing'))).toBe(false);
    // Every widget it shows loaded: none was refused.
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });
});
