import type { FastifyInstance } from 'fastify';
import { uuidPrefixes } from '../../../contract/common';
import { matchesLabelFilters } from '../../../contract/labels';
import {
  clusterCreateSchema,
  clusterListQuerySchema,
  clusterModifySchema,
  clusterUpgradeSchema,
} from '../../../contract/kubernetes';
import type { Label } from '../../../contract/common';
import type { RouteModule } from '../api';
import { zoneIds } from '../catalog';
import type { SandboxContext } from '../context';
import { newUuid } from '../credentials';
import { ApiProblem, notFound, validate } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { labelFilters } from '../http/validation';
import {
  availableUpgrades,
  clusterPlans,
  clusterVersions,
  kubernetesDurations,
  kubernetesJobs,
} from '../kubernetes/catalog';
import { issueClusterCredentials } from '../kubernetes/certificates';
import {
  checkClusterPlan,
  checkIssuerSet,
  checkNodeGroup,
  checkNodeTotal,
} from '../kubernetes/checks';
import {
  ownCluster,
  readKubernetesBody,
  unprocessable,
  unprocessableOnBadRequest,
} from '../kubernetes/http';
import { adminKubeconfig } from '../kubernetes/kubeconfig';
import { nodeGroupSettings, settingsOf } from '../kubernetes/model';
import { networkLookup } from '../kubernetes/networks';
import type { ClusterRow } from '../store/kubernetes';
import { kubernetesAuthenticationRoutes } from './kubernetes-authentication';
import { kubernetesNodeGroupRoutes } from './kubernetes-node-groups';

type UuidParams = { Params: { uuid: string } };

/** Managed Kubernetes clusters (spec §4.3; reference §9), with exactly the declared statuses. */
export const kubernetesRoutes: RouteModule = (scope, context) => {
  // A child scope, so the YAML body parser of the import stays within Kubernetes paths.
  void scope.register(async (child: FastifyInstance) => {
    clusterRoutes(child, context);
    kubernetesNodeGroupRoutes(child, context);
    kubernetesAuthenticationRoutes(child, context);
  });
};

