import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  maxNodeGroups,
  nodeGroupCreateSchema,
  nodeGroupModifySchema,
} from '../../../contract/kubernetes';
import type { SandboxContext } from '../context';
import { notFound } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { checkNodeGroup, checkNodeTotal } from '../kubernetes/checks';
import {
  ownCluster,
  readKubernetesBody,
  unprocessable,
  unprocessableOnBadRequest,
} from '../kubernetes/http';
import type { NodeGroupSettings } from '../kubernetes/model';
import { nodeGroupSettings, settingsOf } from '../kubernetes/model';
import type { ClusterRow } from '../store/kubernetes';

type GroupParams = { Params: { uuid: string; name: string } };
type NodeParams = { Params: { uuid: string; name: string; node: string } };

/** Node groups and their nodes (spec §4.3; reference §9.2). */
export function kubernetesNodeGroupRoutes(scope: FastifyInstance, context: SandboxContext) {
  const { db, audit, kubernetes, kubernetesModel: model, storages } = context;

  function ownGroup(request: FastifyRequest, uuid: string, name: string) {
    const cluster = ownCluster(kubernetes, request, uuid);
    const group = kubernetes.findGroup(cluster.uuid, name);
    if (!group) throw notFound('node group', name);
    return { cluster, group };
  }

  const totalNodes = (cluster: ClusterRow) =>
    kubernetes.groupsOf(cluster.uuid).reduce((sum, group) => sum + settingsOf(group).count, 0);

  scope.get<{ Params: { uuid: string } }>(
    '/kubernetes/:uuid/node-groups',
    { config: { xmlRoot: 'node_groups' } },
    async (request) => {
      const cluster = ownCluster(kubernetes, request, request.params.uuid);
      return kubernetes.groupsOf(cluster.uuid).map(model.nodeGroupRecord);
    },
  );

  scope.post<{ Params: { uuid: string } }>(
    '/kubernetes/:uuid/node-groups',
    { config: { xmlRoot: 'node_group' }, errorHandler: unprocessableOnBadRequest },
    async (request, reply) => {
      const cluster = ownCluster(kubernetes, request, request.params.uuid);
      const body = readKubernetesBody(request.body, nodeGroupCreateSchema, {
        malformed: 422,
        invalid: 422,
      });
      if (cluster.state !== 'running') {
        throw unprocessable(
          'CLUSTER_STATE_ILLEGAL',
          `The cluster is ${cluster.state}; node groups can be added while it is running.`,
        );
      }
      const groups = kubernetes.groupsOf(cluster.uuid);
      if (groups.some((group) => group.name === body.name)) {
        throw unprocessable(
          'RESOURCE_ALREADY_EXISTS',
          `The cluster already has a node group named ${body.name}.`,
          [{ name: 'name', reason: 'A node group with this name exists.' }],
        );
      }
      if (groups.length >= maxNodeGroups) {
        throw unprocessable(
          'NODE_GROUP_LIMIT_REACHED',
          `A cluster has at most ${maxNodeGroups} node groups.`,
        );
      }
      checkNodeGroup(body, 'the node group', {
        zone: cluster.zone,
        ownerId: principalOf(request).owner.id,
        storages,
      });
      checkNodeTotal(totalNodes(cluster) + body.count, cluster.plan);
      const record = db.transaction(() => {
        const row = model.addNodeGroup(
          cluster,
          body.name,
          nodeGroupSettings(body, cluster.storage_encryption),
        );
        const created = model.nodeGroupRecord(row);
        audit.record(auditContext(request), {
          action: 'create',
          resourceType: 'kubernetes_node_group',
          resourceId: `${cluster.uuid}/${body.name}`,
          current: created,
        });
        return created;
      })();
      return reply.code(201).send(record);
    },
  );

  scope.get<GroupParams>(
    '/kubernetes/:uuid/node-groups/:name',
    { config: { xmlRoot: 'node_group' } },
    async (request) => {
      const { group } = ownGroup(request, request.params.uuid, request.params.name);
      return model.nodeGroupDetails(group);
    },
  );

  scope.patch<GroupParams>(
    '/kubernetes/:uuid/node-groups/:name',
    { config: { xmlRoot: 'node_group' }, errorHandler: unprocessableOnBadRequest },
    async (request) => {
      const { cluster, group } = ownGroup(request, request.params.uuid, request.params.name);
      const body = readKubernetesBody(request.body, nodeGroupModifySchema, {
        malformed: 422,
        invalid: 422,
      });
      const settings = settingsOf(group);
      const next: NodeGroupSettings = {
        ...settings,
        ...(body.count !== undefined ? { count: body.count } : {}),
        ...(body.labels !== undefined ? { labels: body.labels } : {}),
        ...(body.taints !== undefined ? { taints: body.taints } : {}),
        ...(body.kubelet_args !== undefined ? { kubelet_args: body.kubelet_args } : {}),
        ...(body.node_updates !== undefined ? { node_updates: body.node_updates } : {}),
      };
      if (next.count !== settings.count) {
        if (group.state !== 'running' || cluster.state === 'terminating') {
          throw unprocessable(
            'NODE_GROUP_STATE_ILLEGAL',
            `The node group is ${group.state === 'running' ? cluster.state : group.state}; it can be scaled once it is running.`,
          );
        }
        checkNodeTotal(totalNodes(cluster) - settings.count + next.count, cluster.plan);
      }
      return db.transaction(() => {
        const previous = model.nodeGroupRecord(group);
        const updated =
          next.count !== settings.count
            ? model.scaleNodeGroup(cluster, group, next)
            : { ...group, settings: JSON.stringify(next) };
        if (next.count === settings.count) kubernetes.updateGroup(updated);
        const current = model.nodeGroupRecord(updated);
        audit.record(auditContext(request), {
          action: 'modify',
          resourceType: 'kubernetes_node_group',
          resourceId: `${cluster.uuid}/${group.name}`,
          previous,
          current,
        });
        return current;
      })();
    },
  );

  scope.delete<GroupParams>('/kubernetes/:uuid/node-groups/:name', async (request, reply) => {
    const { cluster, group } = ownGroup(request, request.params.uuid, request.params.name);
    if (group.state !== 'terminating') {
      db.transaction(() => {
        const previous = model.nodeGroupRecord(group);
        model.terminateNodeGroup(cluster, group);
        audit.record(auditContext(request), {
          action: 'delete',
          resourceType: 'kubernetes_node_group',
          resourceId: `${cluster.uuid}/${group.name}`,
          previous,
        });
      })();
    }
    return reply.code(202).send({ message: `deletion started for node group '${group.name}'` });
  });

  scope.delete<NodeParams>('/kubernetes/:uuid/node-groups/:name/:node', async (request, reply) => {
    const { cluster, group } = ownGroup(request, request.params.uuid, request.params.name);
    const node = kubernetes
      .nodesOf(cluster.uuid, group.name)
      .find((item) => item.name === request.params.node);
    if (!node) throw notFound('node', request.params.node);
    if (node.state !== 'terminating') {
      db.transaction(() => {
        model.replaceNode(cluster, node);
        audit.record(auditContext(request), {
          action: 'delete',
          resourceType: 'kubernetes_node',
          resourceId: node.uuid,
          previous: { name: node.name, node_group: group.name, cluster: cluster.uuid },
        });
      })();
    }
    return reply.code(202).send({ message: `deletion started for node '${node.name}'` });
  });
}
