import type { FastifyRequest } from 'fastify';
import { ipAddressEndpoints, maxIpAddressesPerServer } from '../../../contract/ip-address';
import { bigIntToIp, ipFamilyOf, ipToBigInt } from '../../../contract/ip';
import type { RouteModule } from '../domain';
import type { SandboxContext } from '../context';
import { handle } from '../http/endpoint-route';
import { ApiProblem, invalidAttribute, missingAttribute } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
import { checkZone, readLabelledBody } from '../http/validation';
import { defaultPtr, sharedNetworkUuid } from '../networking';
import { serverStateIllegal } from '../resources';
import type { InterfaceRow, IpAddressRow } from '../store/networks';
import type { ServerRow } from '../store/servers';

interface AddressChange {
  ptr_record?: string;
  mac?: string | null;
  release_policy?: 'release' | 'keep';
  delegated_to_account_id?: number | null;
}

/** IP addresses (api-rules §4.5; api-reference-notes §7). */
export const ipAddressRoutes: RouteModule = (scope, context: SandboxContext) => {
  const { db, interfaces, networks, networking, resources, audit, clock, servers, accounts } =
    context;
  const now = () =>
    clock
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
  const record = (row: IpAddressRow) => ({ ip_address: networking.ipAddressRecord(row) });
  const labelled = { readBody: readLabelledBody };
  const auditedAddress = auditedResource(audit, {
    resourceType: 'ip_address',
    id: (row: IpAddressRow) => row.address,
    record: (row: IpAddressRow) => networking.ipAddressRecord(row),
  });

  /** The account's address with that text; another account's is 403, none is 404. */
  function addressFor(ownerId: number, text: string): IpAddressRow {
    const family = ipFamilyOf(text);
    if (!family) {
      throw new ApiProblem(400, 'IP_ADDRESS_INVALID', `${text} is not an IPv4 or IPv6 address.`);
    }
    // IPv6 may be written in several ways; the store keeps the compressed form.
    const canonical = bigIntToIp(ipToBigInt(text), family);
    const rows = interfaces.addressesNamed(canonical);
    const own = rows.find((row) => row.account_id === ownerId);
    if (own) return own;
    if (rows.length > 0) {
      throw new ApiProblem(
        403,
        'IP_ADDRESS_FORBIDDEN',
        `The IP address ${canonical} belongs to another account.`,
      );
    }
    throw new ApiProblem(
      404,
      'IP_ADDRESS_NOT_FOUND',
      `The IP address ${canonical} does not exist.`,
    );
  }

  const refuseUnlessStopped = (server: ServerRow) => {
    if (server.state !== 'stopped' || resources.serverBusy(server)) {
      throw serverStateIllegal(
        `it is ${resources.serverBusy(server) ? 'busy with another operation' : server.state}; stop it to change its addresses.`,
      );
    }
  };

  /** A public interface of one of the account's servers, by MAC, to hold a floating address. */
  function floatingTarget(ownerId: number, mac: string, zone: string): InterfaceRow {
    const nic = interfaces.findByMac(mac);
    if (!nic || nic.account_id !== ownerId || !nic.server_uuid) {
      throw invalidAttribute('mac', `No network interface of your servers has the MAC ${mac}.`);
    }
    if (nic.type !== 'public') {
      throw invalidAttribute('mac', 'A floating address attaches to a public interface only.');
    }
    const network = networks.find(nic.network_uuid)!;
    if (network.zone !== zone) {
      throw new ApiProblem(
        409,
        'ZONE_MISMATCH',
        `The floating address is in ${zone} and the interface in ${network.zone}.`,
      );
    }
    return nic;
  }

  function limitOf(ownerId: number, key: string): number | undefined {
    const account = accounts.findById(ownerId);
    const limits = JSON.parse(account?.resource_limits ?? '{}') as Record<string, number>;
    return limits[key];
  }

  /** Applies one change after checking it; the caller's transaction makes it all or nothing. */
  function change(request: FastifyRequest, row: IpAddressRow, wanted: AddressChange) {
    const ownerId = principalOf(request).owner.id;
    let next: IpAddressRow = { ...row };
    if (wanted.ptr_record !== undefined) {
      if (row.access !== 'public') {
        throw new ApiProblem(
          400,
          'PTR_RECORD_NOT_SUPPORTED',
          `The ${row.access} address ${row.address} has no reverse DNS name.`,
        );
      }
      next.ptr_record = wanted.ptr_record.replace(/\.$/, '');
    }
    if (wanted.mac !== undefined) {
      if (!row.floating) {
        throw invalidAttribute(
          'mac',
          `${row.address} is not a floating address; it stays on its interface.`,
        );
      }
      next.interface_uuid =
        wanted.mac === null ? null : floatingTarget(ownerId, wanted.mac, row.zone).uuid;
    }
    if (wanted.release_policy !== undefined) next.release_policy = wanted.release_policy;
    if (wanted.delegated_to_account_id !== undefined) {
      const delegate = wanted.delegated_to_account_id;
      if (delegate !== null && accounts.findById(delegate)?.main_account_id !== ownerId) {
        throw invalidAttribute('delegated_to_account_id', 'Delegate to one of your subaccounts.');
      }
      next = { ...next, delegated_to_account_id: delegate };
    }
    const previous = networking.ipAddressRecord(row);
    interfaces.updateAddress(next);
    const current = networking.ipAddressRecord(next);
    audit.record(auditContext(request), {
      action: 'update',
      resourceType: 'ip_address',
      resourceId: row.address,
      previous,
      current,
    });
    return next;
  }

  handle(scope, ipAddressEndpoints.list, async ({ request }) => ({
    ip_addresses: {
      ip_address: interfaces
        .addressesOf(principalOf(request).owner.id)
        .map(networking.ipAddressRecord),
    },
  }));

  handle(
    scope,
    ipAddressEndpoints.create,
    async ({ request, body: { ip_address: body } }) => {
      const principal = principalOf(request);
      const ownerId = principal.owner.id;
      const family = body.family ?? 'IPv4';
      const access = body.access ?? 'public';
      if (body.ptr_record !== undefined && access !== 'public') {
        throw new ApiProblem(
          400,
          'PTR_RECORD_NOT_SUPPORTED',
          'Only public addresses have a reverse DNS name.',
        );
      }
      // Public IPv4 addresses are billed by the hour (billing.ts); the others cost nothing.
      if (access === 'public' && family === 'IPv4') context.billing.requireCredits(principal.owner);
      const publicCount = () =>
        interfaces
          .addressesOf(ownerId)
          .filter((row) => row.access === 'public' && row.family === family).length;
      const publicLimit = limitOf(ownerId, family === 'IPv4' ? 'public_ipv4' : 'public_ipv6');
      if (access === 'public' && publicLimit !== undefined && publicCount() >= publicLimit) {
        throw new ApiProblem(
          409,
          'IP_ADDRESS_LIMIT_REACHED',
          `The account may hold ${publicLimit} public ${family} addresses.`,
        );
      }

      if (body.floating === 'yes') {
        if (family !== 'IPv4' || access !== 'public') {
          throw new ApiProblem(
            400,
            'FLOATING_IP_NOT_AVAILABLE',
            'Floating addresses are public IPv4 addresses.',
          );
        }
        if (body.server !== undefined) {
          throw invalidAttribute('server', 'A floating address attaches by the interface mac.');
        }
        if (body.zone === undefined && body.mac === undefined) {
          throw missingAttribute('zone', 'Give the zone or the mac of the interface to attach to.');
        }
        let zone = body.zone;
        if (zone !== undefined) checkZone(zone);
        if (zone === undefined) {
          const nic = interfaces.findByMac(body.mac!);
          zone = nic ? networks.find(nic.network_uuid)!.zone : 'unknown';
        }
        const target = body.mac === undefined ? null : floatingTarget(ownerId, body.mac, zone);
        const detachedLimit = limitOf(ownerId, 'detached_floating_ips');
        const detached = interfaces
          .addressesOf(ownerId)
          .filter((row) => row.floating && row.interface_uuid === null).length;
        if (!target && detachedLimit !== undefined && detached >= detachedLimit) {
          throw new ApiProblem(
            409,
            'IP_ADDRESS_LIMIT_REACHED',
            `The account may hold ${detachedLimit} detached floating addresses.`,
          );
        }
        return db.transaction(() => {
          const network = networks.find(sharedNetworkUuid(zone, 'public'))!;
          const address = networking.allocate(network, 'IPv4');
          const id = interfaces.insertAddress({
            address,
            account_id: ownerId,
            zone,
            family: 'IPv4',
            access: 'public',
            network_uuid: network.uuid,
            interface_uuid: target?.uuid ?? null,
            floating: 1,
            part_of_plan: 0,
            ptr_record: body.ptr_record?.replace(/\.$/, '') ?? defaultPtr(address, 'IPv4', zone),
            release_policy: body.release_policy ?? 'keep',
            dhcp_provided: 0,
            delegated_to_account_id: null,
            created_at: now(),
          });
          return auditCreated(request, interfaces.findAddress(id)!);
        })();
      }

      if (body.server === undefined) {
        throw missingAttribute('server', 'Give the server, or floating yes with a zone or mac.');
      }
      if (body.zone !== undefined) checkZone(body.zone);
      const server = resources.serverFor(principal, body.server);
      if (body.zone !== undefined && body.zone !== server.zone) {
        throw new ApiProblem(
          409,
          'ZONE_MISMATCH',
          `The server is in ${server.zone}, not ${body.zone}.`,
        );
      }
      refuseUnlessStopped(server);
      const onServer = interfaces
        .ofServer(server.uuid)
        .flatMap((nic) => interfaces.addressesOn(nic.uuid));
      if (
        access === 'public' &&
        onServer.filter((row) => row.access === 'public').length >= maxIpAddressesPerServer
      ) {
        throw new ApiProblem(
          409,
          'SERVER_IP_LIMIT_REACHED',
          `A server holds at most ${maxIpAddressesPerServer} public addresses.`,
        );
      }
      return db.transaction(() => {
        let id: number;
        if (access === 'private') {
          // A private address joins the private interface the mac names (api-reference-notes §5.1).
          if (body.mac === undefined) {
            throw missingAttribute('mac', 'Name the private interface by its MAC address.');
          }
          const nic = interfaces.findByMac(body.mac);
          if (!nic || nic.server_uuid !== server.uuid || nic.type !== 'private') {
            throw new ApiProblem(
              404,
              'INTERFACE_NOT_FOUND',
              `The server has no private interface with the MAC ${body.mac}.`,
            );
          }
          const held = interfaces.addressesOn(nic.uuid);
          if (held.some((row) => row.family !== family)) {
            throw new ApiProblem(
              409,
              'DUAL_STACK_INTERFACE',
              'An interface holds addresses of one family only.',
            );
          }
          if (held.length >= maxIpAddressesPerServer) {
            throw new ApiProblem(
              409,
              'SERVER_IP_LIMIT_REACHED',
              `An interface holds at most ${maxIpAddressesPerServer} addresses.`,
            );
          }
          const network = networks.find(nic.network_uuid)!;
          id = interfaces.insertAddress({
            address: networking.allocate(network, family),
            account_id: ownerId,
            zone: network.zone,
            family,
            access: 'private',
            network_uuid: network.uuid,
            interface_uuid: nic.uuid,
            floating: 0,
            part_of_plan: 0,
            ptr_record: '',
            release_policy: body.release_policy ?? 'release',
            dhcp_provided: 1,
            delegated_to_account_id: null,
            created_at: now(),
          });
        } else {
          // A public or utility address comes on an interface of its own on the zone's network.
          const nic = networking.addInterface(ownerId, server, { type: access, family });
          const row = interfaces.addressesOn(nic.uuid)[0]!;
          interfaces.updateAddress({
            ...row,
            ...(body.ptr_record !== undefined
              ? { ptr_record: body.ptr_record.replace(/\.$/, '') }
              : {}),
            ...(body.release_policy ? { release_policy: body.release_policy } : {}),
          });
          id = row.id;
        }
        return auditCreated(request, interfaces.findAddress(id)!);
      })();
    },
    labelled,
  );

  function auditCreated(request: FastifyRequest, row: IpAddressRow) {
    const current = record(row);
    audit.record(auditContext(request), {
      action: 'create',
      resourceType: 'ip_address',
      resourceId: row.address,
      current: current.ip_address,
    });
    return current;
  }

  handle(
    scope,
    ipAddressEndpoints.bulkModify,
    async ({ request, body: { ip_addresses: items } }) => {
      const ownerId = principalOf(request).owner.id;
      // api-rules §4.5: every item applies or none does; the error names the item at fault.
      db.transaction(() => {
        const seen = new Set<number>();
        items.forEach((item, index) => {
          try {
            if (item.main_account_id !== undefined && item.main_account_id !== ownerId) {
              throw invalidAttribute('main_account_id', 'Give your own main account id.');
            }
            const row = addressFor(ownerId, item.address);
            if (seen.has(row.id)) {
              throw new ApiProblem(400, 'IP_ADDRESS_INVALID', 'The address is listed twice.');
            }
            seen.add(row.id);
            change(request, interfaces.findAddress(row.id)!, {
              ...(item.ptr_record !== undefined ? { ptr_record: item.ptr_record } : {}),
              ...(item.mac !== undefined ? { mac: item.mac } : {}),
              ...(item.release_policy !== undefined ? { release_policy: item.release_policy } : {}),
              ...(item.delegated_to_account_id !== undefined
                ? { delegated_to_account_id: item.delegated_to_account_id }
                : {}),
            });
          } catch (error) {
            if (!(error instanceof ApiProblem)) throw error;
            throw new ApiProblem(
              error.status,
              error.code,
              `ip_addresses[${index}] (${item.address}): ${error.message} Nothing was changed.`,
              error.headers,
              error.invalidParams,
            );
          }
        });
      })();
    },
    labelled,
  );

  handle(scope, ipAddressEndpoints.get, async ({ request, params }) =>
    record(addressFor(principalOf(request).owner.id, params.address)),
  );

  for (const endpoint of [ipAddressEndpoints.replace, ipAddressEndpoints.modify]) {
    handle(
      scope,
      endpoint,
      async ({ request, params, body: { ip_address: body } }) => {
        const row = addressFor(principalOf(request).owner.id, params.address);
        return record(db.transaction(() => change(request, row, body))());
      },
      labelled,
    );
  }

  handle(scope, ipAddressEndpoints.release, async ({ request, params }) => {
    const row = addressFor(principalOf(request).owner.id, params.address);
    if (row.access === 'private') {
      throw new ApiProblem(
        409,
        'CANNOT_DELETE_PRIVATE_ADDRESS',
        `${row.address} is a private address; delete its network interface instead.`,
      );
    }
    const nic = row.interface_uuid ? interfaces.find(row.interface_uuid) : undefined;
    const server = !row.floating && nic?.server_uuid ? servers.find(nic.server_uuid) : undefined;
    if (server) refuseUnlessStopped(server);
    auditedAddress.delete(request, row, () => {
      interfaces.deleteAddress(row.id);
      // api-rules §4.5: releasing a server's own public or utility address detaches the server from
      // that network; floating addresses riding on the interface become detached.
      if (!row.floating && nic) {
        for (const rider of interfaces.addressesOn(nic.uuid)) {
          interfaces.updateAddress({ ...rider, interface_uuid: null });
        }
        interfaces.delete(nic.uuid);
      }
    });
  });
};
