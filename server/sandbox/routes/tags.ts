import type { FastifyRequest } from 'fastify';
import { tagNameSchema } from '../../../contract/server';
import type { Tag } from '../../../contract/tag';
import { tagEndpoints } from '../../../contract/tag';
import { rfc3339 } from '../clock';
import type { SandboxContext } from '../context';
import type { RouteModule } from '../domain';
import { handle } from '../http/endpoint-route';
import { ApiProblem } from '../http/errors';
import { principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
import type { ServerRow } from '../store/servers';
import type { TagRow } from '../tags/repository';
import { createTagRepository } from '../tags/repository';
import { createQuotas } from '../quotas';

const tagsOf = (server: ServerRow) => JSON.parse(server.tags) as string[];

/**
 * Tags (api-reference-notes §16): per account; a tag's servers are the account's servers carrying
 * its name, so renaming a tag renames it on them and deleting it takes it off them.
 */
export const tagRoutes: RouteModule = (scope, context: SandboxContext) => {
  const { servers, resources, audit, clock } = context;
  const tags = createTagRepository(context.db);
  const now = () => rfc3339(clock.now());
  const ownerOf = (request: FastifyRequest) => principalOf(request).owner.id;

  /** Each tag name the account's servers carry, with the servers carrying it: one pass. */
  const carriersOf = (accountId: number) => {
    const carriers = new Map<string, string[]>();
    for (const server of servers.listByAccount(accountId)) {
      for (const name of tagsOf(server)) {
        const uuids = carriers.get(name);
        if (uuids) uuids.push(server.uuid);
        else carriers.set(name, [server.uuid]);
      }
    }
    return carriers;
  };
  const record = (row: TagRow, carriers = carriersOf(row.account_id)): Tag => ({
    name: row.name,
    description: row.description,
    servers: { server: carriers.get(row.name) ?? [] },
  });

  const audited = auditedResource(audit, {
    resourceType: 'tag',
    id: (row: TagRow) => row.name,
    record: (row: TagRow) => record(row),
    // A new tag counts against the account's `tags` limit, as does a name put on its servers.
    quotas: createQuotas(context.db),
  });

  const checkName = (name: string) => {
    if (!tagNameSchema.safeParse(name).success) {
      throw new ApiProblem(
        400,
        'TAG_INVALID',
        `“${name}” is not a tag name: letters, digits and underscores, at most 32.`,
      );
    }
  };
  const tagFor = (ownerId: number, name: string) => {
    checkName(name);
    const row = tags.find(ownerId, name, now());
    if (!row) throw new ApiProblem(404, 'TAG_NOT_FOUND', `The tag ${name} does not exist.`);
    return row;
  };
  const refuseTaken = (ownerId: number, name: string) => {
    if (tags.find(ownerId, name, now())) {
      throw new ApiProblem(409, 'TAG_EXISTS', `The tag ${name} already exists.`);
    }
  };

  /** Rewrites the tag lists of the account's servers; only changed rows are written. */
  function retag(ownerId: number, change: (server: ServerRow, names: string[]) => string[]) {
    for (const server of servers.listByAccount(ownerId)) {
      const before = tagsOf(server);
      const after = [...new Set(change(server, before))];
      if (JSON.stringify(after) !== server.tags) {
        servers.update({ ...server, tags: JSON.stringify(after) });
      }
    }
  }

  /** `servers` of a request: the caller's own servers (400, 403, 404 as for any server path). */
  const serversNamed = (request: FastifyRequest, uuids: readonly string[] | undefined) =>
    uuids === undefined
      ? undefined
      : new Set(uuids.map((uuid) => resources.serverFor(principalOf(request), uuid).uuid));

  handle(scope, tagEndpoints.list, async ({ request }) => {
    const ownerId = ownerOf(request);
    const carriers = carriersOf(ownerId);
    return { tags: { tag: tags.list(ownerId, now()).map((row) => record(row, carriers)) } };
  });

  handle(scope, tagEndpoints.create, async ({ request, body: { tag: body } }) => {
    const ownerId = ownerOf(request);
    refuseTaken(ownerId, body.name);
    const tagged = serversNamed(request, body.servers?.server) ?? new Set<string>();
    const row: TagRow = {
      account_id: ownerId,
      name: body.name,
      description: body.description ?? '',
      created_at: now(),
    };
    const current = audited.create(request, row, () => {
      tags.save(row);
      retag(ownerId, (server, names) => (tagged.has(server.uuid) ? [...names, row.name] : names));
    });
    return { tag: current };
  });

  handle(scope, tagEndpoints.modify, async ({ request, params, body: { tag: body } }) => {
    const ownerId = ownerOf(request);
    const row = tagFor(ownerId, params.name);
    const name = body.name ?? row.name;
    if (name !== row.name) refuseTaken(ownerId, name);
    const tagged = serversNamed(request, body.servers?.server);
    const next: TagRow = { ...row, name, description: body.description ?? row.description };
    const current = audited.update(request, row, next, () => {
      tags.delete(ownerId, row.name);
      tags.save(next);
      retag(ownerId, (server, names) => {
        const renamed = names.map((tag) => (tag === row.name ? name : tag));
        if (!tagged) return renamed;
        const without = renamed.filter((tag) => tag !== name);
        return tagged.has(server.uuid) ? [...without, name] : without;
      });
    });
    return { tag: current };
  });

  handle(scope, tagEndpoints.delete, async ({ request, params }) => {
    const ownerId = ownerOf(request);
    const row = tagFor(ownerId, params.name);
    audited.delete(request, row, () => {
      tags.delete(ownerId, row.name);
      retag(ownerId, (_server, names) => names.filter((tag) => tag !== row.name));
    });
  });
};
