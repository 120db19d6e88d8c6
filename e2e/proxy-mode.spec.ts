import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { endpointPath } from '../contract/endpoint';
import { tokenEndpoints } from '../contract/tokens';
import { startUpstream, upstreamCredentials } from './proxy-upstream';
import type { Upstream } from './proxy-upstream';

/*
 * Proxy mode against real-shaped answers: server/main.ts forwards /1.3 to a replaying upstream
 * (e2e/proxy-upstream.ts) that answers from e2e/fixtures/real-api. Every page shows the
 * fixtures' values without an error alert, and no request is sent twice.
 */

const ids = {
  runningServer: '00b1c2d3-0000-4000-8000-00000000a001',
  stoppedServer: '00b1c2d3-0000-4000-8000-00000000a002',
  templateDisk: '01b1c2d3-0000-4000-8000-00000000b001',
  plainDisk: '01b1c2d3-0000-4000-8000-00000000b002',
  network: '03b1c2d3-0000-4000-8000-00000000c001',
  cluster: '0db1c2d3-0000-4000-8000-00000000e001',
  missingCluster: '0db1c2d3-0000-4000-8000-00000000e0ff',
};

/** A page of the panel and texts from the fixtures it must show. */
const pages: { path: string; heading: string | RegExp; shows: (string | RegExp)[] }[] = [
  { path: '/', heading: 'Dashboard', shows: [upstreamCredentials.username] },
  { path: '/servers', heading: 'Servers', shows: ['replay-web', 'replay-stopped'] },
  {
    path: `/servers/${ids.runningServer}`,
    heading: 'replay-web',
    shows: ['env=replay', '_os_brand_name=Debian'],
  },
  { path: `/servers/${ids.stoppedServer}`, heading: 'replay-stopped', shows: ['stopped'] },
  { path: '/storage', heading: 'Storage', shows: ['replay-web-disk', 'replay-stopped-disk'] },
  {
    path: `/storage/${ids.templateDisk}`,
    heading: 'replay-web-disk',
    shows: ['_os_brand_version=12'],
  },
  { path: `/storage/${ids.plainDisk}`, heading: 'replay-stopped-disk', shows: ['30 GiB'] },
  { path: '/ip-addresses', heading: 'IP addresses', shows: ['web.replay.example'] },
  { path: '/networks', heading: 'Networks', shows: ['replay-private'] },
  { path: '/routers', heading: 'Routers', shows: ['replay-router'] },
  { path: '/kubernetes', heading: 'Kubernetes', shows: ['replay-cluster'] },
  { path: `/kubernetes/${ids.cluster}`, heading: 'replay-cluster', shows: ['workers'] },
  { path: '/account', heading: 'Account', shows: ['USD', /\$123\.46/] },
  { path: '/subaccounts', heading: 'Subaccounts', shows: ['skydeck_proxy_ops'] },
  { path: '/partner', heading: 'Partner console', shows: ['replay_customer_one'] },
  { path: '/billing', heading: 'Billing', shows: ['USD'] },
  { path: `/billing/${ids.runningServer}`, heading: /replay-web|Resource billing/, shows: [] },
  { path: '/audit-logs', heading: 'Audit log', shows: [] },
  { path: '/tokens', heading: 'API tokens', shows: [] },
  { path: '/zones', heading: 'Zones', shows: ['Helsinki #2'] },
  { path: '/prices', heading: 'Prices', shows: [] },
  { path: '/network-usage', heading: 'Network usage', shows: [] },
  { path: '/device-availability', heading: 'Device availability', shows: [] },
  { path: '/network-peerings', heading: 'Network peerings', shows: [] },
  { path: `/networks/${ids.network}`, heading: 'replay-private', shows: ['172.16.8.0/24'] },
  { path: '/servers/new', heading: /Create/, shows: [] },
  { path: '/kubernetes/new', heading: /Create/, shows: [] },
];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let upstream: Upstream;
let panel: ChildProcess;
let baseURL: string;

test.beforeAll(async () => {
  upstream = await startUpstream();
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  panel = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      UPSTREAM_URL: upstream.url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Ready when it says so (server/main.ts prints its address once it listens).
  await new Promise<void>((resolve, reject) => {
    let output = '';
    panel.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Skydeck is running at')) resolve();
    });
    panel.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    panel.once('exit', (code) =>
      reject(new Error(`server/main.ts exited with ${code}: ${output}`)),
    );
  });
});

test.afterAll(async () => {
  panel?.kill();
  await upstream?.close();
});

test.use({ baseURL: undefined });

