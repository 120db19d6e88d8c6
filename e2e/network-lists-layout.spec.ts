import { endpointPath } from '../contract/endpoint';
import { networkPeeringEndpoints } from '../contract/network-peering';
import {
  networkEndpoints,
  networkListResponseSchema,
  networkResponseSchema,
} from '../contract/network';
import { routerEndpoints, routerResponseSchema } from '../contract/router';
import { serverEndpoints, serverListResponseSchema } from '../contract/server';
import { resourceNetworkUsageResponseSchema, usageEndpoints } from '../contract/usage';
import type { Api } from './support';
import { phoneAndDesktop, hold, shifted, tableLayout, watchShifts } from './layout-watch';
import { expect, matchesEndpoint, test, unique } from './support';

test.use({ signedIn: 'demo' });

/**
 * The network pages' lists name other resources (a network's router, a router's networks, a
 * peering's networks, an address's server, a top user of the network) from another list that
 * only decorates their rows. The rows come without it, and its answer moves nothing: the model is
 * billing-layout.spec.ts.
 */

interface Named {
  uuid: string;
  name: string;
}

/** A router of the tenant, with a name longer than a UUID so that a cell has to hold it. */
async function createRouter(api: Api, prefix: string): Promise<Named> {
  const { router } = await api.call(
    'POST',
    endpointPath(routerEndpoints.create),
    { router: { name: unique(`${prefix} router of the e2e layout test, named at length`) } },
    routerResponseSchema,
  );
  return router;
}

/** A private network in de-fra1 on `block`, attached to `router`. */
async function createNetwork(api: Api, block: string, router: string): Promise<Named> {
  const { network } = await api.call(
    'POST',
    endpointPath(networkEndpoints.create),
    {
      network: {
        name: unique(`e2e layout network ${block}, named at length`),
        zone: 'de-fra1',
        router,
        ip_networks: { ip_network: [{ address: block, family: 'IPv4', dhcp: 'yes' }] },
      },
    },
    networkResponseSchema,
  );
  return network;
}

/** The servers of the tenant, each named by its title. */
async function listServers(api: Api): Promise<Named[]> {
  const { servers } = await api.call(
    'GET',
    endpointPath(serverEndpoints.list),
    undefined,
    serverListResponseSchema,
  );
  return servers.server.map(({ uuid, title }) => ({ uuid, name: title }));
}

const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** The network usage page's range, spelled out so that the test reads the same days. */
const lastWeek = { from: day(6), to: day(0) };

/** One page's list, the list that decorates it, and the names that list brings. */
interface Scenario {
  path: string;
  table: string;
  decoration: (url: URL) => boolean;
  /** Makes the tenant's data; returns the names the decoration brings and the UUIDs they name. */
  setUp: (api: Api) => Promise<Named[]>;
}

