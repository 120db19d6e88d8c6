import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { core } from 'zod';
import { uuidPrefixes } from '../../../contract/common';
import type { ServerDetails } from '../../../contract/server';
import { serverEndpoints, tagNameSchema } from '../../../contract/server';
import type { StorageTier } from '../../../contract/storage';
import type { RouteModule } from '../domain';
import { createAttachments } from '../attachments';
import { plans, serverSizes } from '../catalog';
import { newUuid } from '../credentials';
import type { SandboxContext } from '../context';
import { handle } from '../http/endpoint-route';
import { ApiProblem, invalidAttribute, missingAttribute, notFound } from '../http/errors';
import { principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
import { readBody } from '../http/request-body';
import { checkLabelKeys, checkZone, labelFilters, readLabelledBody } from '../http/validation';
import { rfc3339 } from '../clock';
import { actorOf, backupPolicyErrors, serverStateIllegal, storageStateIllegal } from '../resources';
import type { ServerRow } from '../store/servers';
import type { StorageRow } from '../store/storages';
import { newStorageDefaults } from '../store/storages';
import { systemLabelsOfCopy } from '../system-labels';
import { durations, jobKinds } from '../transitions';
import { createQuotas } from '../quotas';
import { createPlacement } from '../server-groups/placement';
import { createSimpleBackups } from '../simple-backups';
import { serverRebuildRoutes } from './server-rebuild';

/** Cores and memory of a fixed plan or a custom configuration (api-reference-notes §2.3, §2.6). */
function sizing(
  request: { plan?: string; core_number?: number; memory_amount?: number },
  current: { plan: string; core_number: number; memory_amount: number },
) {
  const planName =
    request.plan ?? ((request.core_number ?? request.memory_amount) ? 'custom' : current.plan);
  if (planName === 'custom') {
    return {
      plan: 'custom',
      core_number: request.core_number ?? current.core_number,
      memory_amount: request.memory_amount ?? current.memory_amount,
    };
  }
  const plan = plans.find((item) => item.name === planName);
  if (!plan) throw invalidAttribute('plan', `There is no plan ${planName}; see /1.3/plan.`);
  if (request.core_number !== undefined && request.core_number !== plan.core_number) {
    throw new ApiProblem(
      400,
      'PLAN_CORE_NUMBER_ILLEGAL',
      `The plan ${plan.name} has ${plan.core_number} cores; use plan custom for another number.`,
    );
  }
  if (request.memory_amount !== undefined && request.memory_amount !== plan.memory_amount) {
    throw new ApiProblem(
      400,
      'PLAN_MEMORY_AMOUNT_ILLEGAL',
      `The plan ${plan.name} has ${plan.memory_amount} MiB of memory; use plan custom for another amount.`,
    );
  }
  return { plan: plan.name, core_number: plan.core_number, memory_amount: plan.memory_amount };
}

/** A custom resize must be one of the sizes `GET /1.3/server_size` offers (api-reference-notes §2.4). */
function refuseUnofferedSize(size: { core_number: number; memory_amount: number }) {
  const offered = serverSizes.some(
    (item) =>
      Number(item.core_number) === size.core_number &&
      Number(item.memory_amount) === size.memory_amount,
  );
  if (!offered) {
    throw new ApiProblem(
      400,
      'CORE_MEMORY_UNSUPPORTED',
      `${size.core_number} cores with ${size.memory_amount} MiB is not a size of /1.3/server_size.`,
    );
  }
}

/** Start, stop and restart may come without a body: the default operation (api-reference-notes §2.1). */
const optionalBody = {
  readBody: (request: FastifyRequest, schema: core.$ZodType) =>
    request.body === undefined ? undefined : readBody(request, schema),
};

/**
 * The deletion flags keep their own codes (api-reference-notes §2.1) whatever the query schema's attribute
 * names make of them; the version scope's handler answers.
 */
function deletionPolicyCodes(error: unknown): never {
  if (error instanceof ApiProblem && error.code === 'STORAGES_INVALID') {
    throw new ApiProblem(
      400,
      'STORAGE_DELETION_POLICY_INVALID',
      'The storages parameter must be 1 (delete attached storage) or 0.',
    );
  }
  return backupPolicyErrors(error);
}

/** Servers (api-rules §2.6; api-reference-notes §2). */
export const serverRoutes: RouteModule = (scope, context: SandboxContext) => {
  const { storages, servers, resources, jobs, audit, clock } = context;
  const quotas = createQuotas(context.db);
  const placement = createPlacement(context.db);

  const attachments = createAttachments(context);
  const simpleBackups = createSimpleBackups(context);
  serverRebuildRoutes(scope, context);
  const details = (row: ServerRow) => ({ server: resources.serverDetails(row) });
  /** The record an audit row keeps: without the console password. */
  const auditedDetails = (row: ServerRow) => {
    const record: Partial<ServerDetails> = { ...resources.serverDetails(row) };
    delete record.remote_access_password;
    return record as Omit<ServerDetails, 'remote_access_password'>;
  };
  const audited = auditedResource(audit, {
    resourceType: 'server',
    record: (row: ServerRow) => auditedDetails(row),
    quotas,
    limitUpdates: true,
  });
  /** The server record as it is now, after a change made through another function. */
  const reread = (row: ServerRow) => details(servers.find(row.uuid)!);
  const serverOf = (request: FastifyRequest, uuid: string) =>
    resources.serverFor(principalOf(request), uuid);

  function refuseUnless(server: ServerRow, state: 'started' | 'stopped') {
    if (server.state !== state || resources.serverBusy(server)) {
      const now = resources.serverBusy(server) ? 'busy with another operation' : server.state;
      throw serverStateIllegal(`it is ${now}; this needs a ${state} server.`);
    }
  }

  // Without `limit` every server is listed, as the long-standing API does (api-reference-notes §1.6). The
  // store filters, sorts and pages in SQL, so only the page is read and turned into summaries.
  handle(
    scope,
    serverEndpoints.list,
    async ({ request, query }) => {
      if (query.order_by && !query.sort_by) {
        throw invalidAttribute('order_by', 'order_by is used only together with sort_by.');
      }
      const page = servers.list({
        ownerId: principalOf(request).owner.id,
        labels: labelFilters(query.label),
        ...(query.state ? { state: query.state } : {}),
        ...(query.zone ? { zone: query.zone } : {}),
        ...(query.tag ? { tag: query.tag } : {}),
        ...(query.search ? { search: query.search } : {}),
        ...(query.sort_by ? { sortBy: query.sort_by } : {}),
        descending: query.order_by === 'desc',
        ...(query.limit !== undefined ? { limit: query.limit } : {}),
        offset: query.offset ?? 0,
      });
      return { servers: { server: page.map((row) => resources.serverSummary(row)) } };
    },
    { config: { cacheable: true } },
  );

  handle(scope, serverEndpoints.get, async ({ request, params }) =>
    details(serverOf(request, params.uuid)),
  );

  handle(
    scope,
    serverEndpoints.create,
    async ({ request, body: { server: body } }) => {
      const principal = principalOf(request);
      checkZone(body.zone);
      const labels = body.labels?.label ?? [];
      checkLabelKeys(labels);
      const size = sizing(body, { plan: 'custom', core_number: 1, memory_amount: 1024 });
      context.billing.requireCredits(principal.owner);
      const group =
        body.server_group === undefined
          ? null
          : placement.groupForNewServer(principal.owner.id, body.server_group);
      const planTier = plans.find((plan) => plan.name === size.plan)?.storage_tier as
        StorageTier | null | undefined;
      const server: ServerRow = {
        uuid: newUuid(uuidPrefixes.server),
        account_id: principal.owner.id,
        title: body.title,
        hostname: body.hostname,
        zone: body.zone,
        ...size,
        state: 'maintenance',
        created: Math.floor(clock.now().getTime() / 1000),
        host: placement.hostFor({ zone: body.zone }, group),
        server_group: group,
        simple_backup: body.simple_backup ?? 'no',
        boot_order: body.boot_order ?? 'disk',
        firewall: body.firewall ?? 'off',
        metadata: body.metadata ?? 'no',
        nic_model: body.nic_model ?? 'virtio',
        video_model: body.video_model ?? 'cirrus',
        timezone: body.timezone ?? 'UTC',
        remote_access_enabled: body.remote_access_enabled ?? 'no',
        remote_access_type: body.remote_access_type ?? 'vnc',
        remote_access_password:
          body.remote_access_password ?? crypto.randomBytes(4).toString('hex'),
        tags: JSON.stringify([...new Set(body.tags?.tag ?? [])]),
        labels: JSON.stringify(labels),
      };
      // A host the client names (UpCloud's Go SDK, CreateServerRequest.Host) is kept as given.
      if (body.host !== undefined) server.host = body.host;
      const write = () => {
        servers.insert(server);
        if (group) placement.join(server.uuid, group);
        let disks = 0;
        for (const device of body.storage_devices.storage_device) {
          let storage: StorageRow | undefined;
          const deviceLabels = device.labels ?? [];
          checkLabelKeys(deviceLabels);
          const fresh = (fields: Partial<StorageRow>): StorageRow => ({
            uuid: newUuid(uuidPrefixes.storage),
            account_id: principal.owner.id,
            ...newStorageDefaults,
            title: device.title ?? `${body.hostname} disk ${disks + 1}`,
            type: 'normal',
            size: device.size ?? 0,
            tier: device.tier ?? planTier ?? 'maxiops',
            state: 'online',
            zone: server.zone,
            encrypted: device.encrypted ?? 'no',
            created: rfc3339(clock.now()),
            // The first disk of a plan server is the storage the plan includes (api-reference-notes §3.2).
            part_of_plan: size.plan !== 'custom' && disks === 0 ? 1 : 0,
            backup_rule: JSON.stringify(device.backup_rule ?? {}),
            ...fields,
          });
          if (device.action === 'create') {
            if (device.size === undefined) throw missingAttribute('size');
            storage = fresh({});
            storages.insert(storage, deviceLabels);
          } else if (device.action === 'clone') {
            if (!device.storage) throw missingAttribute('storage');
            const source = resources.storageFor(principal, device.storage, 'read');
            if (source.state !== 'online') throw storageStateIllegal(`it is ${source.state}.`);
            if (device.size !== undefined && device.size < source.size) {
              throw invalidAttribute(
                'size',
                `A clone needs at least the ${source.size} GiB of its source.`,
              );
            }
            storage = fresh({
              size: device.size ?? source.size,
              license: source.license,
              tier: device.tier ?? source.tier ?? planTier ?? 'maxiops',
              state: 'maintenance',
            });
            storages.insert(storage, [
              ...systemLabelsOfCopy(source, storages.labels(source.uuid)),
              ...deviceLabels,
            ]);
          } else if (device.storage) {
            storage = resources.storageFor(principal, device.storage, 'read');
            if (storage.state !== 'online') throw storageStateIllegal(`it is ${storage.state}.`);
          } else if (device.type !== 'cdrom') {
            throw missingAttribute('storage');
          }
          const attached = resources.attach(
            server,
            storage,
            {
              ...(device.address ? { address: device.address } : {}),
              ...(device.type ? { type: device.type } : {}),
            },
            true,
          );
          if (attached.type === 'disk') disks += 1;
        }
        context.networking.createServerInterfaces(
          server,
          body.networking?.interfaces.interface.map((item) => {
            const ip = item.ip_addresses?.ip_address[0];
            return {
              type: item.type,
              ...(item.index !== undefined ? { index: item.index } : {}),
              ...(item.network !== undefined ? { network: item.network } : {}),
              ...(ip?.family ? { family: ip.family } : {}),
              ...(ip?.address !== undefined ? { address: ip.address } : {}),
              ...(item.source_ip_filtering
                ? { source_ip_filtering: item.source_ip_filtering }
                : {}),
              ...(item.bootable ? { bootable: item.bootable } : {}),
            };
          }),
        );
        jobs.schedule(jobKinds.serverCreated, server.uuid, durations.serverCreate, {
          actor: actorOf(principal.account),
        });
        simpleBackups.plan(server);
        resources.recordEvent(server.uuid, 'server_create', actorOf(principal.account));
      };
      const current = audited.create(request, server, write);
      // The create answer alone shows the login user's one-time password, and only when one was
      // asked for, as it is unless `create_password` is `no` (UpCloud's Go SDK,
      // Server.OneTimePassword; Terraform keeps it): it is not stored.
      const login = body.login_user;
      return {
        server: {
          ...current,
          remote_access_password: server.remote_access_password,
          ...(login?.create_password === 'no'
            ? {}
            : {
                username: login?.username ?? 'root',
                password: crypto.randomBytes(12).toString('base64url'),
              }),
        },
      };
    },
    { readBody: readLabelledBody },
  );

  handle(
    scope,
    serverEndpoints.modify,
    async ({ request, params, body: { server: body } }) => {
      const principal = principalOf(request);
      const row = resources.serverFor(principal, params.uuid);
      if (body.labels) checkLabelKeys(body.labels.label);
      const size = sizing(body, row);
      const resized =
        size.plan !== row.plan ||
        size.core_number !== row.core_number ||
        size.memory_amount !== row.memory_amount;
      if (resized) refuseUnless(row, 'stopped');
      if (resized && size.plan === 'custom') refuseUnofferedSize(size);
      const { labels, ...fields } = body;
      const next: ServerRow = {
        ...row,
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        ...size,
        ...(labels ? { labels: JSON.stringify(labels.label) } : {}),
      };
      const current = audited.update(request, row, next, () => {
        servers.update(next);
        if (next.simple_backup !== row.simple_backup) simpleBackups.plan(next);
        resources.recordEvent(row.uuid, 'server_modify', actorOf(principal.account));
      });
      return { server: { ...current, remote_access_password: next.remote_access_password } };
    },
    { readBody: readLabelledBody },
  );

  // Classic tagging (api-reference-notes §2.1): comma-separated names in the path; unknown names are
  // created on the fly, untagging a tag the server lacks changes nothing.
  for (const [endpoint, apply] of [
    [serverEndpoints.tag, (tags: string[], names: string[]) => [...new Set([...tags, ...names])]],
    [
      serverEndpoints.untag,
      (tags: string[], names: string[]) => tags.filter((tag) => !names.includes(tag)),
    ],
  ] as const) {
    handle(scope, endpoint, async ({ request, params }) => {
      const row = serverOf(request, params.uuid);
      const names = params.tags.split(',');
      const invalid = names.find((name) => !tagNameSchema.safeParse(name).success);
      if (invalid !== undefined) throw invalidAttribute('tag', `“${invalid}” is not a tag name.`);
      const tags = JSON.parse(row.tags) as string[];
      const next: ServerRow = { ...row, tags: JSON.stringify(apply(tags, names)) };
      if (next.tags === row.tags) return details(row);
      audited.change(request, 'update', row, {
        before: () => ({ tags }),
        // A name new to the account is a new tag: held to its `tags` limit.
        write: quotas.guard(principalOf(request).owner, () => servers.update(next)),
        after: () => ({ tags: JSON.parse(next.tags) as string[] }),
      });
      return details(next);
    });
  }

  handle(
    scope,
    serverEndpoints.delete,
    async ({ request, params, query }) => {
      const row = serverOf(request, params.uuid);
      refuseUnless(row, 'stopped');
      audited.delete(request, row, () => {
        const devices = servers.devices(row.uuid);
        for (const device of devices) servers.removeDevice(row.uuid, device.address);
        if (query.storages) {
          for (const device of devices) {
            const storage = device.storage_uuid ? storages.find(device.storage_uuid) : undefined;
            if (
              storage?.access === 'private' &&
              servers.devicesWithStorage(storage.uuid).length === 0
            ) {
              resources.deleteStorage(storage, query.backups ?? 'keep');
            }
          }
        }
        jobs.cancel(row.uuid);
        context.networking.releaseServer(row.uuid);
        servers.delete(row.uuid);
      });
    },
    { errorHandler: deletionPolicyCodes },
  );

  function operate(
    request: FastifyRequest,
    uuid: string,
    action: 'start' | 'stop' | 'restart',
    change: (row: ServerRow) => ServerRow,
  ) {
    const row = serverOf(request, uuid);
    refuseUnless(row, action === 'start' ? 'stopped' : 'started');
    let next = row;
    audited.change(request, action, row, {
      before: () => ({ state: row.state }),
      write: () => {
        next = change(row);
        servers.update(next);
      },
      after: () => ({ state: next.state }),
    });
    return details(next);
  }

  // api-reference-notes §2.5 shows `started` in the start answer; the sandbox answers `maintenance` and
  // reaches `started` by a job, so a client sees the start happen as it does for a restart.
  handle(
    scope,
    serverEndpoints.start,
    async ({ request, params }) => {
      const { account, owner } = principalOf(request);
      const actor = actorOf(account);
      return operate(request, params.uuid, 'start', (row) => {
        context.billing.requireCredits(owner);
        const host = placement.place(row);
        jobs.schedule(jobKinds.serverStarted, row.uuid, durations.serverStart, { actor });
        return { ...row, state: 'maintenance', host };
      });
    },
    optionalBody,
  );

  /**
   * Relocation (UpCloud's Go SDK, RelocateServerRequest): a stopped server with its private disks
   * goes to another zone. Its public and utility interfaces take addresses of the new zone's shared
   * networks; an interface in a private network (which stays in its zone) must be removed first.
   * Public CD-ROMs stay loaded: they exist in every zone.
   */
  handle(scope, serverEndpoints.relocate, async ({ request, params, body }) => {
    const row = serverOf(request, params.uuid);
    checkZone(body.zone);
    refuseUnless(row, 'stopped');
    if (body.zone === row.zone) {
      throw invalidAttribute('zone', `The server is in ${row.zone} already.`);
    }
    const nics = context.interfaces.ofServer(row.uuid);
    const privateNic = nics.find((nic) => nic.type === 'private');
    if (privateNic) {
      throw new ApiProblem(
        409,
        'ZONE_MISMATCH',
        `Interface ${privateNic.idx} is in the private network ${privateNic.network_uuid} of ${row.zone}; remove it first.`,
      );
    }
    const disks = servers
      .devices(row.uuid)
      .map((device) => (device.storage_uuid ? storages.find(device.storage_uuid) : undefined))
      .filter((storage) => storage !== undefined && storage.access === 'private');
    const busy = disks.find((storage) => storage!.state !== 'online');
    if (busy) throw storageStateIllegal(`the storage ${busy.uuid} is ${busy.state}.`);
    const moved: ServerRow = { ...row, zone: body.zone, state: 'maintenance' };
    audited.change(request, 'relocate', row, {
      before: () => ({ zone: row.zone, state: row.state }),
      write: () => {
        servers.update(moved);
        for (const storage of disks) {
          storages.update({ ...storage!, zone: body.zone, state: 'maintenance' });
        }
        for (const nic of nics) {
          const addresses = context.interfaces.addressesOn(nic.uuid);
          context.networking.releaseInterface(nic);
          context.networking.addInterface(principalOf(request).owner.id, moved, {
            type: nic.type,
            ...(nic.idx !== null ? { index: nic.idx } : {}),
            family: addresses[0]?.family ?? 'IPv4',
            source_ip_filtering: nic.source_ip_filtering,
            bootable: nic.bootable,
            partOfPlan: addresses.some((address) => address.part_of_plan === 1),
          });
        }
        jobs.schedule(jobKinds.serverRelocated, row.uuid, durations.relocate, {
          storages: disks.map((storage) => storage!.uuid),
        });
      },
      after: () => ({ zone: moved.zone, state: moved.state }),
    });
    return details(moved);
  });

  /** Stop and restart take the guest down: softly (`server_shutdown`) or at once (`server_stop`). */
  function takeDown(
    request: FastifyRequest,
    uuid: string,
    action: 'stop' | 'restart',
    stopType: string | undefined,
  ) {
    const actor = actorOf(principalOf(request).account);
    return operate(request, uuid, action, (row) => {
      resources.recordEvent(
        row.uuid,
        stopType === 'hard' ? 'server_stop' : 'server_shutdown',
        actor,
      );
      if (action === 'stop') jobs.schedule(jobKinds.serverStopped, row.uuid, durations.serverStop);
      else jobs.schedule(jobKinds.serverStarted, row.uuid, durations.serverRestart, { actor });
      return { ...row, state: 'maintenance' };
    });
  }

  // The real service may still answer `started` to a stop (api-reference-notes §2.5); like start and
  // restart, the sandbox shows the change in progress as `maintenance` until the guest is down.
  for (const action of ['stop', 'restart'] as const) {
    handle(
      scope,
      serverEndpoints[action],
      async ({ request, params, body }) => {
        // The one attribute of the body is `stop_server` or `restart_server`.
        const given = body as typeof body | undefined;
        return takeDown(request, params.uuid, action, given && Object.values(given)[0]?.stop_type);
      },
      optionalBody,
    );
  }

  // Classic server-centric storage operations (api-reference-notes §2.1, §3.1): the same records, rules and
  // audit rows as /storage/{uuid}/attach|detach, answered with the server record.
  handle(
    scope,
    serverEndpoints.attachStorage,
    async ({ request, params, body: { storage_device: body } }) => {
      const server = serverOf(request, params.uuid);
      const { storage: uuid, ...device } = body;
      // Only a CD-ROM device may be attached empty (api-reference-notes §3.3).
      if (uuid === undefined && device.type !== 'cdrom') {
        throw missingAttribute(
          'storage',
          'Only a CD-ROM device (type cdrom) can be attached empty.',
        );
      }
      const storage =
        uuid === undefined ? undefined : resources.storageFor(principalOf(request), uuid, 'read');
      attachments.attach(request, server, storage, device);
      return reread(server);
    },
  );

  handle(
    scope,
    serverEndpoints.detachStorage,
    async ({ request, params, body: { storage_device: body } }) => {
      const server = serverOf(request, params.uuid);
      const devices = servers.devices(server.uuid);
      if (body.address !== undefined) {
        const device = devices.find((item) => item.address === body.address);
        if (!device || (body.storage !== undefined && device.storage_uuid !== body.storage)) {
          throw new ApiProblem(
            409,
            'DEVICE_ADDRESS_NOT_IN_USE',
            `The server has no device at ${body.address}${body.storage ? ` holding ${body.storage}` : ''}.`,
          );
        }
        const storage = device.storage_uuid ? storages.find(device.storage_uuid) : undefined;
        attachments.detach(request, storage, [{ server, device }]);
        return reread(server);
      }
      if (body.storage === undefined) {
        throw missingAttribute('address', 'Give the device address or the storage UUID.');
      }
      const storage = resources.storageFor(principalOf(request), body.storage, 'read');
      // As on the storage path (api-rules §3), a storage this server does not hold is left unchanged.
      const targets = devices
        .filter((device) => device.storage_uuid === storage.uuid)
        .map((device) => ({ server, device }));
      attachments.detach(request, storage, targets);
      return reread(server);
    },
  );

  handle(scope, serverEndpoints.loadCdrom, async ({ request, params, body }) => {
    const server = serverOf(request, params.uuid);
    const storage = resources.storageFor(principalOf(request), body.storage_device.storage, 'read');
    attachments.loadCdrom(request, server, storage);
    return reread(server);
  });

  handle(scope, serverEndpoints.ejectCdrom, async ({ request, params }) => {
    const server = serverOf(request, params.uuid);
    attachments.ejectCdrom(request, server);
    return reread(server);
  });

  // A server's interfaces (api-reference-notes §5.1), from its record, ordered by index.
  const interfacesOf = (row: ServerRow) =>
    [...resources.serverDetails(row).networking.interfaces.interface].sort(
      (a, b) => a.index - b.index,
    );

  handle(scope, serverEndpoints.networking, async ({ request, params }) => ({
    networking: { interfaces: { interface: interfacesOf(serverOf(request, params.uuid)) } },
  }));

  handle(scope, serverEndpoints.interface, async ({ request, params }) => {
    const found = interfacesOf(serverOf(request, params.uuid)).find(
      (item) => String(item.index) === params.index,
    );
    if (!found) throw notFound('interface', params.index);
    return { interface: found };
  });
};
