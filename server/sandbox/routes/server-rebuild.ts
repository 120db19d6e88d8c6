import { uuidPrefixes } from '../../../contract/common';
import { serverEndpoints } from '../../../contract/server';
import { rfc3339 } from '../clock';
import { newUuid } from '../credentials';
import type { RouteModule } from '../domain';
import { handle } from '../http/endpoint-route';
import { ApiProblem, invalidAttribute } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { actorOf, serverStateIllegal, storageStateIllegal } from '../resources';
import type { StorageRow } from '../store/storages';
import { systemLabelsOfCopy } from '../system-labels';
import { durations } from '../transitions';

const rebuiltJob = 'server.rebuilt';

/**
 * Rebuild (api-reference-notes §2.8): a stopped server's OS disk (the boot disk, or else its first disk)
 * is replaced by a fresh clone of a public template, at least as large as the old disk. The old disk
 * is deleted, its backups kept; the server is in maintenance until the clone is ready.
 */
export const serverRebuildRoutes: RouteModule = (scope, context) => {
  const { servers, storages, resources, jobs, audit, clock } = context;

  jobs.register(rebuiltJob, (job, payload) => {
    const server = servers.find(job.resource_id);
    if (server) servers.update({ ...server, state: 'stopped' });
    const disk = storages.find(payload.storage as string);
    if (disk) storages.update({ ...disk, state: 'online' });
  });

  handle(scope, serverEndpoints.rebuild, async ({ request, params, body: { storage_device } }) => {
    const principal = principalOf(request);
    const server = resources.serverFor(principal, params.uuid);
    if (server.state !== 'stopped' || resources.serverBusy(server)) {
      throw serverStateIllegal(`it is ${server.state}; stop it before rebuilding it.`);
    }
    const template = resources.storageFor(principal, storage_device.storage, 'read');
    if (template.type !== 'template' || template.access !== 'public') {
      throw new ApiProblem(
        409,
        'STORAGE_TYPE_ILLEGAL',
        'A server is rebuilt from a public template.',
      );
    }
    const devices = servers.devices(server.uuid).filter((device) => device.type === 'disk');
    const device = devices.find((item) => item.boot_disk === '1') ?? devices[0];
    const old = device?.storage_uuid ? storages.find(device.storage_uuid) : undefined;
    if (!device || !old) {
      throw new ApiProblem(409, 'STORAGE_DEVICE_NOT_FOUND', 'The server has no disk to rebuild.');
    }
    if (old.state !== 'online') throw storageStateIllegal(`the disk ${old.uuid} is ${old.state}.`);
    const size = storage_device.size ?? Math.max(old.size, template.size);
    if (size < old.size || size < template.size) {
      throw invalidAttribute(
        'size',
        `The new disk needs at least ${Math.max(old.size, template.size)} GiB: the old disk's size or the template's.`,
      );
    }
    const fresh: StorageRow = {
      ...old,
      uuid: newUuid(uuidPrefixes.storage),
      size,
      license: template.license,
      state: 'maintenance',
      created: rfc3339(clock.now()),
      resize_pending: 0,
    };
    const userLabels = storages.labels(old.uuid).filter((label) => !label.key.startsWith('_'));
    audit.change(auditContext(request), {
      action: 'rebuild',
      resourceType: 'server',
      resourceId: server.uuid,
      before: () => ({ storage: old.uuid, state: server.state }),
      write: () => {
        storages.insert(fresh, [
          ...systemLabelsOfCopy(template, storages.labels(template.uuid)),
          ...userLabels,
        ]);
        servers.replaceDeviceStorage(server.uuid, device.address, fresh.uuid);
        resources.deleteStorage(old, 'keep');
        servers.update({ ...server, state: 'maintenance' });
        jobs.schedule(rebuiltJob, server.uuid, durations.clone, { storage: fresh.uuid });
        resources.recordEvent(server.uuid, 'server_modify', actorOf(principal.account));
      },
      after: () => ({ storage: fresh.uuid, state: 'maintenance' }),
    });
    return { server: resources.serverDetails(servers.find(server.uuid)!) };
  });
};
