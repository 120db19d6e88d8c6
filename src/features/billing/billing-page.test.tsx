import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billingQueries, getBillingSummary } from '../../api/billing';
import { listCurrencies } from '../../api/currency';
import { request } from '../../api/http';
import { serverQueries } from '../../api/servers';
import { kubernetesQueries } from '../../api/kubernetes';
import { storageQueries } from '../../api/storage';
import { createDeletedStorageAs, createServerAs } from '../../testing/resources';
import { currentMonth } from '../../lib/billing-month';
import { formatMoney } from '../../lib/format';
import { renderApp, renderPage, signInAs, searchOf } from '../../testing/render';
import { billingGroups } from './billing-table';
import { BillingPage } from './billing-page';
import { loadBalancerEndpoints } from '../../../contract/load-balancer';
import { markApiCalls } from '../../testing/api-calls';
import { HoldBack } from '../../testing/hold-back';
import { apiAsUser } from '../../testing/tenant';
import { endpointPath } from '../../../contract/endpoint';
import { serverEndpoints } from '../../../contract/server';
import { storageEndpoints } from '../../../contract/storage';
import { kubernetesEndpoints } from '../../../contract/kubernetes';
import { networkEndpoints } from '../../../contract/network';
import { uniqueName } from '../../testing/render';

const month = currentMonth();
const totalRow = (table: HTMLElement) =>
  within(table).getByRole('rowheader', { name: 'Total for the month' }).closest('tr');

