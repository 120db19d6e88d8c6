import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  availableUpgradesSchema,
  clusterListSchema,
  clusterPlanListSchema,
  clusterSchema,
  clusterUpgradeResponseSchema,
  clusterVersionListSchema,
  kubeconfigResponseSchema,
  nodeGroupDetailsSchema,
  nodeGroupListSchema,
  nodeGroupSchema,
} from '../../../contract/kubernetes';
import { demoAuth, expectProblem, manualClock, otherAuth, viewerAuth } from '../testing';
import { kubernetesClient, kubernetesSuite } from './kubernetes-test-helpers';
import { acrossRestart, expectCredentialsNeeded } from './test-helpers';

const second = 1000;
const unknownCluster = '0d000000-0000-4000-8000-000000000000';

const clock = manualClock('2026-11-21T10:00:00.000Z');
const {
  app,
  advance,
  audited,
  call,
  ok,
  cluster,
  clusterBody,
  privateNetwork,
  createCluster,
  expectNoCluster,
  lastAudit,
  setClusterLimit,
} = kubernetesSuite({
  clock,
  authFailureLimit: 1_000_000,
  // Room for the many clusters of this suite; the limit itself is tested with `other`.
  clusterLimit: 1000,
});

async function runningCluster(fields: Parameters<typeof createCluster>[0] = {}) {
  const created = await createCluster(fields);
  await advance(90 * second);
  expect((await cluster(created.uuid)).state).toBe('running');
  return created;
}

const groupDetails = async (uuid: string, name: string) =>
  nodeGroupDetailsSchema.parse(
    (await ok('GET', `/1.3/kubernetes/${uuid}/node-groups/${name}`, undefined, 200)).json(),
  );

describe('plans and versions', () => {
  it('lists cluster plans with the fields of both published records', async () => {
    const plans = clusterPlanListSchema.parse(
      (await ok('GET', '/1.3/kubernetes/plans', undefined, 200)).json(),
    );
    expect(plans.map((plan) => plan.name)).toEqual(
      expect.arrayContaining([
        'development',
        'production-small',
        'dev-md',
        'prod-md',
        'prod-md-ha',
      ]),
    );
    expect(plans.find((plan) => plan.name === 'development')).toMatchObject({
      server_number: 1,
      deprecated: false,
    });
  });

  it('lists versions as {id, version}', async () => {
    const versions = clusterVersionListSchema.parse(
      (await ok('GET', '/1.3/kubernetes/versions', undefined, 200)).json(),
    );
    expect(versions).toContainEqual({
      id: '1.31',
      version: expect.stringMatching(/^v1\.31\.\d+$/),
    });
  });

  it('needs authentication (401)', async () => {
    await expectCredentialsNeeded(app(), '/1.3/kubernetes/plans');
  });
});

