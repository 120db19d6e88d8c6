import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { endpointPath } from '../../../contract/endpoint';
import { kubernetesEndpoints } from '../../../contract/kubernetes';
import type { ClusterCreate } from '../../../contract/kubernetes';
import type { Issuer } from '../../../contract/kubernetes-oidc';
import { networkEndpoints } from '../../../contract/network';
import { request } from '../../api/http';
import type { Session } from '../../auth/session-store';
import { renderApp, signInAs, uniqueName } from '../../testing/render';

async function createClusterAs(session: Session, fields: Partial<ClusterCreate> = {}) {
  const authorization = `Bearer ${session.token}`;
  const { list } = networkEndpoints;
  const networks = await request(endpointPath(list, {}, { zone: 'de-fra1' }), list.response, {
    authorization,
  });
  const network = networks.networks.network.find((item) => item.type === 'private')!;
  const { create } = kubernetesEndpoints;
  return request(endpointPath(create), create.response, {
    method: create.method,
    authorization,
    body: {
      name: uniqueName('test', '-'),
      zone: 'de-fra1',
      network: network.uuid,
      network_cidr: network.ip_networks.ip_network[0]!.address,
      version: '1.31',
      node_groups: [{ name: 'default', count: 2, plan: '2xCPU-4GB' }],
      ...fields,
    },
  });
}

