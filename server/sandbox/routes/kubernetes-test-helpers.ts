import type { Cluster, ClusterCreate } from '../../../contract/kubernetes';
import { clusterSchema } from '../../../contract/kubernetes';
import type { SkydeckServer } from '../../app';
import { demoAuth, expectProblem } from '../testing';
import type { SandboxSuiteOptions } from './test-helpers';
import { resourceClient, sandboxSuite } from './test-helpers';

/** Request helpers of the Kubernetes suites; never used in production. */
export function kubernetesClient(app: () => SkydeckServer) {
  /** The seeded private network of an account (de-fra1) and its IPv4 block. */
  const privateNetwork = (username = 'demo') =>
    app()
      .sandbox!.db.prepare(
        `SELECT networks.uuid, networks.zone, ip_networks.address AS cidr FROM networks
         JOIN accounts ON accounts.id = networks.account_id
         JOIN ip_networks ON ip_networks.network_uuid = networks.uuid
         WHERE accounts.username = ? AND networks.type = 'private' AND ip_networks.family = 'IPv4'
         ORDER BY networks.created_at LIMIT 1`,
      )
      .get(username) as { uuid: string; zone: string; cidr: string };

  /** A valid create body on the account's network; tests override fields, also with bad values. */
  const clusterBody = (fields: Record<string, unknown> = {}, username = 'demo'): ClusterCreate => {
    const network = privateNetwork(username);
    return {
      name: `c-${Math.random().toString(36).slice(2, 10)}`,
      zone: network.zone,
      network: network.uuid,
      network_cidr: network.cidr,
      version: '1.31',
      plan: 'development',
      node_groups: [{ name: 'default', count: 2, plan: '2xCPU-4GB' }],
      ...fields,
    } as ClusterCreate;
  };

  const { call, ok, auditCount } = resourceClient(app);

  /**
   * A request about a cluster the caller cannot see: 404 `KUBERNETES_CLUSTER_NOT_FOUND` for an
   * unknown cluster and another account's alike, as the operations declare no 403 (api-rules §4.3).
   */
  const expectNoCluster = async (method: string, url: string, payload?: unknown, auth = demoAuth) =>
    expectProblem(await call(method, url, payload, auth), 404, 'KUBERNETES_CLUSTER_NOT_FOUND');

  const cluster = async (uuid: string, auth = demoAuth): Promise<Cluster> =>
    clusterSchema.parse((await ok('GET', `/1.3/kubernetes/${uuid}`, undefined, 200, auth)).json());

  const createCluster = async (fields: Record<string, unknown> = {}, auth = demoAuth) =>
    clusterSchema.parse(
      (
        await ok(
          'POST',
          '/1.3/kubernetes',
          clusterBody(fields, auth === demoAuth ? 'demo' : 'other'),
          201,
          auth,
        )
      ).json(),
    );

  /** Sets the managed_kubernetes resource limit of one account, or of every account. */
  const setClusterLimit = (limit: number, username?: string) =>
    app()
      .sandbox!.db.prepare(
        `UPDATE accounts SET resource_limits = json_set(resource_limits, '$.managed_kubernetes', ?)${
          username === undefined ? '' : ' WHERE username = ?'
        }`,
      )
      .run(limit, ...(username === undefined ? [] : [username]));

  const lastAudit = () =>
    app()
      .sandbox!.db.prepare(
        'SELECT action, resource_type, resource_sub_type, resource_id FROM audit_logs ORDER BY rowid DESC LIMIT 1',
      )
      .get() as {
      action: string;
      resource_type: string;
      resource_sub_type: string | null;
      resource_id: string;
    };

  return {
    call,
    ok,
    cluster,
    clusterBody,
    privateNetwork,
    createCluster,
    expectNoCluster,
    auditCount,
    lastAudit,
    setClusterLimit,
  };
}

/**
 * A Kubernetes suite: `sandboxSuite` whose `advance` ticks on the plan list, with the helpers of
 * `kubernetesClient`. `clusterLimit` raises demo's managed_kubernetes limit before the first test,
 * for a suite that makes more clusters than the seeded limit allows.
 */
export function kubernetesSuite(options: SandboxSuiteOptions & { clusterLimit?: number } = {}) {
  const { clusterLimit, ...suiteOptions } = options;
  const suite = sandboxSuite({
    tickUrl: '/1.3/kubernetes/plans',
    ...suiteOptions,
    ...(clusterLimit === undefined
      ? {}
      : { prepare: () => client.setClusterLimit(clusterLimit, 'demo') }),
  });
  const client = kubernetesClient(suite.app);
  return { ...suite, ...client };
}