describe('creating a cluster', () => {
  it('answers 201 with a pending cluster that is running on the simulated clock', async () => {
    const body = clusterBody({
      labels: [{ key: 'env', value: 'test' }],
      control_plane_ip_filter: ['10.0.0.0/8', '192.0.2.7'],
      node_groups: [
        {
          name: 'workers',
          count: 2,
          plan: '2xCPU-4GB',
          labels: [{ key: 'example.com/tier', value: 'web' }],
          taints: [{ effect: 'NoSchedule', key: 'dedicated', value: 'web' }],
          kubelet_args: [{ key: 'log-flush-frequency', value: '15s' }],
          ssh_keys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ1 user@host'],
        },
        {
          name: 'batch',
          count: 1,
          plan: 'custom',
          custom_plan: { cores: 2, memory: 4096, storage_size: 50 },
        },
      ],
    });
    const response = await audited(1, () => ok('POST', '/1.3/kubernetes', body, 201));
    expect(lastAudit()).toMatchObject({ action: 'create', resource_type: 'kubernetes_cluster' });
    const created = clusterSchema.parse(response.json());
    expect(created.uuid.startsWith('0d')).toBe(true);
    const network = privateNetwork();
    expect(created).toMatchObject({
      name: body.name,
      zone: 'de-fra1',
      network: network.uuid,
      network_cidr: network.cidr,
      version: '1.31',
      plan: 'development',
      state: 'pending',
      private_node_groups: false,
      control_plane_ip_filter: ['10.0.0.0/8', '192.0.2.7'],
      labels: [{ key: 'env', value: 'test' }],
    });
    expect(created.node_groups.map((group) => [group.name, group.state, group.count])).toEqual([
      ['workers', 'pending', 2],
      ['batch', 'pending', 1],
    ]);
    expect(created.node_groups[0]).toMatchObject({
      utility_network_access: true,
      anti_affinity: false,
      storage: '01000000-0000-4000-8000-000160010100',
      taints: [{ effect: 'NoSchedule', key: 'dedicated', value: 'web' }],
    });

    await advance(60 * second);
    expect((await cluster(created.uuid)).state).toBe('pending');
    await advance(31 * second);
    const running = await cluster(created.uuid);
    expect(running.state).toBe('running');
    expect(running.node_groups.map((group) => group.state)).toEqual(['running', 'running']);
    const workers = await groupDetails(created.uuid, 'workers');
    expect(workers.nodes).toHaveLength(2);
    expect(workers.nodes.every((node) => node.state === 'running')).toBe(true);
    expect(workers.nodes[0]!.kubelet_version).toMatch(/^v1\.31\./);
  });

  it.each([
    ['broken JSON', () => '{"name": ', 'REQUEST_INVALID'],
    ['a body that is not an object', () => '"cluster"', 'REQUEST_INVALID'],
    ['a missing attribute', () => ({ ...clusterBody(), zone: undefined }), 'ZONE_MISSING'],
    [
      'a wrong JSON type',
      () => clusterBody({ private_node_groups: 'yes' }),
      'PRIVATE_NODE_GROUPS_INVALID',
    ],
    ['an unknown attribute', () => ({ ...clusterBody(), colour: 'blue' }), 'UNKNOWN_ATTRIBUTE'],
    [
      'a node group without a count',
      () => clusterBody({ node_groups: [{ name: 'a', plan: '2xCPU-4GB' }] }),
      'COUNT_MISSING',
    ],
  ])('answers 400 for %s', async (_case, payload, code) => {
    const response = await audited(0, () =>
      call('POST', '/1.3/kubernetes', payload(), demoAuth, { 'content-type': 'application/json' }),
    );
    expectProblem(response, 400, code);
  });

  it.each([
    ['a name that is not a DNS label', { name: 'My_Cluster' }, 'NAME_INVALID'],
    ['an unknown zone', { zone: 'xx-abc1' }, 'ZONE_INVALID'],
    ['a version not offered', { version: '1.19' }, 'VERSION_INVALID'],
    ['an unknown plan', { plan: 'huge' }, 'PLAN_INVALID'],
    ['a deprecated plan', { plan: 'production-small' }, 'PLAN_INVALID'],
    ['a network CIDR that is no CIDR', { network_cidr: '172.16.1.0' }, 'NETWORK_CIDR_INVALID'],
    [
      'a control-plane filter entry that is no IPv4',
      { control_plane_ip_filter: ['2001:db8::/32'] },
      'CONTROL_PLANE_IP_FILTER_INVALID',
    ],
    [
      'a repeated filter entry',
      { control_plane_ip_filter: ['10.0.0.1', '10.0.0.1'] },
      'CONTROL_PLANE_IP_FILTER_INVALID',
    ],
    [
      '17 nodes in a group',
      { node_groups: [{ name: 'a', count: 17, plan: '2xCPU-4GB' }] },
      'COUNT_INVALID',
    ],
    [
      'two node groups with one name',
      {
        node_groups: [
          { name: 'a', count: 1, plan: '2xCPU-4GB' },
          { name: 'a', count: 1, plan: '2xCPU-4GB' },
        ],
      },
      'NODE_GROUPS_INVALID',
    ],
    [
      'an unknown node plan',
      { node_groups: [{ name: 'a', count: 1, plan: '3xCPU-5GB' }] },
      'PLAN_INVALID',
    ],
    [
      'a custom plan without its sizes',
      { node_groups: [{ name: 'a', count: 1, plan: 'custom' }] },
      'CUSTOM_PLAN_MISSING',
    ],
    [
      'a taint effect Kubernetes does not have',
      {
        node_groups: [
          {
            name: 'a',
            count: 1,
            plan: '2xCPU-4GB',
            taints: [{ effect: 'Never', key: 'k', value: 'v' }],
          },
        ],
      },
      'EFFECT_INVALID',
    ],
    [
      'an SSH key that is no public key',
      { node_groups: [{ name: 'a', count: 1, plan: '2xCPU-4GB', ssh_keys: ['hunter2'] }] },
      'SSH_KEYS_INVALID',
    ],
    [
      'more nodes than the plan runs',
      {
        node_groups: Array.from({ length: 2 }, (_, index) => ({
          name: `g${index}`,
          count: 16,
          plan: '1xCPU-2GB',
        })),
      },
      'NODE_LIMIT_REACHED',
    ],
    [
      'an OIDC set with one issuer twice',
      {
        authentication: [
          { name: 'a', issuer_url: 'https://idp.example.com', audiences: ['x'] },
          { name: 'b', issuer_url: 'https://idp.example.com', audiences: ['y'] },
        ],
      },
      'ISSUER_URL_INVALID',
    ],
  ])('answers 422 for %s, creating nothing', async (_case, fields, code) => {
    const before = clusterListSchema.parse(
      (await ok('GET', '/1.3/kubernetes', undefined, 200)).json(),
    );
    const response = await audited(0, () => call('POST', '/1.3/kubernetes', clusterBody(fields)));
    expectProblem(response, 422, code);
    const after = clusterListSchema.parse(
      (await ok('GET', '/1.3/kubernetes', undefined, 200)).json(),
    );
    expect(after.length).toBe(before.length);
  });

  it('answers 422 for a second cluster of the same name', async () => {
    const first = await createCluster();
    expectProblem(
      await call('POST', '/1.3/kubernetes', clusterBody({ name: first.name })),
      422,
      'RESOURCE_ALREADY_EXISTS',
    );
  });

  it('answers 422 when the account has as many clusters as its limit allows', async () => {
    setClusterLimit(1, 'other');
    await createCluster({}, otherAuth);
    const response = await audited(0, () =>
      call('POST', '/1.3/kubernetes', clusterBody({}, 'other'), otherAuth),
    );
    expectProblem(response, 422, 'CLUSTER_LIMIT_REACHED');
  });

  it('keeps the network of a cluster from being deleted (409 naming the cluster)', async () => {
    const created = await createCluster();
    const problem = expectProblem(
      await call('DELETE', `/1.3/network/${created.network}`),
      409,
      'NETWORK_NOT_EMPTY',
    );
    expect(problem.error_message).toContain(created.name);
  });

  it('answers 404 for an unknown network and for another account’s network', async () => {
    for (const network of [
      '03000000-0000-4000-8fff-000000000001',
      '01000000-0000-4000-8000-000000000001',
      privateNetwork('other').uuid,
    ]) {
      const response = await audited(0, () =>
        call('POST', '/1.3/kubernetes', clusterBody({ network })),
      );
      expectProblem(response, 404, 'NETWORK_NOT_FOUND');
    }
  });

  it('answers 422 for a network in another zone, a shared network and a block not of the network', async () => {
    expectProblem(
      await call('POST', '/1.3/kubernetes', clusterBody({ zone: 'fi-hel1' })),
      422,
      'ZONE_MISMATCH',
    );
    const utility = app()
      .sandbox!.db.prepare("SELECT uuid FROM networks WHERE type = 'utility' AND zone = 'de-fra1'")
      .get() as { uuid: string };
    expectProblem(
      await call('POST', '/1.3/kubernetes', clusterBody({ network: utility.uuid })),
      422,
      'NETWORK_INVALID',
    );
    expectProblem(
      await call('POST', '/1.3/kubernetes', clusterBody({ network_cidr: '10.99.0.0/24' })),
      422,
      'NETWORK_CIDR_INVALID',
    );
  });
});