async function choose(user: ReturnType<typeof renderApp>['user'], label: string, option: RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('create cluster wizard', () => {
  it('checks each step before moving on', async () => {
    const session = await signInAs('demo');
    const { user } = renderApp({ session, path: '/kubernetes/new' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Kubernetes cluster' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Give a name.')).toBeVisible();
    expect(screen.getByText('Choose a zone.')).toBeVisible();
    expect(screen.getByText('Choose a private network of the zone.')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Cluster name' }), 'Bad_Name');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(/Lowercase letters, digits and hyphens; start and end/),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Step 1 of 3: Cluster' })).toBeVisible();
  });

  it('clears each error as its field is fixed, before Next is pressed again', async () => {
    const { user } = renderApp({ session: await signInAs('demo'), path: '/kubernetes/new' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Give a name.')).toBeVisible();
    expect(screen.getByText('Choose a zone.')).toBeVisible();
    expect(screen.getByText('Choose a version.')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Cluster name' }), 'Bad');
    expect(
      await screen.findByText(/Lowercase letters, digits and hyphens; start and end/),
    ).toBeVisible();
    await user.clear(screen.getByRole('textbox', { name: 'Cluster name' }));
    await user.type(screen.getByRole('textbox', { name: 'Cluster name' }), 'fixed-name');
    await choose(user, 'Zone', /\(de-fra1\)/);
    await choose(user, 'Private network', /demo private network/);
    await choose(user, 'Kubernetes version', /^1\.31/);
    await waitFor(() =>
      expect(screen.queryByText(/Lowercase letters, digits and hyphens; start and end/)).toBeNull(),
    );
    expect(screen.queryByText('Give a name.')).toBeNull();
    expect(screen.queryByText('Choose a version.')).toBeNull();
    expect(screen.queryByText('Choose a zone.')).toBeNull();
    expect(screen.queryByText('Choose a private network of the zone.')).toBeNull();
  });

  it('previews the cost and creates a cluster with two node groups', async () => {
    const session = await signInAs('demo');
    const { user, location } = renderApp({ session, path: '/kubernetes/new' });
    const name = uniqueName('wizard', '-');
    await user.type(await screen.findByRole('textbox', { name: 'Cluster name' }), name);
    await choose(user, 'Zone', /\(de-fra1\)/);
    await choose(user, 'Private network', /demo private network/);
    await choose(user, 'Kubernetes version', /^1\.31/);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Step 2 of 3: Node groups' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add node group' }));
    const count = screen.getByRole('textbox', { name: 'Nodes in group 2' });
    await user.clear(count);
    await user.type(count, '17');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('At most 16 nodes per group.')).toBeVisible();
    await user.clear(count);
    await user.type(count, '1');
    const preview = screen.getByRole('region', { name: 'Cost preview' });
    expect(within(preview).getByText(/default: 2 × 2xCPU-4GB: .* per hour/)).toBeVisible();
    expect(within(preview).getByText(/group-2: 1 × 2xCPU-4GB/)).toBeVisible();
    expect(within(preview).getByText(/not included: Control plane \(development\)/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Step 3 of 3: Review' })).toBeVisible();
    expect(screen.getByText('default: 2 × 2xCPU-4GB; group-2: 1 × 2xCPU-4GB')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create cluster' }));

    expect(await screen.findByRole('heading', { level: 1, name })).toBeVisible();
    // The location probe catches up in an effect after the page has rendered.
    await waitFor(() => expect(location.current?.pathname).toMatch(/^\/kubernetes\/0d[0-9a-f-]+$/));
    expect(
      screen.getByText('The cluster is being created; its node groups come up with it.'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'default' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'group-2' })).toBeVisible();
    expect(
      await within(screen.getByRole('region', { name: 'default' })).findByRole('table', {
        name: 'Nodes of default',
      }),
    ).toBeVisible();
  }, 30_000);

  it('keeps the form and shows the API’s answer when the name is taken', async () => {
    const session = await signInAs('demo');
    const existing = await createClusterAs(session);
    const { user } = renderApp({ session, path: '/kubernetes/new' });
    await user.type(await screen.findByRole('textbox', { name: 'Cluster name' }), existing.name);
    await choose(user, 'Zone', /\(de-fra1\)/);
    await choose(user, 'Private network', /demo private network/);
    await choose(user, 'Kubernetes version', /^1\.31/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create cluster' }));
    expect(await screen.findByText(/cluster names are unique per account/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Cluster name' })).toHaveValue(existing.name);
  });
});

describe('cluster pages', () => {
  it('lists clusters with their state and shows one with its nodes, kubeconfig and node deletion', async () => {
    const session = await signInAs('demo');
    const cluster = await createClusterAs(session);
    const { user } = renderApp({ session, path: '/kubernetes' });
    const table = await screen.findByRole('table', { name: 'Kubernetes clusters' });
    const row = within(table).getByRole('rowheader', { name: cluster.name }).closest('tr')!;
    expect(within(row).getByText('pending')).toBeVisible();
    expect(within(row).getByText('2 in 1 group')).toBeVisible();
    await user.click(within(row).getByRole('link', { name: cluster.name }));

    expect(await screen.findByRole('heading', { level: 1, name: cluster.name })).toBeVisible();
    expect(screen.getByText('2 in 1 node group')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Scale default' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add node group' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Cluster pending' })).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Node group default pending' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Kubeconfig' }));
    const kubeconfig = await screen.findByRole('textbox', { name: 'Kubeconfig' });
    const config = parse((kubeconfig as HTMLTextAreaElement).value) as {
      clusters: { name: string }[];
      users: { user: Record<string, string> }[];
    };
    expect(config.clusters[0]!.name).toBe(cluster.name);
    expect(config.users[0]!.user['client-certificate-data']).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    const nodes = await screen.findByRole('table', { name: 'Nodes of default' });
    // Hidden from sight only: `sx` reads `width: 1` as 100 %, which once doubled the page width.
    const actionsHeader = within(nodes).getByRole('columnheader', { name: 'Actions' });
    expect(actionsHeader.firstElementChild).toHaveStyle({ width: '1px', height: '1px' });
    const [first] = within(nodes).getAllByRole('rowheader');
    const nodeName = first!.textContent!;
    await user.click(
      within(nodes).getByRole('button', { name: `Delete node ${nodeName} (experimental)` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Delete node ${nodeName}?` });
    expect(within(dialog).getByText(/Experimental/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete node' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent(`Node ${nodeName} is terminating`);
    const nodeRow = within(screen.getByRole('table', { name: 'Nodes of default' }))
      .getByRole('rowheader', { name: nodeName })
      .closest('tr')!;
    await waitFor(() => expect(within(nodeRow).getByText('terminating')).toBeVisible());
  });

  it('deletes a cluster after confirmation', async () => {
    const session = await signInAs('demo');
    const cluster = await createClusterAs(session);
    const { user, location } = renderApp({ session, path: `/kubernetes/${cluster.uuid}` });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: `Delete cluster ${cluster.name}?` });
    const confirm = within(dialog).getByRole('button', { name: 'Delete cluster' });
    expect(confirm).toBeDisabled();
    const typed = within(dialog).getByRole('textbox', {
      name: `Type “${cluster.name}” to confirm`,
    });
    await user.type(typed, `${cluster.name}x`);
    expect(confirm).toBeDisabled();
    await user.clear(typed);
    await user.type(typed, cluster.name);
    await user.click(confirm);
    await waitFor(() => expect(location.current?.pathname).toBe('/kubernetes'));
    const table = await screen.findByRole('table', { name: 'Kubernetes clusters' });
    const row = within(table).getByRole('rowheader', { name: cluster.name }).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('terminating')).toBeVisible());
  });
});

const okta: Issuer = {
  name: 'okta',
  issuer_url: 'https://example.okta.com',
  audiences: ['aud-a'],
  claim_mappings: { username: { claim: 'email', prefix: '' } },
};

const configuration = `apiVersion: apiserver.config.k8s.io/v1
kind: AuthenticationConfiguration
jwt:
  - issuer:
      url: https://example.okta.com
      audiences: [aud-a, aud-b]
      audienceMatchPolicy: MatchAny
    claimMappings:
      username:
        claim: email
        prefix: ""
  - issuer:
      url: https://login.example.org
      audiences: [kubernetes]
`;

describe('OIDC page', () => {
  it('adds entries with field validation, previews an import and downloads a kubeconfig', async () => {
    const session = await signInAs('demo');
    const cluster = await createClusterAs(session, { authentication: [okta] });
    const { user } = renderApp({ session, path: `/kubernetes/${cluster.uuid}/authentication` });
    const table = await screen.findByRole('table', { name: 'OIDC issuers' });
    expect(within(table).getByRole('rowheader', { name: 'okta' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add issuer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add OIDC issuer' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'corp');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Issuer URL' }),
      'http://sso.example.org',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Audiences' }), 'k8s');
    await user.click(within(dialog).getByRole('button', { name: 'Add issuer' }));
    expect(await within(dialog).findByText('The URL must use https.')).toBeVisible();

    const url = within(dialog).getByRole('textbox', { name: 'Issuer URL' });
    await user.clear(url);
    await user.type(url, 'https://example.okta.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add issuer' }));
    expect(await within(dialog).findByText(/is used by entry 1 \(okta\) too/)).toBeVisible();

    await user.clear(url);
    await user.type(url, 'https://sso.example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add issuer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await within(screen.getByRole('table', { name: 'OIDC issuers' })).findByRole('rowheader', {
        name: 'corp',
      }),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Import YAML' }));
    dialog = await screen.findByRole('dialog', { name: 'Import an AuthenticationConfiguration' });
    const yamlBox = within(dialog).getByRole('textbox', {
      name: 'AuthenticationConfiguration YAML',
    });
    fireEvent.change(yamlBox, {
      target: { value: `anonymous: {enabled: true}\n${configuration}` },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Show changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /anonymous field is not supported/,
    );

    fireEvent.change(yamlBox, { target: { value: configuration } });
    await user.click(within(dialog).getByRole('button', { name: 'Show changes' }));
    const changes = await within(dialog).findByRole('table', { name: 'Changes the import makes' });
    const kindOf = (name: string) =>
      within(within(changes).getByRole('rowheader', { name }).closest('tr')!).getAllByRole(
        'cell',
      )[0]!.textContent;
    expect(kindOf('example-okta-com')).toBe('Added');
    expect(kindOf('login-example-org')).toBe('Added');
    expect(kindOf('okta')).toBe('Removed');
    expect(kindOf('corp')).toBe('Removed');
    await user.click(within(dialog).getByRole('button', { name: 'Replace all issuers' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const after = screen.getByRole('table', { name: 'OIDC issuers' });
    expect(await within(after).findByRole('rowheader', { name: 'example-okta-com' })).toBeVisible();
    expect(within(after).queryByRole('rowheader', { name: 'okta' })).toBeNull();

    await user.click(
      within(after).getByRole('button', { name: 'Kubeconfig for example-okta-com' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Kubeconfig for example-okta-com' });
    await choose(user, 'Audience (OIDC client ID)', /^aud-b$/);
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('textbox', { name: 'Kubeconfig' }) as HTMLTextAreaElement).value,
      ).toContain('--oidc-client-id=aud-b'),
    );
    const text = (
      within(dialog).getByRole('textbox', { name: 'Kubeconfig' }) as HTMLTextAreaElement
    ).value;
    expect(parse(text)).toMatchObject({ kind: 'Config' });
    expect(text).toContain('# A confidential OIDC client needs its secret');
  }, 30_000);
});
