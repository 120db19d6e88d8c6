import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { endpointPath } from '../contract/endpoint';
import { clusterSchema, kubernetesEndpoints } from '../contract/kubernetes';
import { networkEndpoints, networkListResponseSchema } from '../contract/network';
import type { Api } from './support';
import { choose, expect, expectNoAxeViolations, openSelect, test } from './support';

test.use({ signedIn: 'demo' });

/** Downloads through the dialog's Download button and returns the parsed YAML file. */
async function downloadKubeconfig(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Kubeconfig' })).toHaveValue(/apiVersion: v1/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  const text = await fs.readFile((await download.path())!, 'utf8');
  return {
    name: download.suggestedFilename(),
    text,
    config: parse(text) as Record<string, unknown>,
  };
}

/** A cluster in de-fra1 on the demo private network, made the way a script would make it. */
async function createCluster(api: Api, cluster: Record<string, unknown>) {
  const networks = await api.call(
    'GET',
    endpointPath(networkEndpoints.list, {}, { zone: 'de-fra1' }),
    undefined,
    networkListResponseSchema,
  );
  const network = networks.networks.network.find((item) => item.type === 'private')!;
  return api.call(
    'POST',
    endpointPath(kubernetesEndpoints.create),
    {
      zone: 'de-fra1',
      network: network.uuid,
      network_cidr: network.ip_networks.ip_network[0]!.address,
      ...cluster,
    },
    clusterSchema,
  );
}

const authenticationConfiguration = `apiVersion: apiserver.config.k8s.io/v1
kind: AuthenticationConfiguration
jwt:
  - issuer:
      url: https://login.example.com
      audiences: [kubernetes, kubectl]
      audienceMatchPolicy: MatchAny
    claimMappings:
      username:
        claim: email
        prefix: "oidc:"
      groups:
        claim: groups
        prefix: "oidc:"
`;

test('create a cluster with two node groups and watch it run', async ({ page }) => {
  const name = `e2e-${Date.now().toString(36)}`;
  await page.getByRole('navigation').getByRole('link', { name: 'Kubernetes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kubernetes' })).toBeVisible();
  await page.getByRole('link', { name: 'Create cluster' }).first().click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Create Kubernetes cluster' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Cluster name' }).fill(name);
  await choose(page, 'Zone', /de-fra1/);
  await choose(page, 'Private network', /demo private network/);
  await choose(page, 'Kubernetes version', /^1\.31/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('button', { name: 'Add node group' }).click();
  await page.getByRole('textbox', { name: 'Name of node group 2' }).fill('batch');
  await page.getByRole('textbox', { name: 'Nodes in group 2' }).fill('1');
  await choose(page, 'Server plan of group 2', /^4xCPU-8GB/);
  const preview = page.getByRole('region', { name: 'Cost preview' });
  await expect(preview).toContainText('batch: 1 × 4xCPU-8GB');
  await expect(preview).toContainText(/per month \(730 hours\)/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('default: 2 × 2xCPU-4GB; batch: 1 × 4xCPU-8GB')).toBeVisible();
  await page.getByRole('button', { name: 'Create cluster' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview).toContainText('pending');
  await expect(overview).toContainText('running', { timeout: 30_000 });
  const batch = page.getByRole('region', { name: 'batch' });
  await expect(batch.getByRole('table', { name: 'Nodes of batch' })).toContainText('running');
  await expectNoAxeViolations(page);
});