describe('listing and reading clusters', () => {
  it('lists the account’s clusters, filtered by label; another account sees none of them', async () => {
    const tagged = await createCluster({ labels: [{ key: 'team', value: 'blue' }] });
    const all = clusterListSchema.parse(
      (await ok('GET', '/1.3/kubernetes', undefined, 200)).json(),
    );
    expect(all.some((item) => item.uuid === tagged.uuid)).toBe(true);
    const blue = clusterListSchema.parse(
      (await ok('GET', '/1.3/kubernetes?label=team%3Dblue', undefined, 200)).json(),
    );
    expect(blue.map((item) => item.uuid)).toEqual([tagged.uuid]);
    const viewer = clusterListSchema.parse(
      (await ok('GET', '/1.3/kubernetes', undefined, 200, viewerAuth)).json(),
    );
    expect(viewer.some((item) => item.uuid === tagged.uuid)).toBe(true);
    const other = clusterListSchema.parse(
      (await ok('GET', '/1.3/kubernetes', undefined, 200, otherAuth)).json(),
    );
    expect(other.some((item) => item.uuid === tagged.uuid)).toBe(false);
  });

  it('answers 400 for a malformed label filter', async () => {
    expectProblem(await call('GET', '/1.3/kubernetes?label=_x'), 400, 'INVALID_LABEL_KEY');
  });

  it('answers 400 for a malformed UUID, 404 for an unknown or another account’s cluster', async () => {
    const mine = await createCluster();
    for (const [uuid, auth, status, code] of [
      ['not-a-uuid', demoAuth, 400, 'KUBERNETES_CLUSTER_INVALID'],
      [unknownCluster, demoAuth, 404, 'KUBERNETES_CLUSTER_NOT_FOUND'],
      [mine.uuid, otherAuth, 404, 'KUBERNETES_CLUSTER_NOT_FOUND'],
    ] as const) {
      expectProblem(await call('GET', `/1.3/kubernetes/${uuid}`, undefined, auth), status, code);
    }
  });
});