describe('billing page', () => {
  it('shows every row and the totals before the lists that title them answer, then the titles in place', async () => {
    const session = await signInAs('demo');
    const { queryClient } = renderPage(
      <HoldBack
        queryKeys={[serverQueries.lists(), storageQueries.lists(), kubernetesQueries.all()]}
      >
        <BillingPage />
      </HoldBack>,
      { session, path: `/billing?month=${month}` },
    );
    const table = await screen.findByRole('table', { name: 'Billing by resource' });
    const summary = await queryClient.fetchQuery(billingQueries.summary(month));
    expect(totalRow(table)).toHaveTextContent(formatMoney(summary.total_amount, 'EUR'));
    // Every billed resource has its row, linked to its own bill by its UUID until a list names it.
    const shown = within(table)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    const billed = billingGroups(summary).flatMap(({ group }) =>
      group.resources.map(({ resource_id: id }) => [id, `/billing/${id}?month=${month}`]),
    );
    expect(billed.length).toBeGreaterThan(0);
    expect(shown).toEqual(billed);

    // The server list answers: the seeded web-1 (billed this month) is named in its row.
    const servers = await queryClient.fetchQuery(serverQueries.list());
    const web1 = servers.find((server) => server.title === 'web-1');
    const named = await within(table).findByRole('link', { name: 'web-1' });
    expect(named).toHaveAttribute('href', `/billing/${web1?.uuid}?month=${month}`);
    expect(named.closest('tr')).toHaveTextContent(web1?.uuid ?? 'web-1’s UUID');
    // The storages, whose list has not answered, are still named by their UUIDs.
    for (const { resource_id: id } of summary.storages?.storage?.resources ?? []) {
      expect(within(table).getByRole('link', { name: id })).toBeVisible();
    }
  });

  it('shows the API’s group and month totals for the month in the URL', async () => {
    const { queryClient } = renderPage(<BillingPage />, {
      session: await signInAs('demo'),
      path: `/billing?month=${month}`,
    });
    const table = await screen.findByRole('table', { name: 'Billing by resource' });
    // The summary the page shows (cached), so an hour passing in between cannot change it.
    const summary = await queryClient.fetchQuery(billingQueries.summary(month));
    const fresh = await getBillingSummary(month);
    expect(fresh.currency).toBe(summary.currency);
    const groups = billingGroups(summary);
    expect(groups.length).toBeGreaterThan(0);

    expect(totalRow(table)).toHaveTextContent(formatMoney(summary.total_amount, 'EUR'));
    for (const { label, group } of groups) {
      const header = within(table).getByRole('rowheader', {
        name: `${label} (${group.resources.length})`,
      });
      expect(header.closest('tr')).toHaveTextContent(formatMoney(group.total_amount, 'EUR'));
      // Every resource of the group has a row, linking to its own bill for the month.
      const links = within(table)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      for (const resource of group.resources) {
        expect(links).toContain(`/billing/${resource.resource_id}?month=${month}`);
      }
    }
    // The month's total is the groups' totals (each rounded by the API) added up.
    const sum = groups.reduce((total, { group }) => total + group.total_amount, 0);
    expect(Math.abs(sum - summary.total_amount)).toBeLessThan(0.0001 * groups.length);
  });

  it('lists a load balancer under its category’s name, in the month’s total', async () => {
    const session = await signInAs('demo');
    const name = `billed-${Math.random().toString(36).slice(2, 8)}`;
    const networks = [{ name: 'public', type: 'public', family: 'IPv4' }];
    // No frontend or backend: the service bills by its plan all the same.
    const service = { name, plan: 'development', zone: 'de-fra1', networks };
    const { create, delete: remove } = loadBalancerEndpoints;
    const lb = await request(endpointPath(create), create.response, {
      method: create.method,
      body: {
        ...service,
        configured_status: 'started',
        frontends: [],
        backends: [],
        resolvers: [],
      },
    });
    try {
      const { queryClient } = renderPage(<BillingPage />, {
        session,
        path: `/billing?month=${month}`,
      });
      const table = await screen.findByRole('table', { name: 'Billing by resource' });
      const summary = await queryClient.fetchQuery(billingQueries.summary(month));
      const group = summary.managed_loadbalancers?.managed_loadbalancers;
      expect(group?.resources.map((resource) => resource.resource_id)).toContain(lb.uuid);
      const header = within(table).getByRole('rowheader', {
        name: `Load balancers (${group?.resources.length})`,
      });
      expect(header.closest('tr')).toHaveTextContent(formatMoney(group?.total_amount ?? 0, 'EUR'));
      expect(within(table).getByRole('link', { name: lb.uuid })).toHaveAttribute(
        'href',
        `/billing/${lb.uuid}?month=${month}`,
      );
      // The month's total is every group's total added up, the load balancers' too.
      const groups = billingGroups(summary);
      const sum = groups.reduce((total, item) => total + item.group.total_amount, 0);
      expect(Math.abs(sum - summary.total_amount)).toBeLessThan(0.0001 * groups.length);
      expect(totalRow(table)).toHaveTextContent(formatMoney(summary.total_amount, 'EUR'));
      expect(
        await screen.findByRole('img', { name: /^Costs by category/ }),
      ).toHaveAccessibleDescription(/ load balancers/);
    } finally {
      await request(endpointPath(remove, { uuid: lb.uuid }), null, {
        method: remove.method,
      });
    }
  });

  it('shows a new server that was never changed at its one configuration, in words', async () => {
    const session = await signInAs('demo');
    const title = uniqueName('licensed');
    // A licensed image: attaching its disk after the server is written must not count as a change.
    const api = apiAsUser(session);
    const { listOfTypeAndAccess } = storageEndpoints;
    const templates = await api.call(
      listOfTypeAndAccess.method,
      endpointPath(listOfTypeAndAccess, { type: 'template', access: 'public' }, { limit: 100 }),
      undefined,
      listOfTypeAndAccess.response,
    );
    const licensed = templates.storages.storage.find(
      (storage) => storage.zone === 'de-fra1' && storage.license > 0,
    );
    const server = await createServerAs(session, {
      title,
      // No plan: a custom server, which the bill words by its cores and memory.
      plan: undefined,
      storage_devices: {
        storage_device: [
          { action: 'clone', storage: licensed?.uuid, size: 30, title: `${title} OS` },
          { action: 'create', size: 10, title: `${title} data` },
        ],
      },
    });
    renderPage(<BillingPage />, { session, path: `/billing?month=${month}` });
    const table = await screen.findByRole('table', { name: 'Billing by resource' });
    const row = (await within(table).findByRole('link', { name: title })).closest('tr');
    expect(row).toHaveTextContent(server.uuid);
    expect(row).toHaveTextContent('1 core, 1 GiB + licence');
    expect(row).not.toHaveTextContent('→');
    expect(row).not.toHaveTextContent(/change/);
  });

  it('says what changed in a server’s stretches: a paid extra by name, the same configuration not twice', async () => {
    const session = await signInAs('demo');
    const title = uniqueName('extras');
    const api = apiAsUser(session);
    const server = await createServerAs(session, {
      title,
      // No plan: a custom server, which the bill words by its cores and memory.
      plan: undefined,
      simple_backup: '0430,dailies',
      storage_devices: {
        storage_device: [{ action: 'create', size: 10, title: `${title} OS` }],
      },
    });
    const modify = (change: object) =>
      api.call(
        serverEndpoints.modify.method,
        endpointPath(serverEndpoints.modify, { uuid: server.uuid }),
        { server: change },
        serverEndpoints.modify.response,
      );
    // Each starts a stretch: the firewall is priced on its own; another backup plan is a price
    // the configuration does not say.
    await modify({ firewall: 'on' });
    await modify({ simple_backup: '0430,weeklies' });
    renderPage(<BillingPage />, { session, path: `/billing?month=${month}` });
    const table = await screen.findByRole('table', { name: 'Billing by resource' });
    const row = (await within(table).findByRole('link', { name: title })).closest('tr');
    expect(row).toHaveTextContent(
      '1 core, 1 GiB + simple backups → 1 core, 1 GiB + firewall + simple backups (2 changes)',
    );
  });

  it('converts every amount with the rates of GET /1.3/currency', async () => {
    const { user, location, queryClient } = renderPage(<BillingPage />, {
      session: await signInAs('demo'),
      path: `/billing?month=${month}`,
    });
    const table = await screen.findByRole('table', { name: 'Billing by resource' });
    const [summary, rates] = await Promise.all([
      queryClient.fetchQuery(billingQueries.summary(month)),
      listCurrencies(),
    ]);
    const eur = rates.find((rate) => rate.code === 'EUR')?.rate ?? 0;
    const usd = rates.find((rate) => rate.code === 'USD')?.rate ?? 0;
    expect(usd).not.toBe(eur);

    // The pickers come a moment after the table (billing-controls.tsx).
    await user.click(await screen.findByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'USD' }));

    const converted = formatMoney((summary.total_amount / eur) * usd, 'USD');
    await waitFor(() => expect(totalRow(table)).toHaveTextContent(converted));
    expect(searchOf(location).get('currency')).toBe('USD');
    expect(screen.getByText('Converted from EUR')).toBeVisible();
  });

  it('offers the chart’s numbers as a table', async () => {
    const { user, queryClient } = renderPage(<BillingPage />, {
      session: await signInAs('demo'),
      path: `/billing?month=${month}`,
    });
    const chart = await screen.findByRole('img', { name: /^Costs by category/ });
    expect(chart).toHaveAccessibleDescription(/Stacked monthly costs in EUR/);
    await user.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: /^Costs by category/ });
    const summary = await queryClient.fetchQuery(billingQueries.summary(month));
    const servers = summary.servers?.server?.total_amount ?? 0;
    const rows = within(table).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent(
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(servers),
    );
  });

  it('tells a user without the billing role so, instead of an error', async () => {
    renderPage(<BillingPage />, { session: await signInAs('demo_viewer') });
    expect(await screen.findByText('No billing permission')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Billing by resource' })).not.toBeInTheDocument();
  });

  it('asks once without the billing role: one refused request, one message (issue 24 item 15)', async () => {
    const session = await signInAs('demo_viewer');
    const callsSince = markApiCalls();
    const { queryClient } = renderPage(<BillingPage />, { session });
    expect(await screen.findByText('No billing permission')).toBeVisible();
    // Counted once nothing is being read: a request asked again (a retry, a read on mount) would
    // still be under way, or counted.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const billing = callsSince((path) => path.includes('/billing'));
    expect(billing).toHaveLength(1);
    expect(screen.getAllByText('No billing permission')).toHaveLength(1);
  });

  it('asks once when the whole app opens on the bill without the billing role', async () => {
    const session = await signInAs('demo_viewer');
    const callsSince = markApiCalls();
    // The first page's reads leave before it mounts: the refused one is not asked again on mount.
    renderApp({ session, path: `/billing?month=${month}` });
    expect(await screen.findByText('No billing permission', {}, { timeout: 8000 })).toBeVisible();
    expect(callsSince((path) => path.includes('/billing/summary'))).toHaveLength(1);
  });

  it('drills into one resource’s daily costs', async () => {
    const session = await signInAs('demo');
    const { user, queryClient } = renderApp({ session, path: `/billing?month=${month}` });
    const table = await screen.findByRole(
      'table',
      { name: 'Billing by resource' },
      { timeout: 8000 },
    );
    const summary = await queryClient.fetchQuery(billingQueries.summary(month));
    // Other tests share the sandbox, creating and deleting servers meanwhile: the seeded web-1 is
    // neither, so the page knows its title.
    const web1 = (await queryClient.fetchQuery(serverQueries.list())).find(
      (item) => item.title === 'web-1',
    );
    const server = summary.servers?.server?.resources.find(
      (item) => item.resource_id === web1?.uuid,
    );
    expect(server).toBeDefined();
    // Existing resources are named by their title (once the server list has come), the id beside it.
    const id = server?.resource_id ?? '';
    const link = await waitFor(() => {
      const cell = within(table).getByText(id).closest('th') as HTMLElement;
      const anchor = within(cell).getByRole('link');
      expect(anchor).not.toHaveTextContent(id);
      return anchor;
    });
    await user.click(link);

    const heading = await screen.findByRole('heading', { level: 1, name: /^Billing of / });
    expect(heading).toBeVisible();
    const details = await screen.findByRole('region', { name: 'Summary' });
    // The summary names the resource; its UUID is on hover and behind the copy button.
    expect(within(details).getByText('web-1')).toHaveAttribute('title', id);
    expect(within(details).getByRole('button', { name: `Copy the UUID ${id}` })).toBeVisible();
    expect(within(details).getByText(formatMoney(server?.amount ?? 0, 'EUR'))).toBeVisible();
    expect(screen.getByRole('img', { name: 'Daily costs' })).toBeVisible();
  });

  it('keeps the chosen currency in the drill-down and back (issue 24 item 3)', async () => {
    const session = await signInAs('demo');
    const { user, location } = renderApp({ session, path: `/billing?month=${month}&currency=USD` });
    const table = await screen.findByRole(
      'table',
      { name: 'Billing by resource' },
      { timeout: 8000 },
    );
    const [first] = within(table)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/billing/'));
    expect(first).toHaveAttribute('href', expect.stringContaining('currency=USD'));
    await user.click(first!);
    await screen.findByRole('heading', { level: 1, name: /^Billing of / });
    expect(searchOf(location).get('currency')).toBe('USD');
    expect(await screen.findByRole('combobox', { name: 'Currency' })).toHaveTextContent('USD');
    expect(screen.getByRole('link', { name: 'Back to the month’s bill' })).toHaveAttribute(
      'href',
      `/billing?month=${month}&currency=USD`,
    );
  });

  it('does not offer a month that has not begun (issue 24 item 3)', async () => {
    const [year] = month.split('-').map(Number) as [number];
    const { location } = renderPage(<BillingPage />, {
      session: await signInAs('demo'),
      path: `/billing?month=${year + 1}-01`,
    });
    const field = await screen.findByLabelText('Month');
    // A future month in the URL shows this month's bill, which the API answers.
    expect(field).toHaveValue(month);
    expect(field).toHaveAttribute('max', month);
    await screen.findByRole('table', { name: 'Billing by resource' });
    fireEvent.change(field, { target: { value: `${year + 1}-03` } });
    expect(location.current?.search).not.toContain(`${year + 1}-03`);
    // A past month typed the same way is taken.
    fireEvent.change(field, { target: { value: '2025-06' } });
    await waitFor(() => expect(searchOf(location).get('month')).toBe('2025-06'));
  });
});

