import { expect } from 'vitest';
import type { Cluster, ClusterCreate } from '../../../contract/kubernetes';
import { clusterSchema } from '../../../contract/kubernetes';
import type { SkydeckServer } from '../../app';
import { demoAuth } from '../testing';

/** A private network of `demo` in fi-hel1 and its block (what a cluster is created on). */
export const demoNetwork = { uuid: '03000000-0000-4000-8000-00000000d001', cidr: '172.16.1.0/24' };

/** A valid create body; tests override fields, also with values the schema refuses. */
export const clusterBody = (fields: Record<string, unknown> = {}): ClusterCreate =>
  ({
    name: `c-${Math.random().toString(36).slice(2, 10)}`,
    zone: 'fi-hel1',
    network: demoNetwork.uuid,
    network_cidr: demoNetwork.cidr,
    version: '1.31',
    plan: 'development',
    node_groups: [{ name: 'default', count: 2, plan: '2xCPU-4GB' }],
    ...fields,
  }) as ClusterCreate;

/** Request helpers of the Kubernetes suites; never used in production. */
export function kubernetesClient(app: () => SkydeckServer) {
  const call = (
    method: string,
    url: string,
    payload?: unknown,
    auth = demoAuth,
    headers: Record<string, string> = {},
  ) =>
    app().inject({
      method: method as 'GET',
      url,
      headers: { authorization: auth, ...headers },
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' ? payload : (payload as object) }),
    });

  async function ok(
    method: string,
    url: string,
    payload: unknown,
    status: number,
    auth = demoAuth,
  ) {
    const response = await call(method, url, payload, auth);
    expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
    return response;
  }

  const cluster = async (uuid: string, auth = demoAuth): Promise<Cluster> =>
    clusterSchema.parse((await ok('GET', `/1.3/kubernetes/${uuid}`, undefined, 200, auth)).json());

  const createCluster = async (fields: Record<string, unknown> = {}, auth = demoAuth) =>
    clusterSchema.parse(
      (await ok('POST', '/1.3/kubernetes', clusterBody(fields), 201, auth)).json(),
    );

  const auditCount = () =>
    (app().sandbox!.db.prepare('SELECT COUNT(*) AS n FROM audit_logs').get() as { n: number }).n;

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

  return { call, ok, cluster, createCluster, auditCount, lastAudit };
}
