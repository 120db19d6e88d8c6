import type { FastifyInstance } from 'fastify';
import { uuidPrefixes } from '../../../contract/common';
import type { Label } from '../../../contract/common';
import { kubernetesEndpoints } from '../../../contract/kubernetes';
import { matchesLabelFilters } from '../../../contract/labels';
import type { RouteModule } from '../domain';
import { zoneIds } from '../catalog';
import type { SandboxContext } from '../context';
import { newUuid } from '../credentials';
import { ApiProblem, notFound } from '../http/errors';
import { principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
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
  badRequestStatuses,
  kubernetesRouter,
  ownCluster,
  unprocessable,
} from '../kubernetes/http';
import { adminKubeconfig } from '../kubernetes/kubeconfig';
import { nodeGroupSettings, settingsOf } from '../kubernetes/model';
import { networkLookup } from '../kubernetes/networks';
import type { ClusterRow } from '../store/kubernetes';
import { kubernetesAuthenticationRoutes } from './kubernetes-authentication';
import { kubernetesNodeGroupRoutes } from './kubernetes-node-groups';

/** Managed Kubernetes clusters (api-rules §4.3; api-reference-notes §9), with exactly the declared statuses. */
export const kubernetesRoutes: RouteModule = (scope, context) => {
  // A child scope, so the YAML body parser of the import stays within Kubernetes paths.
  void scope.register(async (child: FastifyInstance) => {
    clusterRoutes(child, context);
    kubernetesNodeGroupRoutes(child, context);
    kubernetesAuthenticationRoutes(child, context);
  });
};

function clusterRoutes(scope: FastifyInstance, context: SandboxContext) {
  const { audit, kubernetes, kubernetesModel: model, jobs, clock, storages } = context;
  const findNetwork = networkLookup(context.networks);
  const endpoints = kubernetesEndpoints;
  const route = kubernetesRouter(scope);
  const audited = auditedResource(audit, {
    resourceType: 'kubernetes_cluster',
    record: (row: ClusterRow) => model.clusterRecord(row),
    updateAction: 'modify',
  });

  route(endpoints.plans, async () => clusterPlans, { xmlRoot: 'plans' });

  route(endpoints.versions, async () => clusterVersions, { xmlRoot: 'versions' });

  route(
    endpoints.list,
    async ({ request, query }) => {
      const filters = labelFilters(query.label);
      return kubernetes
        .clustersOf(principalOf(request).owner.id)
        .filter((row) => matchesLabelFilters(JSON.parse(row.labels) as Label[], filters))
        .map(model.clusterRecord);
    },
    { xmlRoot: 'clusters' },
  );

  route(
    endpoints.create,
    async ({ request, body }) => {
      const refused = badRequestStatuses(endpoints.create).invalid;
      const { owner } = principalOf(request);
      if (!zoneIds.has(body.zone)) {
        throw unprocessable('ZONE_INVALID', `There is no zone ${body.zone}.`, [
          { name: 'zone', reason: 'Not a zone the API offers.' },
        ]);
      }
      if (!clusterVersions.some((version) => version.id === body.version)) {
        throw unprocessable(
          'VERSION_INVALID',
          `Version ${body.version} is not offered; choose one of ${clusterVersions.map((v) => v.id).join(', ')}.`,
          [{ name: 'version', reason: 'Not an offered version.' }],
        );
      }
      const plan = checkClusterPlan(body.plan ?? 'development', refused);
      // The cluster's certificates are made before the checks that read the account's resources,
      // so that nothing can change them between those checks and the insert.
      const now = clock.now();
      const credentials = await issueClusterCredentials(body.name, now);
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
      if (body.authentication) checkIssuerSet(body.authentication, refused);
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
        ...credentials,
        created_at: now.toISOString(),
      };
      return audited.create(request, row, () => {
        kubernetes.insertCluster(row);
        for (const group of body.node_groups) {
          model.addNodeGroup(row, group.name, nodeGroupSettings(group, row.storage_encryption));
        }
        jobs.schedule(kubernetesJobs.clusterReady, row.uuid, kubernetesDurations.clusterCreate);
      });
    },
    { xmlRoot: 'cluster' },
  );

  route(
    endpoints.get,
    async ({ request, params }) =>
      model.clusterRecord(ownCluster(kubernetes, request, params.uuid, 400)),
    { xmlRoot: 'cluster' },
  );

  route(
    endpoints.modify,
    async ({ request, params, body }) => {
      const row = ownCluster(kubernetes, request, params.uuid, 400);
      if (body.plan !== undefined && body.plan !== row.plan) {
        const refused = badRequestStatuses(endpoints.modify).invalid;
        const plan = checkClusterPlan(body.plan, refused);
        const total = kubernetes
          .groupsOf(row.uuid)
          .reduce((sum, group) => sum + settingsOf(group).count, 0);
        if (total > plan.max_nodes) {
          throw new ApiProblem(
            refused,
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
      return audited.update(request, row, updated, () => kubernetes.updateCluster(updated));
    },
    { xmlRoot: 'cluster' },
  );

  route(endpoints.delete, async ({ request, params }) => {
    const row = ownCluster(kubernetes, request, params.uuid);
    if (row.state !== 'terminating') {
      audited.delete(request, row, () => model.terminateCluster(row));
    }
    return { message: `deletion started for cluster '${row.name}'` };
  });

  route(endpoints.kubeconfig, async ({ request, params }) => ({
    kubeconfig: adminKubeconfig(ownCluster(kubernetes, request, params.uuid)),
  }));

  route(endpoints.availableUpgrades, async ({ request, params }) => {
    const row = ownCluster(kubernetes, request, params.uuid);
    return { versions: row.state === 'running' ? availableUpgrades(row.version) : [] };
  });

  route(endpoints.upgrade, async ({ request, params, body }) => {
    const row = ownCluster(kubernetes, request, params.uuid);
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
    audited.change(request, 'upgrade', row, {
      before: () => ({ version: row.version }),
      write: () => model.startUpgrade(row, body.version),
      after: () => ({ version: body.version, strategy }),
    });
    return { version: body.version, strategy };
  });
}
