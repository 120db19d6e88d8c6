import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from './context';
import { ApiProblem } from './http/errors';
import { auditContext, principalOf } from './http/principal';
import type { DeviceRequest } from './resources';
import { actorOf } from './resources';
import type { DeviceRow, ServerRow } from './store/servers';
import type { StorageRow } from './store/storages';

/**
 * Attaching and detaching storage, the one implementation behind the spec's storage-centric
 * paths (`/storage/{uuid}/attach|detach`) and the classic server-centric ones
 * (`/server/{uuid}/storage/attach|detach`, `/server/{uuid}/cdrom/load|eject`; api-reference-notes §2.1,
 * §3.1). Each call runs in one transaction: the rules of `resources.attach`/`detach`, the server
 * event, and one audit row per storage whose attachments change (for an empty CD-ROM device,
 * which holds no storage, one row about the server).
 */
export function createAttachments(context: SandboxContext) {
  const { db, servers, storages, resources, audit } = context;

  /** What an audit row shows of the subject before and after the change. */
  function snapshot(request: FastifyRequest, server: ServerRow, storage: StorageRow | undefined) {
    if (storage) {
      return resources.storageDetails(storages.find(storage.uuid)!, principalOf(request).owner.id);
    }
    return { storage_devices: resources.serverDetails(server).storage_devices };
  }

  function attachInTransaction(
    request: FastifyRequest,
    server: ServerRow,
    storage: StorageRow | undefined,
    device: DeviceRequest,
  ): DeviceRow {
    const principal = principalOf(request);
    const previous = snapshot(request, server, storage);
    const attached = resources.attach(server, storage, device);
    resources.recordEvent(server.uuid, 'server_storage_attach', actorOf(principal.account));
    audit.record(auditContext(request), {
      action: 'attach',
      resourceType: storage ? 'storage' : 'server',
      resourceId: storage?.uuid ?? server.uuid,
      previous,
      current: snapshot(request, server, storage),
    });
    return attached;
  }

  function detachInTransaction(
    request: FastifyRequest,
    storage: StorageRow | undefined,
    targets: { server: ServerRow; device: DeviceRow }[],
  ) {
    const principal = principalOf(request);
    const first = targets[0];
    if (!first) return;
    const previous = snapshot(request, first.server, storage);
    for (const { server, device } of targets) {
      resources.detach(server, device);
      resources.recordEvent(server.uuid, 'server_storage_detach', actorOf(principal.account));
    }
    audit.record(auditContext(request), {
      action: 'detach',
      resourceType: storage ? 'storage' : 'server',
      resourceId: storage?.uuid ?? first.server.uuid,
      previous,
      current: snapshot(request, first.server, storage),
    });
  }

  const storageOf = (device: DeviceRow) =>
    device.storage_uuid ? storages.find(device.storage_uuid) : undefined;

  /** The server's first CD-ROM device, or NO_CDROM_DEVICE. */
  function cdromDevice(server: ServerRow): DeviceRow {
    const device = servers.devices(server.uuid).find((item) => item.type === 'cdrom');
    if (!device) {
      throw new ApiProblem(
        409,
        'NO_CDROM_DEVICE',
        `The server ${server.uuid} has no CD-ROM device; attach one (type cdrom) while it is stopped.`,
      );
    }
    return device;
  }

  /** Takes the media out of a CD-ROM device, leaving the empty device at its address. */
  function ejectInTransaction(request: FastifyRequest, server: ServerRow, device: DeviceRow) {
    const media = storageOf(device);
    detachInTransaction(request, media, [{ server, device }]);
    resources.attach(servers.find(server.uuid)!, undefined, {
      type: 'cdrom',
      address: device.address,
      boot_disk: device.boot_disk,
    });
  }

  return {
    /** Attaches a storage, or an empty CD-ROM device when `storage` is undefined. */
    attach(
      request: FastifyRequest,
      server: ServerRow,
      storage: StorageRow | undefined,
      device: DeviceRequest,
    ): DeviceRow {
      return db.transaction(() => attachInTransaction(request, server, storage, device))();
    },

    /** Detaches devices that hold one storage (or one empty CD-ROM device); one audit row. */
    detach(
      request: FastifyRequest,
      storage: StorageRow | undefined,
      targets: { server: ServerRow; device: DeviceRow }[],
    ) {
      db.transaction(() => detachInTransaction(request, storage, targets))();
    },

    /**
     * Loads a CD-ROM or normal storage into the server's CD-ROM device, ejecting what it held
     * first (api-reference-notes §2.1). Loading the media already in the drive changes nothing.
     */
    loadCdrom(request: FastifyRequest, server: ServerRow, storage: StorageRow) {
      const device = cdromDevice(server);
      if (device.storage_uuid === storage.uuid) return;
      db.transaction(() => {
        const media = storageOf(device);
        // The old media leaves with its own audit row, as a detach on the storage path writes;
        // an empty drive is swapped for one holding the media, through the same attach rules.
        if (media) detachInTransaction(request, media, [{ server, device }]);
        else resources.detach(server, device);
        attachInTransaction(request, servers.find(server.uuid)!, storage, {
          type: 'cdrom',
          address: device.address,
          boot_disk: device.boot_disk,
        });
      })();
    },

    /** Ejects the CD-ROM media; an empty drive is left as it is. Answers whether it changed. */
    ejectCdrom(request: FastifyRequest, server: ServerRow): boolean {
      const device = cdromDevice(server);
      if (!device.storage_uuid) return false;
      db.transaction(() => ejectInTransaction(request, server, device))();
      return true;
    },
  };
}
