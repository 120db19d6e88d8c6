import type { FastifyRequest } from 'fastify';
import { uuidPrefixes } from '../../../contract/common';
import { rfc3339 } from '../clock';
import { matchesLabelFilters } from '../../../contract/labels';
import { networkPeeringEndpoints } from '../../../contract/network-peering';
import type { RouteModule } from '../domain';
import type { SandboxContext } from '../context';
import { newUuid } from '../credentials';
import { handle } from '../http/endpoint-route';
import { ApiProblem, invalidAttribute, ownRowByUuid } from '../http/errors';
import { principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
import { checkLabelKeys, labelFilters, readLabelledBody } from '../http/validation';
import { peeringJobKind, peeringProvisionSeconds } from '../networking';
import type { PeeringRow } from '../store/networks';
import { createQuotas } from '../quotas';

/**
 * Starts provisioning every peering pair of the network that has become ready (both sides
 * active, routers on both, no overlap): such a pair is `provisioning` until its job makes it
 * `active` (api-reference-notes §8).
 */
export function provisionPeerings(context: SandboxContext, networkUuid: string) {
  for (const row of context.peerings.touching(networkUuid)) provision(context, row);
}

function provision(context: SandboxContext, row: PeeringRow) {
  const { peerings, networking, jobs } = context;
  const reverse = peerings.between(row.peer_network_uuid, row.network_uuid);
  if (networking.peeringState(row) !== 'provisioning' || !reverse) return;
  for (const side of [row, reverse]) jobs.cancel(side.uuid, peeringJobKind);
  jobs.schedule(peeringJobKind, row.uuid, peeringProvisionSeconds);
}

/** Network peerings (api-rules §4.7; api-reference-notes §8). */
export const networkPeeringRoutes: RouteModule = (scope, context: SandboxContext) => {
  const { networks, peerings, networking, audit, clock, jobs } = context;
  const now = () => rfc3339(clock.now());
  const quotas = createQuotas(context.db);
  const ownerOf = (request: FastifyRequest) => principalOf(request).owner.id;
  const record = (row: PeeringRow) => ({ network_peering: networking.peeringRecord(row) });
  const labelled = { readBody: readLabelledBody };
  const audited = auditedResource(audit, {
    resourceType: 'network_peering',
    record: (row: PeeringRow) => networking.peeringRecord(row),
    quotas,
  });

  const peeringFor = (ownerId: number, uuid: string): PeeringRow =>
    ownRowByUuid(uuid, ownerId, peerings.find, 'peering', 'network peering');

  /** Either side disabling (or deleting) its half ends the pair's established state. */
  function unsettle(row: PeeringRow) {
    const reverse = peerings.between(row.peer_network_uuid, row.network_uuid);
    for (const side of reverse ? [row, reverse] : [row]) {
      jobs.cancel(side.uuid, peeringJobKind);
      const fresh = peerings.find(side.uuid);
      if (fresh?.established) peerings.update({ ...fresh, established: 0 });
    }
  }

  handle(scope, networkPeeringEndpoints.list, async ({ request, query }) => {
    const filters = labelFilters(query.label);
    const rows = peerings
      .ofAccount(ownerOf(request))
      .filter((row) => query.uuid === undefined || row.uuid === query.uuid)
      .filter(
        (row) =>
          query.network_uuid_local === undefined || row.network_uuid === query.network_uuid_local,
      )
      .filter(
        (row) =>
          query.network_uuid_peer === undefined ||
          row.peer_network_uuid === query.network_uuid_peer,
      )
      .filter((row) => matchesLabelFilters(JSON.parse(row.labels), filters));
    return {
      network_peerings: { network_peering: rows.map((row) => networking.peeringRecord(row)) },
    };
  });

  handle(
    scope,
    networkPeeringEndpoints.create,
    async ({ request, body: { network_peering: body } }) => {
      const ownerId = ownerOf(request);
      const labels = body.labels ?? [];
      checkLabelKeys(labels);
      const local = networking.networkFor(ownerId, body.network.uuid, 'read');
      if (local.type !== 'private') {
        throw invalidAttribute('network', 'Only private networks can be peered.');
      }
      // The peer may be another main account's network (api-rules §4.7): only its existence, type and
      // router are checked, nothing else of it is revealed.
      const peer = networks.find(body.peer_network.uuid);
      if (!peer) {
        throw new ApiProblem(
          404,
          'PEER_NETWORK_NOT_FOUND',
          `The peer network ${body.peer_network.uuid} does not exist.`,
        );
      }
      if (peer.type !== 'private') {
        throw invalidAttribute('peer_network', 'Only private networks can be peered.');
      }
      if (peer.uuid === local.uuid) {
        throw invalidAttribute('peer_network', 'A network cannot be peered with itself.');
      }
      if (!local.router_uuid) {
        throw new ApiProblem(
          409,
          'LOCAL_NETWORK_NO_ROUTER',
          `The network ${local.uuid} has no router; attach one before peering it.`,
        );
      }
      if (!peer.router_uuid) {
        throw new ApiProblem(
          409,
          'PEER_NETWORK_NO_ROUTER',
          `The peer network ${peer.uuid} has no router; its owner must attach one first.`,
        );
      }
      const existing = peerings.between(local.uuid, peer.uuid);
      if (existing) {
        throw new ApiProblem(
          409,
          'PEERING_CONFLICT',
          `The peering ${existing.uuid} already connects ${local.uuid} to ${peer.uuid}.`,
        );
      }
      const row: PeeringRow = {
        uuid: newUuid(uuidPrefixes.networkPeering),
        account_id: ownerId,
        name: body.name,
        network_uuid: local.uuid,
        peer_network_uuid: peer.uuid,
        configured_status: body.configured_status ?? 'active',
        established: 0,
        labels: JSON.stringify(labels),
        created_at: now(),
        updated_at: null,
      };
      const current = audited.create(request, row, () => {
        peerings.insert(row);
        provision(context, row);
      });
      return { network_peering: current };
    },
    labelled,
  );

  handle(scope, networkPeeringEndpoints.get, async ({ request, params }) =>
    record(peeringFor(ownerOf(request), params.uuid)),
  );

  handle(
    scope,
    networkPeeringEndpoints.modify,
    async ({ request, params, body: { network_peering: body } }) => {
      const row = peeringFor(ownerOf(request), params.uuid);
      if (body.labels) checkLabelKeys(body.labels);
      const status = body.configured_status ?? row.configured_status;
      const current = audited.settle(request, row, () => {
        if (status === 'disabled' && row.configured_status === 'active') unsettle(row);
        // Disabling may have changed the row (no longer established): build on it as it is now.
        const next: PeeringRow = {
          ...peerings.find(row.uuid)!,
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.labels !== undefined ? { labels: JSON.stringify(body.labels) } : {}),
          configured_status: status,
          updated_at: now(),
        };
        peerings.update(next);
        if (status === 'active') provision(context, next);
        return next;
      });
      return { network_peering: current };
    },
    labelled,
  );

  handle(scope, networkPeeringEndpoints.delete, async ({ request, params }) => {
    const row = peeringFor(ownerOf(request), params.uuid);
    // api-rules §3: a peering is deleted only from the disabled state.
    if (row.configured_status !== 'disabled') {
      throw new ApiProblem(
        409,
        'PEERING_NOT_DISABLED',
        `The peering ${row.uuid} is ${networking.peeringState(row)}; disable it (configured_status disabled) before deleting it.`,
      );
    }
    audited.delete(request, row, () => {
      unsettle(row);
      jobs.cancel(row.uuid);
      peerings.delete(row.uuid);
    });
  });
};