async function signIn(page: Page, how: 'token' | 'password') {
  // There is no sandbox behind a proxy: the sign-in page offers no demo accounts.
  const demoAccounts = page.waitForResponse((response) =>
    response.url().endsWith('/_sandbox/demo-accounts'),
  );
  await page.goto(`${baseURL}/sign-in`);
  expect((await demoAccounts).status()).toBe(404);
  await expect(page.getByText(/demo account/i)).toHaveCount(0);
  if (how === 'password') {
    await page.getByRole('button', { name: 'Username and password' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill(upstreamCredentials.username);
    await page.getByRole('textbox', { name: 'Password' }).fill(upstreamCredentials.password);
  } else {
    await page.getByRole('button', { name: 'API token' }).click();
    await page.getByRole('textbox', { name: 'API token' }).fill(upstreamCredentials.token);
  }
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** Opens a page in the signed-in app as a user would, through the address bar of this tab. */
async function open(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * The API requests the page sends, each under the step that was running when it left the browser.
 * A request the panel cancelled (its page was left before the answer came) is not counted: the
 * next page asking again for the same list is not a request sent twice.
 */
function apiRequests(page: Page) {
  const sent: { step: string; request: Request; cancelled: boolean }[] = [];
  const state = { step: '' };
  page.on('request', (request) => {
    // Every API request of whatever endpoint: the contract names endpoints, not their shared prefix.
    // eslint-disable-next-line no-restricted-syntax -- that prefix, on purpose
    if (new URL(request.url()).pathname.startsWith('/1.3/'))
      sent.push({ step: state.step, request, cancelled: false });
  });
  page.on('requestfailed', (request) => {
    const entry = sent.find((candidate) => candidate.request === request);
    if (entry) entry.cancelled = true;
  });
  return {
    state,
    /** `METHOD /path?query` of each request of `step` sent more than once. */
    repeatedIn(step: string): string[] {
      const seen = new Map<string, number>();
      for (const { step: sentIn, request, cancelled } of sent) {
        if (sentIn !== step || cancelled) continue;
        const url = new URL(request.url());
        const key = `${request.method()} ${url.pathname}${url.search}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      return [...seen].filter(([, count]) => count > 1).map(([key]) => key);
    },
  };
}

// Each sign-in opens every page, in two halves so that each test stays a short one.
const halves = [
  pages.slice(0, Math.ceil(pages.length / 2)),
  pages.slice(Math.ceil(pages.length / 2)),
];
for (const how of ['token', 'password'] as const) {
  for (const [half, list] of halves.entries()) {
    test(`every page shows the real API's answers, signed in by ${how} (part ${half + 1} of 2)`, async ({
      page,
    }) => {
      upstream.requests.length = 0;
      upstream.unmatched.length = 0;
      const requests = apiRequests(page);
      await signIn(page, how);
      for (const { path, heading, shows } of list) {
        await test.step(path, async () => {
          requests.state.step = path;
          await open(page, path);
          // Soft: one run reports every page that falls short.
          await expect.soft(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          for (const text of shows) await expect.soft(page.getByText(text).first()).toBeVisible();
          const alerts = await page.getByRole('alert').allTextContents();
          expect.soft(alerts, `alerts on ${path}`).toEqual([]);
          expect.soft(upstream.unmatched, `requests without a fixture on ${path}`).toEqual([]);
          upstream.unmatched.length = 0;
        });
      }
      // Counted at the end: a page's last requests may leave after its texts show.
      expect.soft(upstream.unmatched, 'requests without a fixture').toEqual([]);
      for (const step of ['', ...list.map(({ path }) => path)]) {
        expect
          .soft(requests.repeatedIn(step), `requests sent twice on ${step || 'sign-in'}`)
          .toEqual([]);
      }
      if (how === 'password') {
        const { method } = tokenEndpoints.create;
        expect(upstream.requests).toContain(`${method} ${endpointPath(tokenEndpoints.create)}`);
      }
    });
  }
}

test('a resize shows the backup the real API took first', async ({ page }) => {
  await signIn(page, 'token');
  await open(page, `/storage/${ids.plainDisk}`);
  await expect(page.getByRole('heading', { level: 1, name: 'replay-stopped-disk' })).toBeVisible();
  await page.getByRole('button', { name: 'Resize partition' }).click();
  const dialog = page.getByRole('dialog', { name: /Resize the partition/ });
  await dialog.getByRole('button', { name: 'Resize' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /The resize has started\. The backup Resize Backup was taken first\./,
  );
});

test('an RFC 7807 error from the upstream shows its code and message', async ({ page }) => {
  await signIn(page, 'token');
  await open(page, `/kubernetes/${ids.missingCluster}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Cluster was not found.');
  await expect(alert).toContainText('RESOURCE_NOT_FOUND');
  expect(upstream.requests.filter((r) => r.endsWith(ids.missingCluster))).toHaveLength(1);
});
