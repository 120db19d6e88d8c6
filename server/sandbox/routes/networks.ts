import type { FastifyRequest } from 'fastify';
import { uuidPrefixes } from '../../../contract/common';
import { rfc3339 } from '../clock';
import { matchesLabelFilters } from '../../../contract/labels';
import { cidrContains, parseCidr } from '../../../contract/ip';
import type { IpNetworkRequest } from '../../../contract/network';
import {
  networkEndpoints,
  networkInterfaceEndpoints,
  serverInterfaceEndpoints,
} from '../../../contract/network';
import type { RouteModule } from '../domain';
import type { SandboxContext } from '../context';
import { newUuid } from '../credentials';
import { handle } from '../http/endpoint-route';
import { ApiProblem, notFound, ownRowByUuid } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
import { checkLabelKeys, checkZone, labelFilters, readLabelledBody } from '../http/validation';
import type { InterfaceRequest } from '../networking';
import { serverStateIllegal } from '../resources';
import type { InterfaceRow, IpNetworkRow, NetworkRow } from '../store/networks';
import { noRouteAutoPopulation } from '../store/networks';
import type { ServerRow } from '../store/servers';
import { provisionPeerings } from './network-peerings';
import { createQuotas } from '../quotas';

const blockRow = (networkUuid: string, entry: IpNetworkRequest): IpNetworkRow => ({
  network_uuid: networkUuid,
  family: entry.family,
  address: entry.address,
  gateway: entry.gateway ?? null,
  dhcp: entry.dhcp,
  dhcp_default_route: entry.dhcp_default_route ?? 'no',
  dhcp_dns: JSON.stringify(entry.dhcp_dns ?? []),
  dhcp_routes: JSON.stringify(entry.dhcp_routes ?? []),
  dhcp_bootfile_url: entry.dhcp_bootfile_url ?? null,
  dhcp_routes_configuration: entry.dhcp_routes_configuration
    ? JSON.stringify(entry.dhcp_routes_configuration)
    : noRouteAutoPopulation,
});