function clusterRoutes(scope: FastifyInstance, context: SandboxContext) {
  const { db, audit, kubernetes, kubernetesModel: model, jobs, clock, storages } = context;
  const findNetwork = networkLookup(context.networks);

  scope.get('/kubernetes/plans', { config: { xmlRoot: 'plans' } }, async () => clusterPlans);
  scope.get(
    '/kubernetes/versions',
    { config: { xmlRoot: 'versions' } },
    async () => clusterVersions,
  );

  scope.get('/kubernetes', { config: { xmlRoot: 'clusters' } }, async (request) => {
    const query = validate(clusterListQuerySchema, request.query ?? {});
    const filters = labelFilters(query.label);
    return kubernetes
      .clustersOf(principalOf(request).owner.id)
      .filter((row) => matchesLabelFilters(JSON.parse(row.labels) as Label[], filters))
      .map(model.clusterRecord);
  });

  scope.post('/kubernetes', { config: { xmlRoot: 'cluster' } }, async (request, reply) => {
    const body = readKubernetesBody(request.body, clusterCreateSchema, {
      malformed: 400,
      invalid: 422,
    });
    const { owner } = principalOf(request);
    if (!zoneIds.has(body.zone)) {
      throw unprocessable('ZONE_INVALID', `There is no zone ${body.zone}.`, [
        { name: 'zone', reason: 'Not a zone of GET /1.2/zone.' },
      ]);
    }
    if (!clusterVersions.some((version) => version.id === body.version)) {
      throw unprocessable(
        'VERSION_INVALID',
        `Version ${body.version} is not offered; choose one of ${clusterVersions.map((v) => v.id).join(', ')}.`,
        [{ name: 'version', reason: 'Not an offered version.' }],
      );
    }
    const plan = checkClusterPlan(body.plan ?? 'development', 422);
    body.node_groups.forEach((group, index) =>
      checkNodeGroup(group, `node_groups[${index}]`, {
        zone: body.zone,
        ownerId: owner.id,
        storages,
      }),
    );
    checkNodeTotal(
      body.node_groups.reduce((sum, group) => sum + group.count, 0),
      plan.name,
    );
    if (body.authentication) checkIssuerSet(body.authentication, 422);
    if (kubernetes.clusterNamed(owner.id, body.name)) {
      throw unprocessable(
        'RESOURCE_ALREADY_EXISTS',
        `You already have a cluster named ${body.name}; cluster names are unique per account.`,
        [{ name: 'name', reason: 'A cluster with this name exists.' }],
      );
    }
    const limit = (JSON.parse(owner.resource_limits) as Record<string, number | null>)
      .managed_kubernetes;
    if (typeof limit === 'number' && kubernetes.clustersOf(owner.id).length >= limit) {
      throw unprocessable(
        'CLUSTER_LIMIT_REACHED',
        `The account may have at most ${limit} Kubernetes clusters (resource limit managed_kubernetes).`,
      );
    }
    const network = findNetwork(owner.id, body.network);
    if (!network) throw notFound('network', body.network);
    if (network.type !== 'private') {
      throw unprocessable(
        'NETWORK_INVALID',
        `The network ${body.network} is not a private network.`,
        [{ name: 'network', reason: 'A cluster needs a private network.' }],
      );
    }
    if (network.zone !== body.zone) {
      throw unprocessable(
        'ZONE_MISMATCH',
        `The network ${body.network} is in ${network.zone}, not in ${body.zone}; a cluster needs a private network in its own zone.`,
        [{ name: 'network', reason: `The network is in ${network.zone}.` }],
      );
    }
    if (!network.cidrs.includes(body.network_cidr)) {
      throw unprocessable(
        'NETWORK_CIDR_INVALID',
        `network_cidr must be an IPv4 block of the network: ${network.cidrs.join(', ') || 'it has none'}.`,
        [{ name: 'network_cidr', reason: 'Not a block of the network.' }],
      );
    }
    const now = clock.now();
    const row: ClusterRow = {
      uuid: newUuid(uuidPrefixes.kubernetes),
      account_id: owner.id,
      name: body.name,
      zone: body.zone,
      network: body.network,
      network_cidr: body.network_cidr,
      version: body.version,
      plan: plan.name,
      state: 'pending',
      private_node_groups: body.private_node_groups ? 1 : 0,
      storage_encryption: body.storage_encryption ?? null,
      control_plane_ip_filter:
        body.control_plane_ip_filter === undefined
          ? null
          : JSON.stringify(body.control_plane_ip_filter),
      labels: JSON.stringify(body.labels ?? []),
      authentication: JSON.stringify(body.authentication ?? []),
      upgrade_version: null,
      ...issueClusterCredentials(body.name, now),
      created_at: now.toISOString(),
    };
    const record = db.transaction(() => {
      kubernetes.insertCluster(row);
      for (const group of body.node_groups) {
        model.addNodeGroup(row, group.name, nodeGroupSettings(group, row.storage_encryption));
      }
      jobs.schedule(kubernetesJobs.clusterReady, row.uuid, kubernetesDurations.clusterCreate);
      const created = model.clusterRecord(row);
      audit.record(auditContext(request), {
        action: 'create',
        resourceType: 'kubernetes_cluster',
        resourceId: row.uuid,
        current: created,
      });
      return created;
    })();
    return reply.code(201).send(record);
  });

  scope.get<UuidParams>('/kubernetes/:uuid', { config: { xmlRoot: 'cluster' } }, async (request) =>
    model.clusterRecord(ownCluster(kubernetes, request, request.params.uuid, 400)),
  );

  scope.patch<UuidParams>(
    '/kubernetes/:uuid',
    { config: { xmlRoot: 'cluster' } },
    async (request) => {
      const row = ownCluster(kubernetes, request, request.params.uuid, 400);
      const body = readKubernetesBody(request.body, clusterModifySchema, {
        malformed: 400,
        invalid: 400,
      });
      if (body.plan !== undefined && body.plan !== row.plan) {
        const plan = checkClusterPlan(body.plan, 400);
        const total = kubernetes
          .groupsOf(row.uuid)
          .reduce((sum, group) => sum + settingsOf(group).count, 0);
        if (total > plan.max_nodes) {
          throw new ApiProblem(
            400,
            'PLAN_INVALID',
            `The ${plan.name} plan runs at most ${plan.max_nodes} worker nodes; the cluster has ${total}.`,
            {},
            [{ name: 'plan', reason: 'Too small for the cluster.' }],
          );
        }
      }
      const updated: ClusterRow = {
        ...row,
        ...(body.plan !== undefined ? { plan: body.plan } : {}),
        ...(body.labels !== undefined ? { labels: JSON.stringify(body.labels) } : {}),
        ...(body.control_plane_ip_filter !== undefined
          ? { control_plane_ip_filter: JSON.stringify(body.control_plane_ip_filter) }
          : {}),
      };
      return db.transaction(() => {
        kubernetes.updateCluster(updated);
        const current = model.clusterRecord(updated);
        audit.record(auditContext(request), {
          action: 'modify',
          resourceType: 'kubernetes_cluster',
          resourceId: row.uuid,
          previous: model.clusterRecord(row),
          current,
        });
        return current;
      })();
    },
  );

  scope.delete<UuidParams>('/kubernetes/:uuid', async (request, reply) => {
    const row = ownCluster(kubernetes, request, request.params.uuid);
    if (row.state !== 'terminating') {
      db.transaction(() => {
        const previous = model.clusterRecord(row);
        model.terminateCluster(row);
        audit.record(auditContext(request), {
          action: 'delete',
          resourceType: 'kubernetes_cluster',
          resourceId: row.uuid,
          previous,
        });
      })();
    }
    return reply.code(202).send({ message: `deletion started for cluster '${row.name}'` });
  });

  scope.get<UuidParams>('/kubernetes/:uuid/kubeconfig', async (request) => {
    const row = ownCluster(kubernetes, request, request.params.uuid);
    return { kubeconfig: adminKubeconfig(row) };
  });

  scope.get<UuidParams>('/kubernetes/:uuid/available-upgrades', async (request) => {
    const row = ownCluster(kubernetes, request, request.params.uuid);
    return { versions: row.state === 'running' ? availableUpgrades(row.version) : [] };
  });

  scope.post<UuidParams>(
    '/kubernetes/:uuid/available-upgrades',
    { errorHandler: unprocessableOnBadRequest },
    async (request, reply) => {
      const row = ownCluster(kubernetes, request, request.params.uuid);
      const body = readKubernetesBody(request.body, clusterUpgradeSchema, {
        malformed: 422,
        invalid: 422,
      });
      if (row.state !== 'running') {
        throw unprocessable(
          'CLUSTER_STATE_ILLEGAL',
          `The cluster is ${row.state}; it can be upgraded only while running.`,
        );
      }
      const offered = availableUpgrades(row.version);
      if (!offered.includes(body.version)) {
        throw unprocessable(
          'VERSION_INVALID',
          offered.length > 0
            ? `Version ${body.version} is not offered for this cluster; it can move to ${offered.join(', ')}.`
            : `Version ${body.version} is not offered: the cluster runs the newest version.`,
          [{ name: 'version', reason: 'Not an available upgrade.' }],
        );
      }
      const strategy = { type: body.strategy?.type ?? 'manual' };
      db.transaction(() => {
        model.startUpgrade(row, body.version);
        audit.record(auditContext(request), {
          action: 'upgrade',
          resourceType: 'kubernetes_cluster',
          resourceId: row.uuid,
          previous: { version: row.version },
          current: { version: body.version, strategy },
        });
      })();
      return reply.code(201).send({ version: body.version, strategy });
    },
  );
}