describe('modifying a cluster', () => {
  it('changes labels, the control-plane filter and the plan (200), with an audit row', async () => {
    const created = await createCluster();
    const response = await audited(1, () =>
      ok(
        'PATCH',
        `/1.3/kubernetes/${created.uuid}`,
        {
          labels: [{ key: 'env', value: 'prod' }],
          control_plane_ip_filter: ['0.0.0.0/0'],
          plan: 'prod-md',
        },
        200,
      ),
    );
    expect(lastAudit()).toMatchObject({ action: 'modify', resource_id: created.uuid });
    expect(clusterSchema.parse(response.json())).toMatchObject({
      labels: [{ key: 'env', value: 'prod' }],
      control_plane_ip_filter: ['0.0.0.0/0'],
      plan: 'prod-md',
    });
    expect((await cluster(created.uuid)).plan).toBe('prod-md');
  });

  it.each([
    [{ plan: 'huge' }, 'PLAN_INVALID'],
    [{ labels: [{ key: '', value: 'x' }] }, 'KEY_INVALID'],
    [{ control_plane_ip_filter: ['300.1.1.1'] }, 'CONTROL_PLANE_IP_FILTER_INVALID'],
    [{ name: 'renamed' }, 'UNKNOWN_ATTRIBUTE'],
    ['[]', 'REQUEST_INVALID'],
  ])('answers 400 for %j and changes nothing', async (payload, code) => {
    const created = await createCluster({ labels: [{ key: 'keep', value: 'me' }] });
    const response = await audited(0, () =>
      call('PATCH', `/1.3/kubernetes/${created.uuid}`, payload, demoAuth, {
        'content-type': 'application/json',
      }),
    );
    expectProblem(response, 400, code);
    expect((await cluster(created.uuid)).labels).toEqual([{ key: 'keep', value: 'me' }]);
  });

  it('answers 400 for a plan too small for the nodes the cluster has', async () => {
    const created = await createCluster({
      plan: 'dev-md',
      node_groups: Array.from({ length: 3 }, (_, index) => ({
        name: `g${index}`,
        count: 12,
        plan: '1xCPU-2GB',
      })),
    });
    expectProblem(
      await call('PATCH', `/1.3/kubernetes/${created.uuid}`, { plan: 'development' }),
      400,
      'PLAN_INVALID',
    );
  });

  it.each([
    ['nope', 400, 'KUBERNETES_CLUSTER_INVALID'],
    [unknownCluster, 404, 'KUBERNETES_CLUSTER_NOT_FOUND'],
  ])(
    'answers 400 for a malformed UUID and 404 for an unknown cluster: %s → %i %s',
    async (uuid, status, code) => {
      expectProblem(await call('PATCH', `/1.3/kubernetes/${uuid}`, { labels: [] }), status, code);
    },
  );
});

describe('deleting a cluster', () => {
  it('answers 202, terminates the cluster and its nodes, then the cluster is gone', async () => {
    const created = await runningCluster();
    const response = await audited(1, () =>
      ok('DELETE', `/1.3/kubernetes/${created.uuid}`, undefined, 202),
    );
    expect(response.json()).toEqual({ message: expect.stringContaining(created.name) });
    expect(lastAudit()).toMatchObject({ action: 'delete', resource_id: created.uuid });
    const terminating = await cluster(created.uuid);
    expect(terminating.state).toBe('terminating');
    expect(terminating.node_groups.every((group) => group.state === 'terminating')).toBe(true);
    // A repeated delete is accepted again without a second change.
    await audited(0, () => ok('DELETE', `/1.3/kubernetes/${created.uuid}`, undefined, 202));
    await advance(31 * second);
    await expectNoCluster('GET', `/1.3/kubernetes/${created.uuid}`);
    await expectNoCluster('DELETE', `/1.3/kubernetes/${created.uuid}`);
  });

  it('stops a pending cluster from coming up', async () => {
    const created = await createCluster();
    await ok('DELETE', `/1.3/kubernetes/${created.uuid}`, undefined, 202);
    await advance(31 * second);
    await expectNoCluster('GET', `/1.3/kubernetes/${created.uuid}`);
  });

  it('answers 404 for another account’s cluster and for a malformed UUID', async () => {
    const created = await createCluster();
    await expectNoCluster('DELETE', `/1.3/kubernetes/${created.uuid}`, undefined, otherAuth);
    await expectNoCluster('DELETE', '/1.3/kubernetes/nope');
    expect((await cluster(created.uuid)).state).toBe('pending');
  });
});

