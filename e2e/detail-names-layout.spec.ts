import type { Locator } from '@playwright/test';
import { endpointPath } from '../contract/endpoint';
import { clusterSchema, kubernetesEndpoints } from '../contract/kubernetes';
import { networkEndpoints, networkListResponseSchema } from '../contract/network';
import { serverEndpoints } from '../contract/server';
import { storageEndpoints, storageListResponseSchema } from '../contract/storage';
import { phoneAndDesktop, hold, shifted, watchShifts } from './layout-watch';
import { expect, matchesEndpoint, test } from './support';
import type { Api } from './support';

test.use({ signedIn: 'demo' });

/** The boxes of the elements `locator` finds, from the top of `within`'s box. */
async function boxes(locator: Locator, within: Locator) {
  const top = await within.evaluate((container) => container.getBoundingClientRect().top);
  return locator.evaluateAll(
    (elements, from) =>
      elements.map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return [x, y - from, width, height];
      }),
    top,
  );
}

const serverList = matchesEndpoint(serverEndpoints.list);

for (const viewport of phoneAndDesktop) {
  test.describe('drawn in the browser', () => {
    // The server's page comes with the names (its reads wait for the server list), so only a page
    // the panel draws itself has rows before names (server-render.spec has the other side).
    test.use({ serverRender: false });
    test(`at ${viewport.width}×${viewport.height} the audit log's rows come before the names the server list lends them, which move nothing`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const release = await hold(page, serverList);
      // Only servers' starts: no row of the page records their names (their creations would).
      await page.goto('/audit-logs?action=start');
      const table = page.getByRole('table', { name: 'Audit log' });
      await expect(table.getByRole('row')).toHaveCount(4);
      await expect(table.getByText('web-1', { exact: true })).toHaveCount(0);
      await expect(table.getByText(/^[0-9a-f]{8}-/).first()).toBeVisible();
      const cells = table.locator('tr, th, td');
      const before = await boxes(cells, table);
      await watchShifts(page);
      release();
      const named = table.getByText('web-1', { exact: true });
      await expect(named).toBeVisible();
      expect(await boxes(cells, table)).toEqual(before);
      expect(await shifted(page)).toBe(0);
      // The whole name and the UUID it stands for are the cell's title.
      expect(await named.getAttribute('title')).toMatch(/^web-1\n[0-9a-f-]{36}$/);
      await expect(table.getByRole('button', { name: /^Copy the UUID / }).first()).toBeVisible();
    });
  });

  test(`at ${viewport.width}×${viewport.height} a storage's page comes before its server's name, which moves nothing`, async ({
    page,
    api,
  }) => {
    await page.setViewportSize(viewport);
    const disk = await storageTitled(api, 'web-1 OS');
    const release = await hold(page, serverList);
    await page.goto(`/storage/${disk}`);
    await expect(page.getByRole('heading', { level: 1, name: 'web-1 OS' })).toBeVisible();
    // The backup's title, which its own read lends, is in before anything is measured.
    await expect(page.getByRole('link', { name: 'web-1 OS before upgrade' })).toBeVisible();
    const attached = page.getByRole('region', { name: 'Attached servers' });
    const server = attached.getByRole('link');
    await expect(server).toHaveText(/^[0-9a-f]{8}-/);
    const main = page.getByRole('main');
    const parts = main.locator('h2, dd, li, p');
    const before = await boxes(parts, main);
    await watchShifts(page);
    release();
    await expect(attached.getByRole('link', { name: 'web-1', exact: true })).toHaveAttribute(
      'href',
      /^\/servers\/[0-9a-f-]{36}$/,
    );
    // web-1 runs, so its storage's partition may not be resized (the rule says so from the start).
    await expect(page.getByRole('button', { name: 'Resize partition' })).toBeDisabled();
    expect(await boxes(parts, main)).toEqual(before);
    expect(await shifted(page)).toBe(0);
    await expect(
      main.getByText('The partition can be resized while its server is stopped.'),
    ).toBeVisible();
  });

  test(`at ${viewport.width}×${viewport.height} a cluster's facts come before its network's name, which moves none of them`, async ({
    page,
    api,
  }) => {
    await page.setViewportSize(viewport);
    const { uuid, network } = await createCluster(api);
    const release = await hold(page, matchesEndpoint(networkEndpoints.get, { uuid: network }));
    await page.goto(`/kubernetes/${uuid}`);
    const facts = page.locator('dl');
    await expect(facts.getByText(network)).toBeVisible();
    // Measured from the facts' top: the page's description changes with the cluster's state.
    const terms = facts.locator('dt, dd, button');
    const before = await boxes(terms, facts);
    release();
    const named = facts.getByText('demo private network', { exact: true });
    await expect(named).toBeVisible();
    expect(await boxes(terms, facts)).toEqual(before);
    expect(await named.getAttribute('title')).toBe(`demo private network\n${network}`);
  });
}

async function storageTitled(api: Api, title: string) {
  const { storages } = await api.call(
    'GET',
    endpointPath(storageEndpoints.listOfAccess, { access: 'private' }),
    undefined,
    storageListResponseSchema,
  );
  return storages.storage.find((storage) => storage.title === title)!.uuid;
}

/** A cluster in de-fra1 on the demo private network, made the way a script would make it. */
async function createCluster(api: Api) {
  const { networks } = await api.call(
    'GET',
    endpointPath(networkEndpoints.list, {}, { zone: 'de-fra1' }),
    undefined,
    networkListResponseSchema,
  );
  const network = networks.network.find((item) => item.type === 'private')!;
  const cluster = await api.call(
    'POST',
    endpointPath(kubernetesEndpoints.create),
    {
      zone: 'de-fra1',
      name: `e2e-${Date.now().toString(36)}`,
      version: '1.31',
      network: network.uuid,
      network_cidr: network.ip_networks.ip_network[0]!.address,
      node_groups: [{ name: 'default', count: 1, plan: '2xCPU-4GB' }],
    },
    clusterSchema,
  );
  return { uuid: cluster.uuid, network: network.uuid };
}