describe('Kubernetes worker nodes in the bill', () => {
  it('names each node by its cluster and its own name, its UUID beside them', async () => {
    const session = await signInAs('demo');
    const api = apiAsUser(session);
    const networks = await api.call(
      networkEndpoints.list.method,
      endpointPath(networkEndpoints.list, {}, { zone: 'de-fra1' }),
      undefined,
      networkEndpoints.list.response,
    );
    const network = networks.networks.network.find((item) => item.type === 'private');
    const cluster = await api.call(
      kubernetesEndpoints.create.method,
      endpointPath(kubernetesEndpoints.create),
      {
        name: uniqueName('billed', '-'),
        zone: 'de-fra1',
        network: network?.uuid,
        network_cidr: network?.ip_networks.ip_network[0]?.address,
        version: '1.31',
        node_groups: [{ name: 'workers', count: 2, plan: '2xCPU-4GB' }],
      },
      kubernetesEndpoints.create.response,
    );
    const { queryClient } = renderPage(<BillingPage />, {
      session,
      path: `/billing?month=${month}`,
    });
    const table = await screen.findByRole('table', { name: 'Billing by resource' });
    const summary = await queryClient.fetchQuery(billingQueries.summary(month));
    const billed = summary.managed_kubernetes?.managed_kubernetes?.resources ?? [];
    expect(billed.length).toBeGreaterThan(0);
    const group = await queryClient.fetchQuery(
      kubernetesQueries.nodeGroup(cluster.uuid, 'workers'),
    );
    const node = group.nodes.find((item) => billed.some((line) => line.resource_id === item.uuid));
    const link = await within(table).findByRole('link', {
      name: `${cluster.name} · ${node?.name}`,
    });
    expect(link).toHaveAttribute('href', `/billing/${node?.uuid}?month=${month}`);
    expect(link.closest('tr')).toHaveTextContent(node?.uuid ?? 'the node’s UUID');
  });
});