const scenarios: Record<string, Scenario> = {
  'the networks’ routers': {
    path: '/networks',
    table: 'Networks',
    decoration: matchesEndpoint(routerEndpoints.list),
    setUp: async (api) => {
      const router = await createRouter(api, 'networks');
      await createNetwork(api, '172.16.31.0/24', router.uuid);
      return [router];
    },
  },
  'the routers’ networks': {
    path: '/routers',
    table: 'Routers',
    decoration: matchesEndpoint(networkEndpoints.list),
    setUp: async (api) => {
      const router = await createRouter(api, 'routers');
      return [
        await createNetwork(api, '172.16.32.0/24', router.uuid),
        await createNetwork(api, '172.16.33.0/24', router.uuid),
      ];
    },
  },
  'the peerings’ networks': {
    path: '/network-peerings',
    table: 'Network peerings',
    decoration: matchesEndpoint(networkEndpoints.list),
    setUp: async (api) => {
      const { networks } = await api.call(
        'GET',
        endpointPath(networkEndpoints.list),
        undefined,
        networkListResponseSchema,
      );
      const own = networks.network.find(({ name }) => name === 'demo private network')!;
      const peer = await createNetwork(
        api,
        '172.16.34.0/24',
        (await createRouter(api, 'peerings')).uuid,
      );
      await api.call('POST', endpointPath(networkPeeringEndpoints.create), {
        network_peering: {
          name: unique('e2e layout peering'),
          network: { uuid: own.uuid },
          peer_network: { uuid: peer.uuid },
        },
      });
      return [own, peer];
    },
  },
  'the addresses’ servers': {
    path: '/ip-addresses',
    table: 'IP addresses',
    decoration: matchesEndpoint(serverEndpoints.list),
    setUp: listServers,
  },
  'the top users of the network': {
    path: `/network-usage?from=${lastWeek.from}&to=${lastWeek.to}`,
    table: 'Top usage',
    decoration: matchesEndpoint(serverEndpoints.list),
    setUp: async (api) => {
      const { stats } = await api.call(
        'GET',
        endpointPath(
          usageEndpoints.networkTopUsage,
          {},
          { from: `${lastWeek.from}T00:00:00Z`, to: `${lastWeek.to}T23:59:59Z` },
        ),
        undefined,
        resourceNetworkUsageResponseSchema,
      );
      const top = new Set(stats.stat.map((stat) => stat.resource_id));
      return (await listServers(api)).filter(({ uuid }) => top.has(uuid));
    },
  },
};

for (const [subject, { path, table: label, decoration, setUp }] of Object.entries(scenarios)) {
  for (const viewport of phoneAndDesktop) {
    test(`at ${viewport.width}×${viewport.height} ${path} shows its rows before ${subject}’ names, which move nothing`, async ({
      page,
      api,
    }) => {
      const named = await setUp(api);
      expect(named.length).toBeGreaterThan(0);
      await page.setViewportSize(viewport);
      const release = await hold(page, decoration);
      await page.goto(path);
      const table = page.getByRole('table', { name: label });
      // The decoration has not answered: each resource it names is in its row, by its UUID.
      for (const { uuid, name } of named) {
        await expect(table.getByText(uuid, { exact: true }).first()).toBeAttached();
        await expect(table.getByText(name, { exact: true })).toHaveCount(0);
      }
      const before = await tableLayout(page, label);
      await watchShifts(page);
      release();
      for (const { name } of named) {
        await expect(table.getByText(name, { exact: true }).first()).toBeVisible();
      }
      expect(await tableLayout(page, label)).toEqual(before);
      expect(await shifted(page)).toBe(0);
    });
  }
}

test('network usage asks for the servers’ names without waiting for top usage', async ({
  page,
}) => {
  const releaseTop = await hold(page, matchesEndpoint(usageEndpoints.networkTopUsage));
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(scenarios['the top users of the network']!.path);
  await expect(page.getByRole('heading', { level: 1, name: 'Network usage' })).toBeVisible();
  // Top usage has not answered (it cannot before `releaseTop`): the server list is asked for all
  // the same.
  await expect.poll(() => asked).toContain(endpointPath(serverEndpoints.list));
  releaseTop();
  await expect(page.getByRole('table', { name: 'Top usage' })).toBeVisible();
});

test('a network list that fails leaves the routers’ rows, their networks linked by UUID', async ({
  page,
  api,
}) => {
  const networks = await scenarios['the routers’ networks']!.setUp(api);
  // The list fails for this page alone, as a proxy's 500 would (billing-layout.spec.ts says why
  // not the sandbox's fault switch).
  await page.route(matchesEndpoint(networkEndpoints.list), (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { error_code: 'SERVICE_ERROR', error_message: 'A temporary problem.' },
      }),
    }),
  );
  await page.goto('/routers');
  const table = page.getByRole('table', { name: 'Routers' });
  for (const { uuid } of networks) {
    await expect(table.getByRole('link', { name: uuid })).toHaveAttribute(
      'href',
      `/networks/${uuid}`,
    );
  }
});