// The cluster the wizard makes above, made through the API: what follows is about a running
// cluster, not about the wizard.
test('scale, add a node group, upgrade, import OIDC issuers and download both kubeconfigs', async ({
  page,
  api,
}) => {
  const { name, uuid } = await createCluster(api, {
    name: `e2e-${Date.now().toString(36)}`,
    version: '1.31',
    node_groups: [
      { name: 'default', count: 2, plan: '2xCPU-4GB' },
      { name: 'batch', count: 1, plan: '4xCPU-8GB' },
    ],
  });
  await page.goto(`/kubernetes/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview).toContainText('running', { timeout: 30_000 });

  // Scale the default group from 2 to 3 nodes.
  await page.getByRole('button', { name: 'Scale default' }).click();
  const scale = page.getByRole('dialog', { name: 'Scale node group default' });
  await scale.getByRole('textbox', { name: 'Number of nodes' }).fill('3');
  await scale.getByRole('button', { name: 'Scale' }).click();
  const defaultGroup = page.getByRole('region', { name: 'default' });
  await expect(defaultGroup).toContainText('3 nodes');
  const defaultNodes = defaultGroup.getByRole('table', { name: 'Nodes of default' });
  await expect(defaultNodes.getByRole('rowheader')).toHaveCount(3);
  await expect(defaultNodes.getByText('running')).toHaveCount(3, { timeout: 20_000 });

  // Add a third node group to the running cluster.
  await page.getByRole('button', { name: 'Add node group' }).click();
  const add = page.getByRole('dialog', { name: `Add a node group to ${name}` });
  await add.getByRole('textbox', { name: 'Node group name' }).fill('batch');
  await add.getByRole('button', { name: 'Add node group' }).click();
  await expect(add.getByText(/already has a node group named batch/)).toBeVisible();
  await add.getByRole('textbox', { name: 'Node group name' }).fill('extra');
  await add.getByRole('textbox', { name: 'Number of nodes' }).fill('1');
  await add.getByRole('button', { name: 'Add node group' }).click();
  const extra = page.getByRole('region', { name: 'extra' });
  await expect(extra.getByRole('table', { name: 'Nodes of extra' })).toContainText('running', {
    timeout: 20_000,
  });

  // Upgrade: only the next minor version is offered.
  await page.getByRole('button', { name: 'Upgrade' }).click();
  const upgrade = page.getByRole('dialog', { name: `Upgrade ${name}` });
  const versions = await openSelect(upgrade, 'Upgrade to');
  await expect(versions.getByRole('option')).toHaveText(['1.32']);
  await versions.getByRole('option', { name: '1.32' }).click();
  await upgrade.getByRole('button', { name: 'Upgrade' }).click();
  await expect(overview).toContainText('upgrading');
  await expect(overview).toContainText('1.32', { timeout: 30_000 });
  await expect(overview).toContainText('running');

  // The administrator kubeconfig.
  await page.getByRole('button', { name: 'Kubeconfig' }).click();
  const admin = await downloadKubeconfig(page);
  expect(admin.name).toBe(`${name}-kubeconfig.yaml`);
  expect(admin.config).toMatchObject({ kind: 'Config', clusters: [{ name }] });
  await page.getByRole('button', { name: 'Close' }).click();

  // OIDC: import a configuration, seeing the difference first.
  await page.getByRole('link', { name: 'OIDC authentication' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `OIDC authentication of ${name}` }),
  ).toBeVisible();
  await expect(page.getByText('No OIDC issuers')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Import YAML' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import an AuthenticationConfiguration' });
  await importDialog
    .getByRole('textbox', { name: 'AuthenticationConfiguration YAML' })
    .fill(authenticationConfiguration);
  await importDialog.getByRole('button', { name: 'Show changes' }).click();
  const changes = importDialog.getByRole('table', { name: 'Changes the import makes' });
  await expect(changes.getByRole('row', { name: /login-example-com Added/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await importDialog.getByRole('button', { name: 'Replace all issuers' }).click();
  const issuers = page.getByRole('table', { name: 'OIDC issuers' });
  await expect(issuers.getByRole('rowheader', { name: 'login-example-com' })).toBeVisible();

  // The per-issuer kubeconfig, for the second audience.
  await issuers.getByRole('button', { name: 'Kubeconfig for login-example-com' }).click();
  await choose(page, 'Audience (OIDC client ID)', 'kubectl');
  await expect(page.getByRole('textbox', { name: 'Kubeconfig' })).toHaveValue(
    /--oidc-client-id=kubectl/,
  );
  const oidc = await downloadKubeconfig(page);
  expect(oidc.config).toMatchObject({
    kind: 'Config',
    users: [
      {
        user: {
          exec: {
            command: 'kubectl',
            args: [
              'oidc-login',
              'get-token',
              '--oidc-issuer-url=https://login.example.com',
              '--oidc-client-id=kubectl',
            ],
          },
        },
      },
    ],
  });
  expect(oidc.text).toContain('--oidc-client-secret');
  expect(oidc.text).not.toContain('client-key-data');
});

test('cluster details, dialogs and the OIDC page have no axe violations in the dark theme', async ({
  page,
  api,
}) => {
  const cluster = await createCluster(api, {
    name: `dark-${Date.now().toString(36)}`,
    version: '1.33',
    node_groups: [
      { name: 'default', count: 1, plan: '1xCPU-2GB', labels: [{ key: 'a', value: 'b' }] },
    ],
    authentication: [{ name: 'corp', issuer_url: 'https://sso.example.org', audiences: ['k8s'] }],
  });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/kubernetes/${cluster.uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: cluster.name })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Nodes of default' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Kubeconfig' }).click();
  await expect(page.getByRole('textbox', { name: 'Kubeconfig' })).toHaveValue(/apiVersion/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Close' }).click();

  // The newest version has nothing to upgrade to, and the dialog says so.
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('running', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page.getByText('No newer version is offered for 1.33.')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Upgrade' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'OIDC authentication' }).click();
  await expect(page.getByRole('table', { name: 'OIDC issuers' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Edit corp' }).click();
  await expect(
    page.getByRole('dialog').getByRole('textbox', { name: 'Name', exact: true }),
  ).toBeDisabled();
  await expectNoAxeViolations(page);
});