describe('lines a plan includes', () => {
  it('says which plan includes a line at no cost, in the month’s table', async () => {
    const session = await signInAs('demo');
    const { queryClient } = renderPage(<BillingPage />, {
      session,
      path: `/billing?month=${month}`,
    });
    const table = await screen.findByRole('table', { name: 'Billing by resource' });
    const servers = await queryClient.fetchQuery(serverQueries.list());
    const web1 = await queryClient.fetchQuery(
      serverQueries.detail(servers.find((server) => server.title === 'web-1')?.uuid ?? ''),
    );
    const address = web1.ip_addresses.ip_address.find(
      (item) => item.access === 'public' && item.family === 'IPv4',
    );
    // web-1's plan includes its first disk and its public IPv4 address: both cost €0.00.
    const disk = (await within(table).findByRole('link', { name: 'web-1 OS' })).closest('tr');
    await waitFor(() => expect(disk).toHaveTextContent('Included in web-1’s plan'));
    expect(disk).toHaveTextContent(formatMoney(0, 'EUR'));
    const ip = within(table)
      .getByRole('link', { name: address?.address ?? 'web-1’s address' })
      .closest('tr');
    await waitFor(() => expect(ip).toHaveTextContent('Included in web-1’s plan'));
    // A disk paid for on its own says nothing of the kind.
    expect(
      within(table).getByRole('link', { name: 'db-1 data' }).closest('tr'),
    ).not.toHaveTextContent('Included');
  });

  it('says so in the drill-down of a plan’s disk instead of “not billed”', async () => {
    const session = await signInAs('demo');
    const { listOfAccess } = storageEndpoints;
    const storages = await apiAsUser(session).call(
      listOfAccess.method,
      endpointPath(listOfAccess, { access: 'private' }, { limit: 100 }),
      undefined,
      listOfAccess.response,
    );
    const disk = storages.storages.storage.find((storage) => storage.title === 'web-1 OS');
    renderApp({ session, path: `/billing/${disk?.uuid}?month=${month}` });
    const details = await screen.findByRole('region', { name: 'Summary' });
    expect(within(details).getByText(formatMoney(0, 'EUR'))).toBeVisible();
    expect(await screen.findByText('Included in web-1’s plan.')).toBeVisible();
    expect(screen.queryByText(/was not billed/)).not.toBeInTheDocument();
  });
});

describe('billing drill-down summary names (issue 24 item 20)', () => {
  it('names a deleted resource by its bill, its UUID on hover and copy', async () => {
    const session = await signInAs('demo');
    const disk = await createDeletedStorageAs(session, 'billed-then-deleted');
    const { user } = renderApp({ session, path: `/billing/${disk.uuid}?month=${month}` });
    const details = await screen.findByRole('region', { name: 'Summary' });
    expect(within(details).getByText('billed-then-deleted')).toHaveAttribute('title', disk.uuid);
    await user.click(within(details).getByRole('button', { name: `Copy the UUID ${disk.uuid}` }));
    expect(await navigator.clipboard.readText()).toBe(disk.uuid);
  });
});
