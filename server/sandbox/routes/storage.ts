import type { FastifyRequest } from 'fastify';
import { uuidPrefixes } from '../../../contract/common';
import type { StorageAccess, StorageType } from '../../../contract/storage';
import type { BackupDeletionPolicy } from '../resources';
import {
  attachStorageRequestSchema,
  backupDeletionPolicies,
  cloneStorageRequestSchema,
  createStorageRequestSchema,
  defaultStorageLimit,
  modifyStorageRequestSchema,
  storageListQuerySchema,
  storageTypes,
  titleOnlyRequestSchema,
} from '../../../contract/storage';
import type { RouteModule } from '../api';
import { createAttachments } from '../attachments';
import { newUuid } from '../credentials';
import { ApiProblem, invalidAttribute, validate } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { readBody } from '../http/request-body';
import { checkLabelKeys, checkZone, labelFilters, readLabelledBody } from '../http/validation';
import type { SandboxContext } from '../context';
import { rfc3339, serverStateIllegal, storageStateIllegal } from '../resources';
import type { StorageRow } from '../store/storages';
import { durations, jobKinds } from '../transitions';

type UuidRequest = FastifyRequest<{ Params: { uuid: string } }>;

const accessTypes: readonly string[] = ['private', 'public'];
const isType = (text: string): text is StorageType =>
  (storageTypes as readonly string[]).includes(text);
const isAccess = (text: string): text is StorageAccess => accessTypes.includes(text);

