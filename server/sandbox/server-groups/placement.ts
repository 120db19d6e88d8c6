import { uuidPattern } from '../../../contract/common';
import { serverGroupLimits } from '../../../contract/server-group';
import { ApiProblem } from '../http/errors';
import type { ServerRow } from '../store/servers';
import type { Db } from '../store/database';
import type { ServerGroupRow, ServerGroupStore } from './store';
import { createServerGroupStore } from './store';

/** Hosts per zone: few enough that two servers end up sharing one (api-reference-notes §16.1). */
const hostsPerZone = 3;

/** The zone's hosts, the same numbers in every sandbox; filled in this order. */
export function hostPool(zone: string): number[] {
  let seed = 0;
  for (const char of zone) seed = (seed * 31 + char.charCodeAt(0)) % 100_000;
  return Array.from({ length: hostsPerZone }, (_, index) => 6_000_000_000 + seed * 10 + index + 1);
}

/** The owner's group a path or body names: 400 for no UUID, 404 for another account's or none. */
export function ownServerGroup(groups: ServerGroupStore, ownerId: number, uuid: string) {
  if (!uuidPattern.test(uuid)) {
    throw new ApiProblem(400, 'GROUP_INVALID', 'The server group UUID is invalid.');
  }
  const row = groups.find(uuid);
  if (!row || row.account_id !== ownerId) {
    throw new ApiProblem(404, 'GROUP_NOT_FOUND', `The server group ${uuid} does not exist.`);
  }
  return row;
}

/** A group takes a member while it has fewer than the bound (409 otherwise). */
export function refuseFull(groups: ServerGroupStore, group: ServerGroupRow) {
  if (groups.members(group.uuid).length >= serverGroupLimits.members) {
    throw new ApiProblem(
      409,
      'SERVER_GROUP_LIMIT_REACHED',
      `A server group has at most ${serverGroupLimits.members} servers.`,
    );
  }
}

/** A member holds a host unless it is stopped (the real service then leaves `host` out). */
const running = (server: ServerRow) => server.state !== 'stopped';

/** Per running member: `met` when no other running member of the group shares its host. */
export function antiAffinityStatus(group: ServerGroupRow, members: readonly ServerRow[]) {
  if (group.anti_affinity === 'no') return [];
  const placed = members.filter(running);
  const sharing = (server: ServerRow) =>
    placed.some((other) => other.uuid !== server.uuid && other.host === server.host);
  return placed.map((server) => ({
    uuid: server.uuid,
    status: sharing(server) ? ('unmet' as const) : ('met' as const),
  }));
}

/**
 * Where a server runs when it starts (api-reference-notes §16.1): the zone's first host, unless it
 * is a member of an anti-affinity group; then the first host no other running member of the group
 * uses. With none free, `yes` shares a host and `strict` refuses the start.
 */
export function createPlacement(db: Db, groups: ServerGroupStore = createServerGroupStore(db)) {
  function hostFor(server: { uuid?: string; zone: string }, groupUuid: string | null): number {
    const pool = hostPool(server.zone);
    const group = groupUuid === null ? undefined : groups.find(groupUuid);
    if (!group || group.anti_affinity === 'no') return pool[0]!;
    const taken = new Set(
      groups
        .members(group.uuid)
        .filter((member) => member.uuid !== server.uuid && running(member))
        .map((member) => member.host),
    );
    const free = pool.find((host) => !taken.has(host));
    if (free !== undefined) return free;
    if (group.anti_affinity === 'strict') {
      throw new ApiProblem(
        409,
        'STRICT_ANTI_AFFINITY_NOT_MET',
        `Every host of ${server.zone} runs a member of the server group ${group.uuid}, whose anti-affinity policy is strict.`,
      );
    }
    return pool[0]!;
  }

  return {
    hostFor,
    /** The group a server create names in `server_group`: the caller's, with room for one more. */
    groupForNewServer(ownerId: number, uuid: string) {
      const group = ownServerGroup(groups, ownerId, uuid);
      refuseFull(groups, group);
      return group.uuid;
    },
    join: groups.join,
    /** Puts a starting server on its host, and answers that host. */
    place(server: ServerRow) {
      const host = hostFor(server, groups.groupOf(server.uuid));
      groups.moveTo(server.uuid, host);
      return host;
    },
  };
}
