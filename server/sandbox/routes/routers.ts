import type { FastifyRequest } from 'fastify';
import { routerEndpoints } from '../../../contract/router';
import { uuidPrefixes } from '../../../contract/common';
import { matchesLabelFilters } from '../../../contract/labels';
import type { Router, StaticRoute, StaticRouteRequest } from '../../../contract/router';
import type { RouteModule } from '../domain';
import type { SandboxContext } from '../context';
import { newUuid } from '../credentials';
import { handle } from '../http/endpoint-route';
import { ApiProblem } from '../http/errors';
import { principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
import { checkLabelKeys, labelFilters, readLabelledBody } from '../http/validation';
import type { RouterRow } from '../store/networks';
import { parseLabels } from '../store/networks';
import { createQuotas } from '../quotas';

/**
 * A router's user routes: named `route0`, `route1`… unless named; service routes a client echoes
 * back are the platform's and are dropped (api-reference-notes §6).
 */
function userRoutes(requested: readonly StaticRouteRequest[]): StaticRoute[] {
  const routes = requested
    .filter((route) => route.type !== 'service')
    .map((route, index) => ({
      name: route.name ?? `route${index}`,
      route: route.route,
      nexthop: route.nexthop,
      type: 'user' as const,
    }));
  const seen = new Set<string>();
  for (const route of routes) {
    if (seen.has(route.route)) {
      throw new ApiProblem(400, 'DUPLICATE_ROUTE', `The route ${route.route} is given twice.`);
    }
    seen.add(route.route);
  }
  return routes;
}

/** Routers (api-reference-notes §6); attaching one to a network is a change of the network. */
export const routerRoutes: RouteModule = (scope, context: SandboxContext) => {
  const { networks, networking, audit, clock } = context;
  const ownerOf = (request: FastifyRequest) => principalOf(request).owner.id;
  const quotas = createQuotas(context.db);

  const routerRecord = (row: RouterRow): Router => ({
    uuid: row.uuid,
    name: row.name,
    type: row.type,
    attached_networks: {
      network: networks.withRouter(row.uuid).map((network) => ({ uuid: network.uuid })),
    },
    attached_network_gateways: [],
    static_routes: JSON.parse(row.static_routes) as StaticRoute[],
    labels: parseLabels(row.labels),
  });

  const audited = auditedResource(audit, { resourceType: 'router', record: routerRecord, quotas });
  const labelled = { readBody: readLabelledBody };

  handle(scope, routerEndpoints.list, async ({ request, query }) => {
    const filters = labelFilters(query.label);
    const rows = networks
      .routersOf(ownerOf(request))
      .filter((row) => matchesLabelFilters(parseLabels(row.labels), filters));
    return { routers: { router: rows.map(routerRecord) } };
  });

  handle(
    scope,
    routerEndpoints.create,
    async ({ request, body: { router: body } }) => {
      const labels = body.labels ?? [];
      checkLabelKeys(labels);
      const row: RouterRow = {
        uuid: newUuid(uuidPrefixes.router),
        account_id: ownerOf(request),
        name: body.name,
        type: 'normal',
        static_routes: JSON.stringify(userRoutes(body.static_routes ?? [])),
        labels: JSON.stringify(labels),
        created_at: clock.now().toISOString(),
      };
      return { router: audited.create(request, row, () => networks.insertRouter(row)) };
    },
    labelled,
  );

  handle(scope, routerEndpoints.get, async ({ request, params }) => ({
    router: routerRecord(networking.routerFor(ownerOf(request), params.uuid)),
  }));

  handle(
    scope,
    routerEndpoints.modify,
    async ({ request, params, body: { router: body } }) => {
      const row = networking.routerFor(ownerOf(request), params.uuid);
      if (body.labels) checkLabelKeys(body.labels);
      const next: RouterRow = {
        ...row,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.static_routes !== undefined
          ? { static_routes: JSON.stringify(userRoutes(body.static_routes)) }
          : {}),
        ...(body.labels !== undefined ? { labels: JSON.stringify(body.labels) } : {}),
      };
      return { router: audited.update(request, row, next, () => networks.updateRouter(next)) };
    },
    labelled,
  );

  handle(scope, routerEndpoints.delete, async ({ request, params }) => {
    const row = networking.routerFor(ownerOf(request), params.uuid);
    const attached = networks.withRouter(row.uuid);
    if (attached.length > 0) {
      throw new ApiProblem(
        409,
        'ROUTER_ATTACHED',
        `The router is attached to ${attached.map((network) => `${network.name} (${network.uuid})`).join(', ')}; detach it from the networks first.`,
      );
    }
    audited.delete(request, row, () => networks.deleteRouter(row.uuid));
  });
};