/** Networks and network interfaces (api-rules §4.6; api-reference-notes §4, §5). */
export const networkRoutes: RouteModule = (scope, context: SandboxContext) => {
  const { db, networks, interfaces, networking, resources, audit, clock, servers } = context;
  const labelled = { readBody: readLabelledBody };
  const quotas = createQuotas(db);
  const now = () => rfc3339(clock.now());
  const ownerOf = (request: FastifyRequest) => principalOf(request).owner.id;
  const record = (row: NetworkRow, ownerId: number) => ({
    network: networking.networkRecord(row, ownerId),
  });
  const audited = auditedResource(audit, {
    resourceType: 'network',
    record: (row: NetworkRow, request) => networking.networkRecord(row, ownerOf(request)),
    quotas,
  });
  const auditedInterface = auditedResource(audit, {
    resourceType: 'network_interface',
    record: (row: InterfaceRow) => networking.interfaceRecord(row),
  });

  handle(scope, networkEndpoints.list, async ({ request, query }) => {
    const filters = labelFilters(query.label);
    const { zone } = query;
    if (zone !== undefined) checkZone(zone);
    const ownerId = ownerOf(request);
    const rows = networks
      .listVisible(ownerId)
      .filter((row) => zone === undefined || row.zone === zone)
      .filter((row) => matchesLabelFilters(JSON.parse(row.labels), filters));
    return {
      networks: { network: rows.map((row) => networking.networkRecord(row, ownerId)) },
    };
  });

  handle(
    scope,
    networkEndpoints.create,
    async ({ request, body: { network: body } }) => {
      const ownerId = ownerOf(request);
      checkZone(body.zone);
      const labels = body.labels ?? [];
      checkLabelKeys(labels);
      const router = body.router === undefined ? null : networking.routerFor(ownerId, body.router);
      const row: NetworkRow = {
        uuid: newUuid(uuidPrefixes.network),
        account_id: ownerId,
        name: body.name,
        type: 'private',
        zone: body.zone,
        router_uuid: router?.uuid ?? null,
        labels: JSON.stringify(labels),
        created_at: now(),
      };
      const blocks = body.ip_networks.ip_network.map((entry) => blockRow(row.uuid, entry));
      return { network: audited.create(request, row, () => networks.insert(row, blocks)) };
    },
    labelled,
  );

  // Standalone interfaces (api-reference-notes §5.2); registered before /network/:uuid reads them as one.
  const interfaceFor = (ownerId: number, uuid: string): InterfaceRow =>
    ownRowByUuid(uuid, ownerId, interfaces.find, 'interface');

  /** Interfaces change only on a stopped server with nothing under way (api-reference-notes §5.1). */
  const refuseUnlessStopped = (server: ServerRow) => {
    if (server.state !== 'stopped' || resources.serverBusy(server)) {
      throw serverStateIllegal(
        `it is ${resources.serverBusy(server) ? 'busy with another operation' : server.state}; stop it to change its network interfaces.`,
      );
    }
  };

  function addInterface(
    request: FastifyRequest,
    server: ServerRow | null,
    wanted: InterfaceRequest,
  ): InterfaceRow {
    const ownerId = ownerOf(request);
    if (server) refuseUnlessStopped(server);
    // The interface's uuid is known only once it is written: the audit row follows in the same
    // transaction.
    return db.transaction(() => {
      const row = networking.addInterface(ownerId, server, wanted);
      audit.record(auditContext(request), {
        action: 'create',
        resourceType: 'network_interface',
        resourceId: row.uuid,
        current: networking.interfaceRecord(row),
      });
      return row;
    })();
  }

  function removeInterface(request: FastifyRequest, row: InterfaceRow) {
    const server = row.server_uuid ? servers.find(row.server_uuid) : undefined;
    if (server) refuseUnlessStopped(server);
    auditedInterface.delete(request, row, () => networking.releaseInterface(row));
  }

  handle(scope, networkInterfaceEndpoints.list, async ({ request }) => ({
    interfaces: {
      interface: interfaces.ofAccount(ownerOf(request)).map(networking.interfaceRecord),
    },
  }));

  handle(
    scope,
    networkInterfaceEndpoints.create,
    async ({ request, body: { interface: body } }) => {
      if (body.labels) checkLabelKeys(body.labels);
      const server =
        body.server === undefined ? null : resources.serverFor(principalOf(request), body.server);
      const ip = body.ip_addresses?.ip_address[0];
      const row = addInterface(request, server, {
        type: body.type,
        network: body.network,
        ...(ip?.family ? { family: ip.family } : {}),
        ...(ip?.address ? { address: ip.address } : {}),
        ...(body.source_ip_filtering ? { source_ip_filtering: body.source_ip_filtering } : {}),
        ...(body.bootable ? { bootable: body.bootable } : {}),
        ...(body.labels ? { labels: body.labels } : {}),
      });
      return { interface: networking.interfaceRecord(row) };
    },
    labelled,
  );

  handle(scope, networkInterfaceEndpoints.get, async ({ request, params }) => ({
    interface: networking.interfaceRecord(interfaceFor(ownerOf(request), params.uuid)),
  }));

  handle(scope, networkInterfaceEndpoints.delete, async ({ request, params }) => {
    removeInterface(request, interfaceFor(ownerOf(request), params.uuid));
  });

  // A server's own interfaces (api-reference-notes §5.1); the list and one by index are in servers.ts.
  handle(
    scope,
    serverInterfaceEndpoints.create,
    async ({ request, params, body: { interface: body } }) => {
      const server = resources.serverFor(principalOf(request), params.uuid);
      const ip = body.ip_addresses?.ip_address[0];
      const row = addInterface(request, server, {
        type: body.type,
        ...(body.network ? { network: body.network } : {}),
        ...(body.index !== undefined ? { index: body.index } : {}),
        ...(ip?.family ? { family: ip.family } : {}),
        ...(ip?.address ? { address: ip.address } : {}),
        ...(body.source_ip_filtering ? { source_ip_filtering: body.source_ip_filtering } : {}),
        ...(body.bootable ? { bootable: body.bootable } : {}),
      });
      return { interface: networking.serverInterface(row) };
    },
    labelled,
  );

  handle(
    scope,
    serverInterfaceEndpoints.modify,
    async ({ request, params, body: { interface: body } }) => {
      const server = resources.serverFor(principalOf(request), params.uuid);
      const held = interfaces.ofServer(server.uuid);
      const row = held.find((item) => String(item.idx) === params.index);
      if (!row) throw notFound('interface', params.index);
      refuseUnlessStopped(server);
      if (
        body.index !== undefined &&
        body.index !== row.idx &&
        held.some((item) => item.idx === body.index)
      ) {
        throw new ApiProblem(
          409,
          'INTERFACE_EXISTS',
          `The server already has an interface with index ${body.index}.`,
        );
      }
      const next: InterfaceRow = {
        ...row,
        idx: body.index ?? row.idx,
        source_ip_filtering: body.source_ip_filtering ?? row.source_ip_filtering,
        bootable: body.bootable ?? row.bootable,
      };
      auditedInterface.update(request, row, next, () => interfaces.update(next));
      return { interface: networking.serverInterface(next) };
    },
    labelled,
  );

  handle(scope, serverInterfaceEndpoints.delete, async ({ request, params }) => {
    const server = resources.serverFor(principalOf(request), params.uuid);
    const row = interfaces.ofServer(server.uuid).find((item) => String(item.idx) === params.index);
    if (!row) throw notFound('interface', params.index);
    removeInterface(request, row);
  });

  handle(scope, networkEndpoints.get, async ({ request, params }) => {
    const ownerId = ownerOf(request);
    return record(networking.networkFor(ownerId, params.uuid, 'read'), ownerId);
  });

  handle(
    scope,
    networkEndpoints.modify,
    async ({ request, params, body: { network: body } }) => {
      const ownerId = ownerOf(request);
      const row = networking.networkFor(ownerId, params.uuid, 'write');
      if (body.labels) checkLabelKeys(body.labels);
      let routerUuid = row.router_uuid;
      if (body.router === null) routerUuid = null;
      else if (body.router !== undefined)
        routerUuid = networking.routerFor(ownerId, body.router).uuid;
      if (body.ip_networks) {
        // A block may change only so far as every address in use stays inside it.
        const blocks = body.ip_networks.ip_network.map((entry) => parseCidr(entry.address)!);
        const stranded = interfaces
          .onNetwork(row.uuid)
          .flatMap((nic) => interfaces.addressesOn(nic.uuid))
          .filter((address) => !blocks.some((block) => cidrContains(block, address.address)));
        if (stranded.length > 0) {
          throw new ApiProblem(
            409,
            'NETWORK_NOT_EMPTY',
            `The addresses ${stranded.map((address) => address.address).join(', ')} are in use and would fall outside the new IP networks; detach their servers first.`,
          );
        }
      }
      const next: NetworkRow = {
        ...row,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.labels !== undefined ? { labels: JSON.stringify(body.labels) } : {}),
        router_uuid: routerUuid,
      };
      const current = audited.update(request, row, next, () => {
        networks.update(next);
        if (body.ip_networks) {
          // A block sent without dhcp_routes_configuration keeps the one its family had.
          const previous = networks.ipNetworks(row.uuid);
          networks.replaceIpNetworks(
            row.uuid,
            body.ip_networks.ip_network.map((entry) => {
              const block = blockRow(row.uuid, entry);
              const kept = previous.find((old) => old.family === entry.family);
              return entry.dhcp_routes_configuration || !kept
                ? block
                : { ...block, dhcp_routes_configuration: kept.dhcp_routes_configuration };
            }),
          );
        }
        if (routerUuid !== row.router_uuid || body.ip_networks) {
          provisionPeerings(context, row.uuid);
        }
      });
      return { network: current };
    },
    labelled,
  );

  handle(scope, networkEndpoints.delete, async ({ request, params }) => {
    const ownerId = ownerOf(request);
    const row = networking.networkFor(ownerId, params.uuid, 'write');
    const attached = networking.serversOn(row.uuid);
    if (attached.length > 0) {
      throw new ApiProblem(
        409,
        'NETWORK_NOT_EMPTY',
        `Servers are attached to the network: ${attached.map((server) => `${server.title} (${server.uuid})`).join(', ')}. Detach them first.`,
      );
    }
    const clusters = context.kubernetes.clustersOnNetwork(row.uuid);
    if (clusters.length > 0) {
      throw new ApiProblem(
        409,
        'NETWORK_NOT_EMPTY',
        `Kubernetes clusters run in the network: ${clusters.map((cluster) => `${cluster.name} (${cluster.uuid})`).join(', ')}. Delete them first.`,
      );
    }
    const loose = interfaces.onNetwork(row.uuid);
    if (loose.length > 0) {
      throw new ApiProblem(
        409,
        'NETWORK_NOT_EMPTY',
        `Network interfaces are on the network: ${loose.map((nic) => nic.uuid).join(', ')}. Delete them first.`,
      );
    }
    const own = context.peerings
      .touching(row.uuid)
      .filter((peering) => peering.network_uuid === row.uuid);
    if (own.length > 0) {
      throw new ApiProblem(
        409,
        'NETWORK_NOT_EMPTY',
        `The network takes part in peerings: ${own.map((peering) => `${peering.name} (${peering.uuid})`).join(', ')}. Disable and delete them first.`,
      );
    }
    audited.delete(request, row, () => networks.delete(row.uuid));
  });
};
