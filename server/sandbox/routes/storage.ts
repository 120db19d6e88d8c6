import type { FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import type { Label } from '../../../contract/common';
import { uuidPrefixes } from '../../../contract/common';
import type { Endpoint } from '../../../contract/endpoint';
import { fillPath } from '../../../contract/endpoint';
import type { StorageAccess, storageListQuerySchema, StorageType } from '../../../contract/storage';
import {
  defaultStorageLimit,
  storageAccesses,
  storageEndpoints,
  storageTypes,
} from '../../../contract/storage';
import type { RouteModule } from '../domain';
import { createAttachments } from '../attachments';
import { newUuid } from '../credentials';
import { handle, JsonText } from '../http/endpoint-route';
import { ApiProblem, invalidAttribute } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
import { checkLabelKeys, checkZone, labelFilters, readLabelledBody } from '../http/validation';
import type { SandboxContext } from '../context';
import { rfc3339 } from '../clock';
import { backupPolicyErrors, serverStateIllegal, storageStateIllegal } from '../resources';
import type { StorageListFilter, StorageRow } from '../store/storages';
import { newStorageDefaults } from '../store/storages';
import { systemLabelsOfCopy, withSystemLabels } from '../system-labels';
import { durations, jobKinds } from '../transitions';
import { createQuotas } from '../quotas';

type ListQuery = z.output<typeof storageListQuerySchema>;

/**
 * An endpoint at one value of its path parameters. The lists by type and by access sit where a
 * storage UUID sits (`/storage/:uuid`), so each value is a static route of its own, found before
 * the UUID route; the handler knows the value it serves.
 */
const at = <E extends Endpoint>(endpoint: E, params: Record<string, string>): E =>
  ({ ...endpoint, path: fillPath(endpoint.path, params) }) as E;

/** Storage (api-rules §2.7, §3, §4.10; api-reference-notes §3). */
export const storageRoutes: RouteModule = (scope, context: SandboxContext) => {
  const { db, storages, servers, resources, jobs, audit, clock } = context;
  const attachments = createAttachments(context);
  const quotas = createQuotas(db);

  function listStorages(
    request: FastifyRequest,
    query: ListQuery,
    selection: { type?: StorageType; access?: StorageAccess },
  ) {
    if (query.order_by && !query.sort_by) {
      throw invalidAttribute('order_by', 'order_by is used only together with sort_by.');
    }
    const filter: StorageListFilter = {
      ownerId: principalOf(request).owner.id,
      ...selection,
      labels: labelFilters(query.label),
      ...(query.search ? { search: query.search } : {}),
      ...(query.sort_by ? { sortBy: query.sort_by } : {}),
      descending: query.order_by === 'desc',
      limit: query.limit ?? defaultStorageLimit,
      offset: query.offset ?? 0,
    };
    // Unless a summary shows progress, SQLite writes the page's JSON itself.
    const summaries = storages.summariesJson(filter, jobs.idle());
    if (summaries !== undefined) return new JsonText(`{"storages":{"storage":${summaries}}}`);
    const rows = storages.list(filter);
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
  const audited = auditedResource(audit, {
    resourceType: 'storage',
    record: (row: StorageRow, request) => details(request, row).storage,
    quotas,
    limitUpdates: true,
  });

  function newStorage(
    ownerId: number,
    fields: Partial<StorageRow> & Pick<StorageRow, 'title' | 'type' | 'size' | 'zone' | 'state'>,
  ): StorageRow {
    return {
      uuid: newUuid(uuidPrefixes.storage),
      account_id: ownerId,
      ...newStorageDefaults,
      created: rfc3339(clock.now()),
      ...fields,
    };
  }

  /** Resize and restore rewrite the disk: every server holding it is stopped and idle. */
  function requireServersStopped(row: StorageRow, doing: 'resizing' | 'restoring') {
    for (const device of servers.devicesWithStorage(row.uuid)) {
      const server = servers.find(device.server_uuid)!;
      if (server.state !== 'stopped' || resources.serverBusy(server)) {
        throw serverStateIllegal(`stop the server ${server.uuid} before ${doing} its storage.`);
      }
    }
  }

  /**
   * Partition and filesystem resize (api-rules §3): a backup first, then maintenance until done.
   * Gives the storage as it now is and the backup taken.
   */
  function startResize(row: StorageRow): { resizing: StorageRow; backup: StorageRow } {
    if (row.type !== 'normal') {
      throw new ApiProblem(409, 'STORAGE_TYPE_ILLEGAL', 'Only normal storage can be resized.');
    }
    if (!row.resize_pending) {
      throw storageStateIllegal('its size has not been increased since the last resize.');
    }
    if (row.state !== 'online') throw storageStateIllegal(`it is ${row.state}.`);
    requireServersStopped(row, 'resizing');
    const backup = newStorage(row.account_id!, {
      title: 'Resize Backup',
      type: 'backup',
      size: row.size,
      zone: row.zone,
      state: 'online',
      origin: row.uuid,
      encrypted: row.encrypted,
    });
    storages.insert(backup);
    const resizing: StorageRow = { ...row, state: 'maintenance', resize_pending: 0 };
    storages.update(resizing);
    jobs.schedule(jobKinds.storageOnline, row.uuid, durations.resize);
    return { resizing, backup };
  }

  /** Backups and templates are made of writable (private) normal storage that is not busy. */
  function requireOnlineNormal(row: StorageRow, typeRule: string) {
    if (row.type !== 'normal') throw new ApiProblem(409, 'STORAGE_TYPE_ILLEGAL', typeRule);
    if (row.state !== 'online') throw storageStateIllegal(`it is ${row.state}.`);
  }

  /** An audited change of one storage: its record before, the write, the record of what it returns. */
  const changeStorage = (
    request: FastifyRequest,
    action: 'update' | 'resize' | 'restore',
    row: StorageRow,
    write: () => StorageRow,
  ) => ({ storage: audited.settle(request, row, write, action) });

  /** Backup, clone and template: a new storage that becomes ready on the clock (201 with it). */
  function startCopy(
    request: FastifyRequest,
    action: 'backup' | 'clone' | 'templatize',
    source: StorageRow,
    copy: StorageRow,
    sourceState: StorageRow['state'],
    labels: readonly Label[] = [],
  ) {
    const write = () => {
      storages.insert(copy, labels);
      if (source.access === 'private') storages.update({ ...source, state: sourceState });
      jobs.schedule(jobKinds.copyReady, copy.uuid, durations[action], { source: source.uuid });
    };
    return { storage: audited.create(request, copy, write, action) };
  }

  const cacheable = { config: { cacheable: true } };

  handle(
    scope,
    storageEndpoints.list,
    async ({ request, query }) => listStorages(request, query, {}),
    cacheable,
  );

  handle(scope, storageEndpoints.listFavorites, async ({ request }) => {
    const { account, owner } = principalOf(request);
    return {
      storages: {
        storage: storages
          .favorites(account.id, owner.id)
          .map((row) => resources.storageSummary(row)),
      },
    };
  });

  for (const [endpoint, selection] of [
    ...storageTypes.map((type) => [at(storageEndpoints.listOfType, { type }), { type }] as const),
    ...storageAccesses.map(
      (access) => [at(storageEndpoints.listOfAccess, { access }), { access }] as const,
    ),
  ]) {
    handle(
      scope,
      endpoint,
      async ({ request, query }) => listStorages(request, query, selection),
      cacheable,
    );
  }
  // The spec names /storage/{type}/{access}; the Go SDK builds /storage/{access}/{type}.
  for (const type of storageTypes) {
    for (const access of storageAccesses) {
      for (const endpoint of [
        storageEndpoints.listOfTypeAndAccess,
        storageEndpoints.listOfAccessAndType,
      ]) {
        handle(scope, at(endpoint, { type, access }), async ({ request, query }) =>
          listStorages(request, query, { type, access }),
        );
      }
    }
  }

  handle(
    scope,
    storageEndpoints.get,
    async ({ request, params }) =>
      details(request, resources.storageFor(principalOf(request), params.uuid, 'read')),
    cacheable,
  );

  handle(
    scope,
    storageEndpoints.create,
    async ({ request, body: { storage: body } }) => {
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
      return { storage: audited.create(request, row, () => storages.insert(row, labels)) };
    },
    { readBody: readLabelledBody },
  );

  handle(
    scope,
    storageEndpoints.modify,
    async ({ request, params, body: { storage: body } }) => {
      const row = resources.storageFor(principalOf(request), params.uuid, 'write');
      if (body.labels) checkLabelKeys(body.labels);
      let next: StorageRow = { ...row, title: body.title ?? row.title };
      if (body.backup_rule !== undefined) {
        if (row.type !== 'normal') {
          throw invalidAttribute('backup_rule', 'Only normal storage has a backup rule.');
        }
        next.backup_rule = JSON.stringify(body.backup_rule);
      }
      if (body.size !== undefined) {
        requireOnlineNormal(row, 'Only normal storage can be enlarged.');
        if (body.size <= row.size) {
          throw invalidAttribute('size', `A new size must exceed the current ${row.size} GiB.`);
        }
        next = { ...next, size: body.size, resize_pending: 1 };
      }
      return changeStorage(request, 'update', row, () => {
        storages.update(next);
        if (body.labels) {
          storages.setLabels(row.uuid, withSystemLabels(storages.labels(row.uuid), body.labels));
        }
        return body.filesystem_resize === 'yes' ? startResize(next).resizing : next;
      });
    },
    { readBody: readLabelledBody },
  );

  handle(
    scope,
    storageEndpoints.delete,
    async ({ request, params, query }) => {
      const row = resources.storageFor(principalOf(request), params.uuid, 'write');
      audited.delete(request, row, () => resources.deleteStorage(row, query.backups));
    },
    { errorHandler: backupPolicyErrors },
  );

  handle(scope, storageEndpoints.attach, async ({ request, params, body }) => {
    const principal = principalOf(request);
    const row = resources.storageFor(principal, params.uuid, 'read');
    const device = body.storage_device;
    const server = resources.serverFor(principal, device.server);
    attachments.attach(request, server, row, device);
    return details(request, row);
  });

  handle(scope, storageEndpoints.detach, async ({ request, params }) => {
    const principal = principalOf(request);
    const row = resources.storageFor(principal, params.uuid, 'read');
    const targets = servers
      .devicesWithStorage(row.uuid)
      .map((device) => ({ server: servers.find(device.server_uuid)!, device }))
      .filter(({ server }) => server.account_id === principal.owner.id);
    // api-rules §3: detaching an already detached storage returns it unchanged.
    attachments.detach(request, row, targets);
    return details(request, row);
  });

  /**
   * A backup or a template of a private normal storage, made in its zone: same size, encryption
   * and (for a template) tier and license; the source stays in `sourceState` while it is copied.
   */
  function copyInPlace(
    request: FastifyRequest,
    uuid: string,
    action: 'backup' | 'templatize',
    typeRule: string,
    fields: (source: StorageRow) => Partial<StorageRow> & Pick<StorageRow, 'title' | 'type'>,
    sourceState: StorageRow['state'],
  ) {
    const row = resources.storageFor(principalOf(request), uuid, 'write');
    requireOnlineNormal(row, typeRule);
    context.billing.requireCredits(principalOf(request).owner);
    const copy = newStorage(row.account_id!, {
      size: row.size,
      zone: row.zone,
      state: 'maintenance',
      encrypted: row.encrypted,
      copy_of: row.uuid,
      ...fields(row),
    });
    return startCopy(request, action, row, copy, sourceState);
  }

  handle(scope, storageEndpoints.backup, async ({ request, params, body: { storage: body } }) =>
    copyInPlace(
      request,
      params.uuid,
      'backup',
      'Backups are taken of private normal storage only.',
      (row) => ({ title: body.title, type: 'backup', origin: row.uuid }),
      'backuping',
    ),
  );

  handle(scope, storageEndpoints.cancel, async ({ request, params }) => {
    const row = resources.storageFor(principalOf(request), params.uuid, 'write');
    const copy = row.copy_of ? row : storages.pendingCopyOf(row.uuid);
    if (!copy) {
      throw storageStateIllegal('no backup, clone or template is being made of it.');
    }
    audited.change(request, 'cancel', row, {
      before: () => ({ cancelled: copy.uuid, type: copy.type }),
      write: () => {
        jobs.cancel(copy.uuid);
        storages.delete(copy.uuid);
        const source = storages.find(copy.copy_of!);
        if (source && source.access === 'private') storages.update({ ...source, state: 'online' });
      },
    });
  });

  handle(scope, storageEndpoints.clone, async ({ request, params, body: { storage: body } }) => {
    const principal = principalOf(request);
    const row = resources.storageFor(principal, params.uuid, 'read');
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
    return startCopy(
      request,
      'clone',
      row,
      clone,
      'maintenance',
      systemLabelsOfCopy(row, storages.labels(row.uuid)),
    );
  });

  handle(
    scope,
    storageEndpoints.templatize,
    async ({ request, params, body: { storage: body } }) => {
      // api-rules §3: template deployments use the source storage tier.
      return copyInPlace(
        request,
        params.uuid,
        'templatize',
        'Templates are made of private normal storage only.',
        (row) => ({
          title: body.title,
          type: 'template',
          tier: row.tier,
          license: row.license,
          template_type: 'native',
        }),
        'maintenance',
      );
    },
  );

  handle(scope, storageEndpoints.resize, async ({ request, params }) => {
    const row = resources.storageFor(principalOf(request), params.uuid, 'write');
    let backup: StorageRow | undefined;
    changeStorage(request, 'resize', row, () => {
      const started = startResize(row);
      backup = started.backup;
      return started.resizing;
    });
    // The answer is the backup taken first, as the real API's (api-reference-notes §3.1).
    return { resize_backup: details(request, backup!).storage };
  });

  handle(scope, storageEndpoints.restore, async ({ request, params }) => {
    const backup = resources.storageFor(principalOf(request), params.uuid, 'write');
    if (backup.type !== 'backup') {
      throw new ApiProblem(409, 'STORAGE_TYPE_ILLEGAL', 'Only a backup can be restored.');
    }
    if (backup.state !== 'online') throw storageStateIllegal(`the backup is ${backup.state}.`);
    const origin = backup.origin ? storages.find(backup.origin) : undefined;
    if (!origin) throw storageStateIllegal('the storage it was taken of no longer exists.');
    if (origin.state !== 'online') throw storageStateIllegal(`its origin is ${origin.state}.`);
    requireServersStopped(origin, 'restoring');
    return changeStorage(request, 'restore', origin, () => {
      const restoring: StorageRow = { ...origin, state: 'maintenance' };
      storages.update(restoring);
      jobs.schedule(jobKinds.storageOnline, origin.uuid, durations.restore);
      return restoring;
    });
  });

  for (const [endpoint, added] of [
    [storageEndpoints.favorite, true],
    [storageEndpoints.unfavorite, false],
  ] as const) {
    handle(scope, endpoint, async ({ request, params }) => {
      const principal = principalOf(request);
      const row = resources.storageFor(principal, params.uuid, 'read');
      db.transaction(() => {
        const changed = added
          ? storages.addFavorite(principal.account.id, row.uuid)
          : storages.removeFavorite(principal.account.id, row.uuid);
        // api-rules §3: favorites are idempotent; only a real change is an audited event.
        if (changed) {
          audit.record(auditContext(request), {
            action: added ? 'favorite' : 'unfavorite',
            resourceType: 'storage',
            resourceId: row.uuid,
          });
        }
      })();
    });
  }
};
