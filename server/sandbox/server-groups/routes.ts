import type { FastifyRequest } from 'fastify';
import type { Label } from '../../../contract/common';
import { uuidPattern, uuidPrefixes } from '../../../contract/common';
import { matchesLabelFilters } from '../../../contract/labels';
import type { ServerGroup } from '../../../contract/server-group';
import { serverGroupEndpoints as api } from '../../../contract/server-group';
import { rfc3339 } from '../clock';
import { newUuid } from '../credentials';
import type { RouteModule } from '../domain';
import { handle } from '../http/endpoint-route';
import { ApiProblem } from '../http/errors';
import { principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
import { checkLabelKeys, labelFilters, readLabelledBody } from '../http/validation';
import { antiAffinityStatus, ownServerGroup, refuseFull } from './placement';
import type { ServerGroupRow } from './store';
import { createServerGroupStore } from './store';

const labelled = { readBody: readLabelledBody };

/**
 * Server groups (api-reference-notes §16.1): per account (another account's group is 404), members
 * are the account's servers, a server is in one group at most.
 */
export const serverGroupRoutes: RouteModule = (scope, context) => {
  const { resources, audit, clock } = context;
  const groups = createServerGroupStore(context.db);
  const ownerOf = (request: FastifyRequest) => principalOf(request).owner.id;

  const record = (row: ServerGroupRow): ServerGroup => {
    const members = groups.members(row.uuid);
    return {
      uuid: row.uuid,
      title: row.title,
      labels: { label: JSON.parse(row.labels) as Label[] },
      servers: { server: members.map((server) => server.uuid) },
      anti_affinity: row.anti_affinity,
      anti_affinity_status: antiAffinityStatus(row, members),
    };
  };

  const groupFor = (request: FastifyRequest, uuid: string) =>
    ownServerGroup(groups, ownerOf(request), uuid);

  /** The caller's server (400, 403, 404 as on any server path), in no other group. */
  function memberNamed(request: FastifyRequest, uuid: string, groupUuid?: string) {
    const server = resources.serverFor(principalOf(request), uuid);
    const current = groups.groupOf(server.uuid);
    if (current !== null && current !== groupUuid) {
      throw new ApiProblem(
        409,
        'ALREADY_IN_SERVER_GROUP',
        `The server ${uuid} is in the server group ${current}; a server is in one group at most.`,
      );
    }
    return server.uuid;
  }
  const membersNamed = (request: FastifyRequest, uuids: readonly string[], groupUuid?: string) =>
    [...new Set(uuids)].map((uuid) => memberNamed(request, uuid, groupUuid));

  const audited = auditedResource(audit, {
    resourceType: 'server',
    resourceSubType: 'server-group',
    record,
  });

  handle(scope, api.list, async ({ request, query }) => {
    const filters = labelFilters(query.label);
    const rows = groups
      .listByAccount(ownerOf(request))
      .filter((row) => matchesLabelFilters(JSON.parse(row.labels) as Label[], filters));
    return { server_groups: { server_group: rows.map(record) } };
  });

  handle(
    scope,
    api.create,
    async ({ request, body: { server_group: body } }) => {
      const labels = body.labels?.label ?? [];
      checkLabelKeys(labels);
      const members = membersNamed(request, body.servers?.server ?? []);
      const row: ServerGroupRow = {
        uuid: newUuid(uuidPrefixes.serverGroup),
        account_id: ownerOf(request),
        title: body.title,
        labels: JSON.stringify(labels),
        anti_affinity: body.anti_affinity ?? 'no',
        created_at: rfc3339(clock.now()),
      };
      const current = audited.create(request, row, () => {
        groups.insert(row);
        groups.setMembers(row.uuid, members);
      });
      return { server_group: current };
    },
    labelled,
  );

  handle(scope, api.get, async ({ request, params }) => ({
    server_group: record(groupFor(request, params.uuid)),
  }));

  handle(
    scope,
    api.modify,
    async ({ request, params, body: { server_group: body } }) => {
      const row = groupFor(request, params.uuid);
      if (body.labels) checkLabelKeys(body.labels.label);
      const members = body.servers && membersNamed(request, body.servers.server, row.uuid);
      const next: ServerGroupRow = {
        ...row,
        title: body.title ?? row.title,
        labels: body.labels ? JSON.stringify(body.labels.label) : row.labels,
        anti_affinity: body.anti_affinity ?? row.anti_affinity,
      };
      const current = audited.update(request, row, next, () => {
        groups.update(next);
        if (members) groups.setMembers(row.uuid, members);
      });
      return { server_group: current };
    },
    labelled,
  );

  handle(scope, api.delete, async ({ request, params }) => {
    const row = groupFor(request, params.uuid);
    audited.delete(request, row, () => groups.delete(row.uuid));
  });

  handle(scope, api.addMember, async ({ request, params, body }) => {
    const row = groupFor(request, params.uuid);
    const server = memberNamed(request, body.server.uuid, row.uuid);
    const members = groups.members(row.uuid).map((member) => member.uuid);
    if (members.includes(server)) {
      throw new ApiProblem(
        409,
        'ALREADY_IN_SERVER_GROUP',
        `The server ${server} is in this server group already.`,
      );
    }
    refuseFull(groups, row);
    audited.update(request, row, row, () => groups.join(server, row.uuid));
  });

  handle(scope, api.removeMember, async ({ request, params }) => {
    const row = groupFor(request, params.uuid);
    if (!uuidPattern.test(params.server)) {
      throw new ApiProblem(400, 'SERVER_INVALID', 'The server UUID is invalid.');
    }
    if (!groups.members(row.uuid).some((member) => member.uuid === params.server)) {
      throw new ApiProblem(
        404,
        'SERVER_NOT_FOUND',
        `The server ${params.server} is not in the server group ${row.uuid}.`,
      );
    }
    audited.update(request, row, row, () => groups.join(params.server, null));
  });
};