describe('kubeconfig', () => {
  it('is a kubeconfig YAML with the server URL, the CA and a client certificate the CA signed', async () => {
    const issuedAt = Math.floor(clock.now().getTime() / second) * second;
    const created = await runningCluster();
    const { kubeconfig } = kubeconfigResponseSchema.parse(
      (await ok('GET', `/1.3/kubernetes/${created.uuid}/kubeconfig`, undefined, 200)).json(),
    );
    const config = parse(kubeconfig) as {
      apiVersion: string;
      kind: string;
      clusters: {
        name: string;
        cluster: { server: string; 'certificate-authority-data': string };
      }[];
      users: { name: string; user: Record<string, string> }[];
      contexts: { name: string; context: { cluster: string; user: string } }[];
      'current-context': string;
    };
    expect(config).toMatchObject({ apiVersion: 'v1', kind: 'Config' });
    expect(config.clusters).toHaveLength(1);
    const [entry] = config.clusters;
    expect(entry!.name).toBe(created.name);
    expect(new URL(entry!.cluster.server).protocol).toBe('https:');
    expect(entry!.cluster.server).toContain(created.uuid.replace(/-/g, ''));
    const context = config.contexts.find((item) => item.name === config['current-context']);
    expect(context?.context.cluster).toBe(created.name);
    const user = config.users.find((item) => item.name === context?.context.user);
    const decode = (data: string | undefined) => Buffer.from(data ?? '', 'base64').toString('utf8');
    const ca = new crypto.X509Certificate(decode(entry!.cluster['certificate-authority-data']));
    expect(ca.ca).toBe(true);
    const client = new crypto.X509Certificate(decode(user?.user['client-certificate-data']));
    expect(client.verify(ca.publicKey)).toBe(true);
    expect(client.subject).toContain('CN=kubernetes-admin');
    expect(client.subject).toContain('O=system:masters');
    expect(client.issuer).toBe(ca.subject);
    expect(client.checkIssued(ca)).toBe(true);
    // Issued when the cluster was created, not when the kubeconfig is read.
    expect(new Date(ca.validFrom).getTime()).toBe(issuedAt);
    expect(new Date(client.validFrom).getTime()).toBe(issuedAt);
    const key = crypto.createPrivateKey(decode(user?.user['client-key-data']));
    expect(crypto.createPublicKey(key).export({ type: 'spki', format: 'der' })).toEqual(
      client.publicKey.export({ type: 'spki', format: 'der' }),
    );
    // The same cluster gives the same credentials each time.
    const again = kubeconfigResponseSchema.parse(
      (await ok('GET', `/1.3/kubernetes/${created.uuid}/kubeconfig`, undefined, 200)).json(),
    );
    expect(again.kubeconfig).toBe(kubeconfig);
  });

  it('answers 404 for an unknown cluster and for another account’s', async () => {
    const created = await createCluster();
    for (const [uuid, auth] of [
      [unknownCluster, demoAuth],
      [created.uuid, otherAuth],
    ]) {
      await expectNoCluster('GET', `/1.3/kubernetes/${uuid}/kubeconfig`, undefined, auth);
    }
  });
});