/** Storage (spec §2.7, §3, §4.10; reference §3). */
export const storageRoutes: RouteModule = (scope, context: SandboxContext) => {
  const { db, storages, servers, resources, jobs, audit, clock } = context;
  const attachments = createAttachments(context);

  function listStorages(
    request: FastifyRequest,
    selection: { type?: StorageType; access?: StorageAccess },
  ) {
    const query = validate(storageListQuerySchema, request.query);
    if (query.order_by && !query.sort_by) {
      throw invalidAttribute('order_by', 'order_by is used only together with sort_by.');
    }
    const labels = labelFilters(query.label);
    const owner = principalOf(request).owner;
    const rows = storages.list({
      ownerId: owner.id,
      ...selection,
      labels,
      ...(query.search ? { search: query.search } : {}),
      ...(query.sort_by ? { sortBy: query.sort_by } : {}),
      descending: query.order_by === 'desc',
      limit: query.limit ?? defaultStorageLimit,
      offset: query.offset ?? 0,
    });
    const labelsByUuid = storages.labelsOfMany(rows.map((row) => row.uuid));
    return {
      storages: {
        storage: rows.map((row) => resources.storageSummary(row, labelsByUuid.get(row.uuid))),
      },
    };
  }

  const details = (request: FastifyRequest, row: StorageRow) => ({
    storage: resources.storageDetails(row, principalOf(request).owner.id),
  });

  function newStorage(
    ownerId: number,
    fields: Partial<StorageRow> & Pick<StorageRow, 'title' | 'type' | 'size' | 'zone' | 'state'>,
  ): StorageRow {
    return {
      uuid: newUuid(uuidPrefixes.storage),
      account_id: ownerId,
      access: 'private',
      tier: null,
      license: 0,
      encrypted: 'no',
      created: rfc3339(clock.now()),
      origin: null,
      template_type: null,
      part_of_plan: 0,
      backup_rule: '{}',
      copy_of: null,
      resize_pending: 0,
      ...fields,
    };
  }

  /** Partition and filesystem resize (spec §3): a backup first, then maintenance until done. */
  function startResize(row: StorageRow): StorageRow {
    if (row.type !== 'normal') {
      throw new ApiProblem(409, 'STORAGE_TYPE_ILLEGAL', 'Only normal storage can be resized.');
    }
    if (!row.resize_pending) {
      throw storageStateIllegal('its size has not been increased since the last resize.');
    }
    if (row.state !== 'online') throw storageStateIllegal(`it is ${row.state}.`);
    for (const device of servers.devicesWithStorage(row.uuid)) {
      const server = servers.find(device.server_uuid)!;
      if (server.state !== 'stopped' || resources.serverBusy(server)) {
        throw serverStateIllegal(`stop the server ${server.uuid} before resizing its storage.`);
      }
    }
    storages.insert(
      newStorage(row.account_id!, {
        title: 'Resize Backup',
        type: 'backup',
        size: row.size,
        zone: row.zone,
        state: 'online',
        origin: row.uuid,
        encrypted: row.encrypted,
      }),
    );
    const resizing: StorageRow = { ...row, state: 'maintenance', resize_pending: 0 };
    storages.update(resizing);
    jobs.schedule(jobKinds.storageOnline, row.uuid, durations.resize);
    return resizing;
  }

  /** A copy (backup, clone, template) in maintenance until its job completes. */
  /** Backups and templates are made of writable (private) normal storage that is not busy. */
  function requireOnlineNormal(row: StorageRow, typeRule: string) {
    if (row.type !== 'normal') throw new ApiProblem(409, 'STORAGE_TYPE_ILLEGAL', typeRule);
    if (row.state !== 'online') throw storageStateIllegal(`it is ${row.state}.`);
  }

  /** Backup, clone and template: a new storage that becomes ready on the clock (201 with it). */
  function startCopy(
    request: FastifyRequest,
    action: 'backup' | 'clone' | 'templatize',
    source: StorageRow,
    copy: StorageRow,
    sourceState: StorageRow['state'],
  ) {
    return db.transaction(() => {
      storages.insert(copy);
      if (source.access === 'private') storages.update({ ...source, state: sourceState });
      jobs.schedule(jobKinds.copyReady, copy.uuid, durations[action], { source: source.uuid });
      const current = details(request, copy);
      audit.record(auditContext(request), {
        action,
        resourceType: 'storage',
        resourceId: copy.uuid,
        current: current.storage,
      });
      return current;
    })();
  }

  const cacheable = { config: { cacheable: true } };

  scope.get('/storage', cacheable, async (request) => listStorages(request, {}));

  scope.get('/storage/favorite', async (request) => {
    const { account, owner } = principalOf(request);
    return {
      storages: {
        storage: storages
          .favorites(account.id, owner.id)
          .map((row) => resources.storageSummary(row)),
      },
    };
  });

  scope.get<{ Params: { selector: string } }>('/storage/:selector', cacheable, async (request) => {
    const { selector } = request.params;
    if (isType(selector)) return listStorages(request, { type: selector });
    if (isAccess(selector)) return listStorages(request, { access: selector });
    return details(request, resources.storageFor(principalOf(request), selector, 'read'));
  });

  // The spec names /storage/{type}/{access}; the Go SDK builds /storage/{access}/{type}.
  scope.get<{ Params: { first: string; second: string } }>(
    '/storage/:first/:second',
    async (request) => {
      const { first, second } = request.params;
      const [type, access] = isType(first) ? [first, second] : [second, first];
      if (!isType(type) || !isAccess(access)) {
        throw new ApiProblem(
          404,
          'NOT_FOUND',
          `There is no storage list at /storage/${first}/${second}; use /storage/{type}/{access}.`,
        );
      }
      return listStorages(request, { type, access });
    },
  );

  scope.post('/storage', async (request, reply) => {
    const { storage: body } = readLabelledBody(request, createStorageRequestSchema);
    checkZone(body.zone);
    const labels = body.labels ?? [];
    checkLabelKeys(labels);
    context.billing.requireCredits(principalOf(request).owner);
    const row = newStorage(principalOf(request).owner.id, {
      title: body.title,
      type: 'normal',
      size: body.size,
      zone: body.zone,
      state: 'online',
      tier: body.tier ?? 'maxiops',
      encrypted: body.encrypted ?? 'no',
      backup_rule: JSON.stringify(body.backup_rule ?? {}),
    });
    const record = db.transaction(() => {
      storages.insert(row, labels);
      const created = details(request, row);
      audit.record(auditContext(request), {
        action: 'create',
        resourceType: 'storage',
        resourceId: row.uuid,
        current: created.storage,
      });
      return created;
    })();
    return reply.code(201).send(record);
  });

  scope.put<{ Params: { uuid: string } }>('/storage/:uuid', async (request, reply) => {
    const principal = principalOf(request);
    const row = resources.storageFor(principal, request.params.uuid, 'write');
    const { storage: body } = readLabelledBody(request, modifyStorageRequestSchema);
    if (body.labels) checkLabelKeys(body.labels);
    let next: StorageRow = { ...row, title: body.title ?? row.title };
    if (body.backup_rule !== undefined) {
      if (row.type !== 'normal') {
        throw invalidAttribute('backup_rule', 'Only normal storage has a backup rule.');
      }
      next.backup_rule = JSON.stringify(body.backup_rule);
    }
    if (body.size !== undefined) {
      if (row.type !== 'normal') {
        throw new ApiProblem(409, 'STORAGE_TYPE_ILLEGAL', 'Only normal storage can be enlarged.');
      }
      if (row.state !== 'online') throw storageStateIllegal(`it is ${row.state}.`);
      if (body.size <= row.size) {
        throw invalidAttribute('size', `A new size must exceed the current ${row.size} GiB.`);
      }
      next = { ...next, size: body.size, resize_pending: 1 };
    }
    const record = db.transaction(() => {
      const previous = details(request, row).storage;
      storages.update(next);
      if (body.labels) storages.setLabels(row.uuid, body.labels);
      if (body.filesystem_resize === 'yes') next = startResize(next);
      const current = details(request, next);
      audit.record(auditContext(request), {
        action: 'update',
        resourceType: 'storage',
        resourceId: row.uuid,
        previous,
        current: current.storage,
      });
      return current;
    })();
    return reply.code(202).send(record);
  });

  scope.delete<{ Params: { uuid: string }; Querystring: { backups?: unknown } }>(
    '/storage/:uuid',
    async (request, reply) => {
      const policy = request.query.backups ?? 'keep';
      if (!(backupDeletionPolicies as readonly unknown[]).includes(policy)) {
        throw new ApiProblem(
          400,
          'BACKUP_DELETION_POLICY_INVALID',
          'The backups parameter must be keep, keep_latest or delete.',
        );
      }
      const row = resources.storageFor(principalOf(request), request.params.uuid, 'write');
      db.transaction(() => {
        const previous = details(request, row).storage;
        resources.deleteStorage(row, policy as BackupDeletionPolicy);
        audit.record(auditContext(request), {
          action: 'delete',
          resourceType: 'storage',
          resourceId: row.uuid,
          previous,
        });
      })();
      return reply.code(204).send();
    },
  );

  scope.post('/storage/:uuid/attach', async (request: UuidRequest) => {
    const principal = principalOf(request);
    const row = resources.storageFor(principal, request.params.uuid, 'read');
    const { storage_device: body } = readBody(request, attachStorageRequestSchema);
    const server = resources.serverFor(principal, body.server);
    attachments.attach(request, server, row, body);
    return details(request, row);
  });

  scope.post('/storage/:uuid/detach', async (request: UuidRequest) => {
    const principal = principalOf(request);
    const row = resources.storageFor(principal, request.params.uuid, 'read');
    const targets = servers
      .devicesWithStorage(row.uuid)
      .map((device) => ({ server: servers.find(device.server_uuid)!, device }))
      .filter(({ server }) => server.account_id === principal.owner.id);
    // Spec §3: detaching an already detached storage returns it unchanged.
    attachments.detach(request, row, targets);
    return details(request, row);
  });

  scope.post('/storage/:uuid/backup', async (request: UuidRequest, reply) => {
    const row = resources.storageFor(principalOf(request), request.params.uuid, 'write');
    const { storage: body } = readBody(request, titleOnlyRequestSchema);
    requireOnlineNormal(row, 'Backups are taken of private normal storage only.');
    context.billing.requireCredits(principalOf(request).owner);
    const backup = newStorage(row.account_id!, {
      title: body.title,
      type: 'backup',
      size: row.size,
      zone: row.zone,
      state: 'maintenance',
      origin: row.uuid,
      encrypted: row.encrypted,
      copy_of: row.uuid,
    });
    return reply.code(201).send(startCopy(request, 'backup', row, backup, 'backuping'));
  });

  scope.post('/storage/:uuid/cancel', async (request: UuidRequest, reply) => {
    const row = resources.storageFor(principalOf(request), request.params.uuid, 'write');
    const copy = row.copy_of ? row : storages.pendingCopyOf(row.uuid);
    if (!copy) {
      throw storageStateIllegal('no backup, clone or template is being made of it.');
    }
    db.transaction(() => {
      jobs.cancel(copy.uuid);
      storages.delete(copy.uuid);
      const source = storages.find(copy.copy_of!);
      if (source && source.access === 'private') storages.update({ ...source, state: 'online' });
      audit.record(auditContext(request), {
        action: 'cancel',
        resourceType: 'storage',
        resourceId: row.uuid,
        previous: { cancelled: copy.uuid, type: copy.type },
      });
    })();
    return reply.code(204).send();
  });

  scope.post('/storage/:uuid/clone', async (request: UuidRequest, reply) => {
    const principal = principalOf(request);
    const row = resources.storageFor(principal, request.params.uuid, 'read');
    const { storage: body } = readBody(request, cloneStorageRequestSchema);
    checkZone(body.zone);
    if (row.state !== 'online') throw storageStateIllegal(`it is ${row.state}.`);
    context.billing.requireCredits(principal.owner);
    const clone = newStorage(principal.owner.id, {
      title: body.title,
      type: 'normal',
      size: row.size,
      zone: body.zone,
      state: 'maintenance',
      tier: body.tier ?? row.tier ?? 'maxiops',
      license: row.license,
      encrypted: body.encrypted ?? row.encrypted,
      copy_of: row.uuid,
    });
    return reply.code(201).send(startCopy(request, 'clone', row, clone, 'maintenance'));
  });

  scope.post('/storage/:uuid/templatize', async (request: UuidRequest, reply) => {
    const row = resources.storageFor(principalOf(request), request.params.uuid, 'write');
    const { storage: body } = readBody(request, titleOnlyRequestSchema);
    requireOnlineNormal(row, 'Templates are made of private normal storage only.');
    context.billing.requireCredits(principalOf(request).owner);
    // Spec §3: template deployments use the source storage tier.
    const template = newStorage(row.account_id!, {
      title: body.title,
      type: 'template',
      size: row.size,
      zone: row.zone,
      state: 'maintenance',
      tier: row.tier,
      license: row.license,
      encrypted: row.encrypted,
      template_type: 'native',
      copy_of: row.uuid,
    });
    return reply.code(201).send(startCopy(request, 'templatize', row, template, 'maintenance'));
  });

  scope.post('/storage/:uuid/resize', async (request: UuidRequest) => {
    const row = resources.storageFor(principalOf(request), request.params.uuid, 'write');
    return db.transaction(() => {
      const previous = details(request, row).storage;
      const current = details(request, startResize(row));
      audit.record(auditContext(request), {
        action: 'resize',
        resourceType: 'storage',
        resourceId: row.uuid,
        previous,
        current: current.storage,
      });
      return current;
    })();
  });

  scope.post('/storage/:uuid/restore', async (request: UuidRequest, reply) => {
    const backup = resources.storageFor(principalOf(request), request.params.uuid, 'write');
    if (backup.type !== 'backup') {
      throw new ApiProblem(409, 'STORAGE_TYPE_ILLEGAL', 'Only a backup can be restored.');
    }
    if (backup.state !== 'online') throw storageStateIllegal(`the backup is ${backup.state}.`);
    const origin = backup.origin ? storages.find(backup.origin) : undefined;
    if (!origin) throw storageStateIllegal('the storage it was taken of no longer exists.');
    if (origin.state !== 'online') throw storageStateIllegal(`its origin is ${origin.state}.`);
    for (const device of servers.devicesWithStorage(origin.uuid)) {
      const server = servers.find(device.server_uuid)!;
      if (server.state !== 'stopped' || resources.serverBusy(server)) {
        throw serverStateIllegal(`stop the server ${server.uuid} before restoring its storage.`);
      }
    }
    const record = db.transaction(() => {
      const previous = details(request, origin).storage;
      const restoring: StorageRow = { ...origin, state: 'maintenance' };
      storages.update(restoring);
      jobs.schedule(jobKinds.storageOnline, origin.uuid, durations.restore);
      const current = details(request, restoring);
      audit.record(auditContext(request), {
        action: 'restore',
        resourceType: 'storage',
        resourceId: origin.uuid,
        previous,
        current: current.storage,
      });
      return current;
    })();
    return reply.code(202).send(record);
  });

  for (const [method, added] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    scope.route({
      method,
      url: '/storage/:uuid/favorite',
      handler: async (request: UuidRequest, reply) => {
        const principal = principalOf(request);
        const row = resources.storageFor(principal, request.params.uuid, 'read');
        db.transaction(() => {
          const changed = added
            ? storages.addFavorite(principal.account.id, row.uuid)
            : storages.removeFavorite(principal.account.id, row.uuid);
          // Spec §3: favorites are idempotent; only a real change is an audited event.
          if (changed) {
            audit.record(auditContext(request), {
              action: added ? 'favorite' : 'unfavorite',
              resourceType: 'storage',
              resourceId: row.uuid,
            });
          }
        })();
        return reply.code(204).send();
      },
    });
  }
};