describe('upgrades', () => {
  it('offers the next minor version and upgrades to it (201), then runs it', async () => {
    const created = await runningCluster();
    const offered = availableUpgradesSchema.parse(
      (
        await ok('GET', `/1.3/kubernetes/${created.uuid}/available-upgrades`, undefined, 200)
      ).json(),
    );
    expect(offered.versions).toEqual(['1.32']);
    const response = await audited(1, () =>
      ok('POST', `/1.3/kubernetes/${created.uuid}/available-upgrades`, { version: '1.32' }, 201),
    );
    expect(clusterUpgradeResponseSchema.parse(response.json())).toEqual({
      version: '1.32',
      strategy: { type: 'manual' },
    });
    expect(lastAudit()).toMatchObject({ action: 'upgrade', resource_id: created.uuid });
    const upgrading = await cluster(created.uuid);
    expect(upgrading).toMatchObject({ state: 'upgrading', version: '1.31' });
    expect(
      availableUpgradesSchema.parse(
        (
          await ok('GET', `/1.3/kubernetes/${created.uuid}/available-upgrades`, undefined, 200)
        ).json(),
      ).versions,
    ).toEqual([]);
    expectProblem(
      await call('POST', `/1.3/kubernetes/${created.uuid}/available-upgrades`, { version: '1.32' }),
      422,
      'CLUSTER_STATE_ILLEGAL',
    );
    await advance(61 * second);
    expect(await cluster(created.uuid)).toMatchObject({ state: 'running', version: '1.32' });
    const nodes = (await groupDetails(created.uuid, 'default')).nodes;
    expect(nodes.every((node) => node.kubelet_version?.startsWith('v1.32.'))).toBe(true);
  });

  it.each([
    ['a version two steps ahead', { version: '1.33' }, 'VERSION_INVALID'],
    ['the current version', { version: '1.31' }, 'VERSION_INVALID'],
    ['an unknown strategy', { version: '1.32', strategy: { type: 'yolo' } }, 'TYPE_INVALID'],
    ['a body without a version', {}, 'VERSION_MISSING'],
    ['broken JSON', '{"version"', 'REQUEST_INVALID'],
  ])('answers 422 for %s and changes nothing', async (_case, payload, code) => {
    const created = await runningCluster();
    const response = await audited(0, () =>
      call('POST', `/1.3/kubernetes/${created.uuid}/available-upgrades`, payload, demoAuth, {
        'content-type': 'application/json',
      }),
    );
    expectProblem(response, 422, code);
    expect(await cluster(created.uuid)).toMatchObject({ state: 'running', version: '1.31' });
  });

  it('answers 422 while the cluster is pending and 404 for an unknown cluster', async () => {
    const created = await createCluster();
    const upgrades = (uuid: string) => `/1.3/kubernetes/${uuid}/available-upgrades`;
    for (const [method, uuid, body, status, code] of [
      ['POST', created.uuid, { version: '1.32' }, 422, 'CLUSTER_STATE_ILLEGAL'],
      ['GET', unknownCluster, undefined, 404, 'KUBERNETES_CLUSTER_NOT_FOUND'],
      ['POST', unknownCluster, { version: '1.32' }, 404, 'KUBERNETES_CLUSTER_NOT_FOUND'],
    ] as const) {
      expectProblem(await call(method, upgrades(uuid), body), status, code);
    }
  });
});

describe('node groups', () => {
  it('lists the groups (200) and answers 404 for an unknown cluster', async () => {
    const created = await createCluster();
    const groups = nodeGroupListSchema.parse(
      (await ok('GET', `/1.3/kubernetes/${created.uuid}/node-groups`, undefined, 200)).json(),
    );
    expect(groups.map((group) => group.name)).toEqual(['default']);
    await expectNoCluster('GET', `/1.3/kubernetes/${unknownCluster}/node-groups`);
  });

  it('creates a group (201) whose nodes come up on the clock', async () => {
    const created = await runningCluster();
    const response = await audited(1, () =>
      ok(
        'POST',
        `/1.3/kubernetes/${created.uuid}/node-groups`,
        { name: 'gpu', count: 1, plan: '4xCPU-8GB', labels: [{ key: 'accel', value: 'yes' }] },
        201,
      ),
    );
    expect(lastAudit()).toMatchObject({
      action: 'create',
      resource_type: 'kubernetes_node_group',
      resource_id: `${created.uuid}/gpu`,
    });
    expect(nodeGroupSchema.parse(response.json())).toMatchObject({
      name: 'gpu',
      state: 'pending',
      count: 1,
    });
    expect((await groupDetails(created.uuid, 'gpu')).nodes.map((node) => node.state)).toEqual([
      'pending',
    ]);
    await advance(46 * second);
    const group = await groupDetails(created.uuid, 'gpu');
    expect(group.state).toBe('running');
    expect(group.nodes.map((node) => node.state)).toEqual(['running']);
  });

  it.each([
    [
      'a name already used',
      { name: 'default', count: 1, plan: '2xCPU-4GB' },
      'RESOURCE_ALREADY_EXISTS',
    ],
    ['a bad name', { name: 'Bad Name', count: 1, plan: '2xCPU-4GB' }, 'NAME_INVALID'],
    ['a negative count', { name: 'x', count: -1, plan: '2xCPU-4GB' }, 'COUNT_INVALID'],
    ['an unknown plan', { name: 'x', count: 1, plan: 'nope' }, 'PLAN_INVALID'],
    ['a missing plan', { name: 'x', count: 1 }, 'PLAN_MISSING'],
    [
      'an unknown attribute',
      { name: 'x', count: 1, plan: '2xCPU-4GB', size: 3 },
      'UNKNOWN_ATTRIBUTE',
    ],
    ['broken JSON', '{"name":', 'REQUEST_INVALID'],
    [
      'a template that does not exist',
      { name: 'x', count: 1, plan: '2xCPU-4GB', storage: '01000000-0000-4000-8000-0000000000ff' },
      'STORAGE_NOT_FOUND',
    ],
  ])('answers 422 (or 404) for %s and adds nothing', async (_case, payload, code) => {
    const created = await runningCluster();
    const response = await audited(0, () =>
      call('POST', `/1.3/kubernetes/${created.uuid}/node-groups`, payload, demoAuth, {
        'content-type': 'application/json',
      }),
    );
    expectProblem(response, code === 'STORAGE_NOT_FOUND' ? 404 : 422, code);
    expect((await cluster(created.uuid)).node_groups.map((group) => group.name)).toEqual([
      'default',
    ]);
  });

  it('answers 422 while the cluster is pending and 404 for an unknown cluster', async () => {
    const created = await createCluster();
    const group = { name: 'later', count: 1, plan: '2xCPU-4GB' };
    expectProblem(
      await call('POST', `/1.3/kubernetes/${created.uuid}/node-groups`, group),
      422,
      'CLUSTER_STATE_ILLEGAL',
    );
    await expectNoCluster('POST', `/1.3/kubernetes/${unknownCluster}/node-groups`, group);
  });

  it('shows a group with its nodes (200) and answers 404 for an unknown group', async () => {
    const created = await runningCluster();
    const group = await groupDetails(created.uuid, 'default');
    expect(group.nodes).toHaveLength(2);
    expect(group.nodes[0]!.uuid.startsWith('00')).toBe(true);
    expect(group.nodes[0]!.name).toContain('default');
    expectProblem(
      await call('GET', `/1.3/kubernetes/${created.uuid}/node-groups/nope`),
      404,
      'NODE_GROUP_NOT_FOUND',
    );
  });

  it('scales up and down through scaling states (200)', async () => {
    const created = await runningCluster();
    const url = `/1.3/kubernetes/${created.uuid}/node-groups/default`;
    const up = await audited(1, () => ok('PATCH', url, { count: 4 }, 200));
    expect(nodeGroupSchema.parse(up.json())).toMatchObject({ count: 4, state: 'scaling-up' });
    expect((await groupDetails(created.uuid, 'default')).nodes.map((node) => node.state)).toEqual([
      'running',
      'running',
      'pending',
      'pending',
    ]);
    expectProblem(await call('PATCH', url, { count: 1 }), 422, 'NODE_GROUP_STATE_ILLEGAL');
    await advance(31 * second);
    expect((await groupDetails(created.uuid, 'default')).nodes.map((node) => node.state)).toEqual(
      Array(4).fill('running'),
    );

    const down = await ok('PATCH', url, { count: 1 }, 200);
    expect(nodeGroupSchema.parse(down.json())).toMatchObject({ count: 1, state: 'scaling-down' });
    expect(
      (await groupDetails(created.uuid, 'default')).nodes.filter(
        (node) => node.state === 'terminating',
      ),
    ).toHaveLength(3);
    await advance(31 * second);
    const after = await groupDetails(created.uuid, 'default');
    expect(after).toMatchObject({ state: 'running', count: 1 });
    expect(after.nodes).toHaveLength(1);
  });

  it('changes labels and taints without touching nodes (200)', async () => {
    const created = await runningCluster();
    const response = await ok(
      'PATCH',
      `/1.3/kubernetes/${created.uuid}/node-groups/default`,
      {
        labels: [{ key: 'tier', value: 'web' }],
        taints: [{ effect: 'NoExecute', key: 'k', value: 'v' }],
      },
      200,
    );
    expect(nodeGroupSchema.parse(response.json())).toMatchObject({
      state: 'running',
      labels: [{ key: 'tier', value: 'web' }],
      taints: [{ effect: 'NoExecute', key: 'k', value: 'v' }],
    });
  });

  it.each([
    [{ count: 17 }, 'COUNT_INVALID'],
    [{ count: 'three' }, 'COUNT_INVALID'],
    [{ plan: '4xCPU-8GB' }, 'UNKNOWN_ATTRIBUTE'],
    [{ labels: [{ key: 'bad key', value: 'v' }] }, 'KEY_INVALID'],
    ['{"count":', 'REQUEST_INVALID'],
  ])('answers 422 for %j and changes nothing', async (payload, code) => {
    const created = await runningCluster();
    const url = `/1.3/kubernetes/${created.uuid}/node-groups/default`;
    const response = await audited(0, () =>
      call('PATCH', url, payload, demoAuth, { 'content-type': 'application/json' }),
    );
    expectProblem(response, 422, code);
    expect(await groupDetails(created.uuid, 'default')).toMatchObject({ count: 2, labels: [] });
  });

  it('answers 422 when scaling would pass the plan’s node limit, 404 for unknown groups', async () => {
    const created = await runningCluster({
      node_groups: [
        { name: 'a', count: 16, plan: '1xCPU-2GB' },
        { name: 'b', count: 14, plan: '1xCPU-2GB' },
      ],
    });
    expectProblem(
      await call('PATCH', `/1.3/kubernetes/${created.uuid}/node-groups/b`, { count: 15 }),
      422,
      'NODE_LIMIT_REACHED',
    );
    expectProblem(
      await call('PATCH', `/1.3/kubernetes/${created.uuid}/node-groups/zzz`, { count: 1 }),
      404,
      'NODE_GROUP_NOT_FOUND',
    );
    await expectNoCluster('PATCH', `/1.3/kubernetes/${unknownCluster}/node-groups/a`, { count: 1 });
  });

  it('deletes a group (202): it terminates, then it is gone', async () => {
    const created = await runningCluster();
    await ok(
      'POST',
      `/1.3/kubernetes/${created.uuid}/node-groups`,
      { name: 'extra', count: 1, plan: '2xCPU-4GB' },
      201,
    );
    const response = await audited(1, () =>
      ok('DELETE', `/1.3/kubernetes/${created.uuid}/node-groups/extra`, undefined, 202),
    );
    expect(response.json()).toEqual({ message: "deletion started for node group 'extra'" });
    expect((await groupDetails(created.uuid, 'extra')).state).toBe('terminating');
    await advance(46 * second);
    expectProblem(
      await call('GET', `/1.3/kubernetes/${created.uuid}/node-groups/extra`),
      404,
      'NODE_GROUP_NOT_FOUND',
    );
    expectProblem(
      await call('DELETE', `/1.3/kubernetes/${created.uuid}/node-groups/extra`),
      404,
      'NODE_GROUP_NOT_FOUND',
    );
    await expectNoCluster('DELETE', `/1.3/kubernetes/${unknownCluster}/node-groups/extra`);
  });

  it('deletes one node (202): it terminates and a replacement comes up on the clock', async () => {
    const created = await runningCluster();
    const [victim, survivor] = (await groupDetails(created.uuid, 'default')).nodes;
    const url = `/1.3/kubernetes/${created.uuid}/node-groups/default/${victim!.name}`;
    await audited(1, () => ok('DELETE', url, undefined, 202));
    expect(lastAudit()).toMatchObject({
      action: 'delete',
      resource_type: 'kubernetes_node',
      resource_id: victim!.uuid,
    });
    const during = await groupDetails(created.uuid, 'default');
    expect(during.nodes.map((node) => [node.name, node.state])).toEqual([
      [victim!.name, 'terminating'],
      [survivor!.name, 'running'],
      [expect.not.stringMatching(victim!.name), 'pending'],
    ]);
    await advance(31 * second);
    const after = await groupDetails(created.uuid, 'default');
    expect(after.count).toBe(2);
    expect(after.nodes).toHaveLength(2);
    expect(after.nodes.every((node) => node.state === 'running')).toBe(true);
    expect(after.nodes.some((node) => node.name === victim!.name)).toBe(false);
    expectProblem(await call('DELETE', url), 404, 'NODE_NOT_FOUND');
    expectProblem(
      await call('DELETE', `/1.3/kubernetes/${created.uuid}/node-groups/nope/${survivor!.name}`),
      404,
      'NODE_GROUP_NOT_FOUND',
    );
  });
});

describe('persistence', () => {
  it('brings a cluster created before a restart up after it', async () => {
    const fileClock = manualClock('2026-11-21T10:00:00.000Z');
    const kubeconfigOf = async (client: ReturnType<typeof kubernetesClient>, uuid: string) =>
      kubeconfigResponseSchema.parse(
        (await client.ok('GET', `/1.3/kubernetes/${uuid}/kubeconfig`, undefined, 200)).json(),
      ).kubeconfig;
    await acrossRestart(
      { clock: fileClock },
      async (app) => {
        const client = kubernetesClient(app);
        const created = await client.createCluster();
        return { created, kubeconfig: await kubeconfigOf(client, created.uuid) };
      },
      async (app, { created, kubeconfig }) => {
        const client = kubernetesClient(app);
        expect((await client.cluster(created.uuid)).state).toBe('pending');
        fileClock.advance(91 * second);
        expect((await client.cluster(created.uuid)).state).toBe('running');
        expect(await kubeconfigOf(client, created.uuid)).toBe(kubeconfig);
      },
    );
  });
});
