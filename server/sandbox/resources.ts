import type { Label } from '../../contract/common';
import type { ServerEvent } from '../../contract/server';
import type { ServerDetails, ServerStorageDevice, ServerSummary } from '../../contract/server';
import type { BackupRule, StorageDetails, StorageSummary } from '../../contract/storage';
import type { BackupDeletionPolicy } from '../../contract/storage';
import {
  deviceAddressPattern,
  maxDevicesAndInterfacesPerServer,
  maxStorageDevicesPerServer,
} from '../../contract/storage';
import type { Clock } from './clock';
import { rfc3339 } from './clock';
import type { Principal } from './http/auth';
import { ApiProblem, forbidden, ownRowByUuid, rowByUuid } from './http/errors';
import type { JobRunner } from './jobs';
import type { Networking } from './networking';
import type { AccountRow } from './store/accounts';
import type { DeviceRow, ServerRepository, ServerRow } from './store/servers';
import type { StorageRepository, StorageRow } from './store/storages';

export const storageStateIllegal = (detail: string) =>
  new ApiProblem(
    409,
    'STORAGE_STATE_ILLEGAL',
    `The storage is in a state in which it cannot be used: ${detail}`,
  );
export const serverStateIllegal = (detail: string) =>
  new ApiProblem(
    409,
    'SERVER_STATE_ILLEGAL',
    `The server is in a state in which it cannot be used: ${detail}`,
  );

/**
 * An invalid `backups` query answers the API's own code (api-reference-notes §2.1, §3.3), not the attribute's;
 * the scope's error handler sends the answer.
 */
export function backupPolicyErrors(error: unknown): never {
  if (
    error instanceof ApiProblem &&
    error.status === 400 &&
    error.invalidParams.some((param) => param.name === 'backups')
  ) {
    throw new ApiProblem(
      400,
      'BACKUP_DELETION_POLICY_INVALID',
      'The backups parameter must be keep, keep_latest or delete.',
    );
  }
  throw error;
}

/** RFC 3339 without fractions, as storage records carry it (api-reference-notes §1.2). */

export interface Actor {
  email?: string;
  first_name?: string;
  last_name?: string;
}

/** Who an event names: the acting user's contact details (api-reference-notes §13). */
export function actorOf(account: AccountRow): Actor {
  const contact = JSON.parse(account.contact) as Actor;
  return {
    ...(contact.email ? { email: contact.email } : {}),
    ...(contact.first_name ? { first_name: contact.first_name } : {}),
    ...(contact.last_name ? { last_name: contact.last_name } : {}),
  };
}

/** The contract's type; the servers route takes it from here. */
export type { BackupDeletionPolicy };

export interface DeviceRequest {
  address?: string;
  type?: 'disk' | 'cdrom';
  boot_disk?: '0' | '1';
}

const busSlots: Record<string, string[]> = {
  virtio: Array.from({ length: 16 }, (_, n) => `virtio:${n}`),
  scsi: Array.from({ length: 16 }, (_, n) => `scsi:0:${n}`),
  ide: ['ide:0:0', 'ide:0:1', 'ide:1:0', 'ide:1:1'],
};

/**
 * Storages, servers and what joins them (attachments, records, ownership). Routes of both groups
 * and the seed use it, so an attachment obeys the same rules wherever it is made.
 */
export function createResources({
  storages,
  servers,
  jobs,
  clock,
  networking,
}: {
  storages: StorageRepository;
  servers: ServerRepository;
  jobs: JobRunner;
  clock: Clock;
  networking: Pick<Networking, 'serverInterfaces' | 'serverIpAddresses' | 'interfaceCount'>;
}) {
  function progressOf(uuid: string): string | undefined {
    const progress = jobs.progress(uuid);
    return progress === undefined ? undefined : String(progress);
  }

  /** `labels`, when the caller read them in bulk (a list page), saves one query per storage. */
  function storageSummary(row: StorageRow, labels?: Label[]): StorageSummary {
    const copy = row.state === 'online' ? undefined : storages.pendingCopyOf(row.uuid);
    const progress = progressOf(row.uuid) ?? (copy ? progressOf(copy.uuid) : undefined);
    return {
      uuid: row.uuid,
      title: row.title,
      type: row.type,
      access: row.access,
      size: row.size,
      ...(row.tier ? { tier: row.tier } : {}),
      state: row.state,
      zone: row.zone,
      license: row.license,
      encrypted: row.encrypted,
      labels: labels ?? storages.labels(row.uuid),
      ...(row.access === 'private' ? { created: row.created } : {}),
      ...(row.origin ? { origin: row.origin } : {}),
      ...(row.template_type ? { template_type: row.template_type } : {}),
      ...(row.part_of_plan ? { part_of_plan: 'yes' as const } : {}),
      ...(progress !== undefined ? { progress } : {}),
    };
  }

  /** The servers a viewer may see a storage attached to: public images serve every account. */
  function attachedServers(row: StorageRow, ownerId: number): string[] {
    const uuids = servers.devicesWithStorage(row.uuid).map((device) => device.server_uuid);
    if (row.access === 'private') return [...new Set(uuids)];
    return [...new Set(uuids)].filter((uuid) => servers.find(uuid)?.account_id === ownerId);
  }

  function storageDetails(row: StorageRow, ownerId: number): StorageDetails {
    return {
      ...storageSummary(row),
      servers: { server: attachedServers(row, ownerId) },
      ...(row.type === 'normal'
        ? {
            backups: { backup: storages.backups(row.uuid) },
            backup_rule: JSON.parse(row.backup_rule) as BackupRule,
          }
        : {}),
    };
  }

  function storageDevice(device: DeviceRow): ServerStorageDevice {
    const storage = device.storage_uuid ? storages.find(device.storage_uuid) : undefined;
    return {
      address: device.address,
      boot_disk: device.boot_disk,
      labels: storage ? storages.labels(storage.uuid) : [],
      storage: storage?.uuid ?? '',
      storage_size: storage?.size ?? 0,
      ...(storage?.tier ? { storage_tier: storage.tier } : {}),
      storage_title: storage?.title ?? '',
      ...(storage ? { storage_encrypted: storage.encrypted } : {}),
      type: device.type,
      ...(storage?.part_of_plan ? { part_of_plan: 'yes' as const } : {}),
    };
  }

  /** A server's licence is the per-core fee of the software on its disks (api-rules §2.5). */
  function licenseOf(devices: DeviceRow[]): number {
    return devices.reduce((sum, device) => {
      const storage = device.storage_uuid ? storages.find(device.storage_uuid) : undefined;
      return sum + (storage?.license ?? 0);
    }, 0);
  }

  function serverSummary(row: ServerRow, devices = servers.devices(row.uuid)): ServerSummary {
    const progress = progressOf(row.uuid);
    const planned = row.plan !== 'custom';
    return {
      uuid: row.uuid,
      title: row.title,
      hostname: row.hostname,
      zone: row.zone,
      plan: row.plan,
      core_number: String(row.core_number),
      memory_amount: String(row.memory_amount),
      license: licenseOf(devices),
      ...(planned ? { plan_ipv4_bytes: '0', plan_ipv6_bytes: '0' } : {}),
      state: row.state,
      tags: { tag: JSON.parse(row.tags) as string[] },
      labels: { label: JSON.parse(row.labels) as { key: string; value: string }[] },
      created: row.created,
      host: row.host,
      simple_backup: row.simple_backup,
      server_group: row.server_group ?? null,
      ...(progress !== undefined ? { progress } : {}),
    };
  }

  /** A console port of the server's own, stable across reads. */
  const remoteAccessPort = (uuid: string) =>
    3000 + (Number.parseInt(uuid.replace(/-/g, '').slice(-4), 16) % 1000);

  function serverDetails(row: ServerRow): ServerDetails {
    const devices = servers.devices(row.uuid);
    return {
      ...serverSummary(row, devices),
      boot_order: row.boot_order,
      firewall: row.firewall,
      metadata: row.metadata,
      nic_model: row.nic_model,
      video_model: row.video_model,
      timezone: row.timezone,
      remote_access_enabled: row.remote_access_enabled,
      remote_access_type: row.remote_access_type,
      remote_access_password: row.remote_access_password,
      ...(row.remote_access_enabled === 'yes'
        ? {
            remote_access_host: `${row.zone}.console.sandbox.invalid`,
            remote_access_port: String(remoteAccessPort(row.uuid)),
          }
        : {}),
      // A custom server's details carry the plan's traffic counters too, as "0".
      ...(row.plan === 'custom' ? { plan_ipv4_bytes: '0', plan_ipv6_bytes: '0' } : {}),
      devices: { device: [] },
      storage_devices: { storage_device: devices.map(storageDevice) },
      ip_addresses: { ip_address: networking.serverIpAddresses(row.uuid) },
      networking: { interfaces: { interface: networking.serverInterfaces(row.uuid) } },
    };
  }

  /** A storage the principal may read (its own or a public one) or, with `write`, change. */
  function storageFor(principal: Principal, uuid: string, access: 'read' | 'write'): StorageRow {
    const row = rowByUuid(uuid, storages.find, 'storage');
    if (row.access === 'public') {
      if (access === 'write') throw forbidden('storage', uuid);
      return row;
    }
    if (row.account_id !== principal.owner.id) throw forbidden('storage', uuid);
    return row;
  }

  const serverFor = (principal: Principal, uuid: string): ServerRow =>
    ownRowByUuid(uuid, principal.owner.id, servers.find, 'server');

  /** Started or stopped, with no start, stop or restart under way. */
  const serverBusy = (server: ServerRow) =>
    server.state === 'maintenance' || jobs.progress(server.uuid) !== undefined;

  function refuseHotplug(server: ServerRow, type: 'disk' | 'cdrom', address: string) {
    if (server.state !== 'started') return;
    // api-rules §3: IDE devices and CD-ROMs attach and detach only while the server is stopped.
    if (type === 'cdrom') {
      throw new ApiProblem(
        409,
        'CDROM_HOTPLUG_UNSUPPORTED',
        'A CD-ROM device can be attached or detached only while the server is stopped.',
      );
    }
    if (address.startsWith('ide')) {
      throw new ApiProblem(
        409,
        'IDE_HOTPLUG_UNSUPPORTED',
        'An IDE device can be attached or detached only while the server is stopped.',
      );
    }
  }

  function freeAddress(devices: DeviceRow[], bus: string): string {
    const used = new Set(devices.map((device) => device.address));
    const address = busSlots[bus]!.find((slot) => !used.has(slot));
    if (!address) {
      throw new ApiProblem(409, 'DEVICE_ADDRESS_IN_USE', `Every ${bus} address is in use.`);
    }
    return address;
  }

  /**
   * Checks every attach rule (api-rules §3, §8; api-reference-notes §3.6) and adds the device. `creating` skips
   * the server state rules: a server being created has no running guest to hot-plug into.
   */
  function attach(
    server: ServerRow,
    storage: StorageRow | undefined,
    request: DeviceRequest,
    creating = false,
  ): DeviceRow {
    if (!creating && serverBusy(server)) {
      throw serverStateIllegal('a start, stop or restart is in progress.');
    }
    const type = request.type ?? (storage?.type === 'cdrom' ? 'cdrom' : 'disk');
    if (storage) {
      if (type === 'disk' && storage.access === 'public') {
        throw new ApiProblem(
          409,
          'PUBLIC_STORAGE_ATTACH',
          'A public storage can be attached only as a CD-ROM; clone it to get a disk.',
        );
      }
      const fits = type === 'disk' ? ['normal'] : ['normal', 'cdrom'];
      if (!fits.includes(storage.type)) {
        throw new ApiProblem(
          409,
          'STORAGE_TYPE_ILLEGAL',
          `A ${storage.type} storage cannot be attached as a ${type}.`,
        );
      }
      // A disk cloned for a server being created is still being copied; it comes with the server.
      if (!creating && storage.state !== 'online') {
        throw storageStateIllegal(`it is ${storage.state}.`);
      }
      // Public CD-ROMs and templates are the same in every zone: a UUID loads anywhere (issue 18).
      if (storage.zone !== server.zone && storage.access !== 'public') {
        throw new ApiProblem(
          409,
          'ZONE_MISMATCH',
          `The storage is in ${storage.zone} and the server in ${server.zone}; clone the storage to that zone first.`,
        );
      }
      const holders = servers.devicesWithStorage(storage.uuid);
      if (
        storage.access === 'private'
          ? holders.length > 0
          : holders.some((device) => device.server_uuid === server.uuid)
      ) {
        throw new ApiProblem(
          409,
          'STORAGE_ATTACHED',
          `The storage ${storage.uuid} is already attached to a server.`,
        );
      }
    }
    const devices = servers.devices(server.uuid);
    const interfaces = networking.interfaceCount(server.uuid);
    if (
      devices.length >= maxStorageDevicesPerServer ||
      devices.length + interfaces >= maxDevicesAndInterfacesPerServer
    ) {
      throw new ApiProblem(
        409,
        'STORAGE_DEVICE_LIMIT_REACHED',
        `A server takes at most ${maxStorageDevicesPerServer} storage devices and ${maxDevicesAndInterfacesPerServer} storage devices and network interfaces together.`,
      );
    }
    const wanted = request.address ?? (type === 'cdrom' ? 'ide' : 'virtio');
    if (!deviceAddressPattern.test(wanted)) {
      throw new ApiProblem(400, 'ADDRESS_INVALID', `The attribute address has an invalid value.`);
    }
    let address = wanted;
    if (wanted in busSlots) address = freeAddress(devices, wanted);
    else if (devices.some((device) => device.address === wanted)) {
      throw new ApiProblem(409, 'DEVICE_ADDRESS_IN_USE', `The address ${wanted} is in use.`);
    }
    if (!creating) refuseHotplug(server, type, address);
    const device = {
      server_uuid: server.uuid,
      address,
      type,
      storage_uuid: storage?.uuid ?? null,
      boot_disk: request.boot_disk ?? '0',
    } as const;
    servers.addDevice(device);
    return { ...device, position: 0 };
  }

  function detach(server: ServerRow, device: DeviceRow) {
    if (serverBusy(server)) throw serverStateIllegal('a start, stop or restart is in progress.');
    refuseHotplug(server, device.type, device.address);
    servers.removeDevice(server.uuid, device.address);
  }

  function recordEvent(serverUuid: string, type: ServerEvent['type'], actor: Actor) {
    servers.addEvent({
      server_uuid: serverUuid,
      time: rfc3339(clock.now()),
      type,
      email: actor.email ?? null,
      first_name: actor.first_name ?? null,
      last_name: actor.last_name ?? null,
    });
  }

  /** Deletes an unattached storage and, by the policy, its backups (api-rules §3, §4.10). */
  function deleteStorage(row: StorageRow, policy: BackupDeletionPolicy) {
    if (servers.devicesWithStorage(row.uuid).length > 0) {
      throw new ApiProblem(
        409,
        'STORAGE_ATTACHED',
        `The storage ${row.uuid} is attached to a server; detach it first.`,
      );
    }
    if (row.state !== 'online') throw storageStateIllegal(`it is ${row.state}.`);
    const backups = storages.backups(row.uuid);
    const doomed =
      policy === 'delete' ? backups : policy === 'keep_latest' ? backups.slice(0, -1) : [];
    for (const uuid of [...doomed, row.uuid]) {
      jobs.cancel(uuid);
      storages.delete(uuid);
    }
  }

  return {
    storageSummary,
    deleteStorage,
    storageDetails,
    serverSummary,
    serverDetails,
    storageFor,
    serverFor,
    serverBusy,
    attach,
    detach,
    recordEvent,
  };
}
export type Resources = ReturnType<typeof createResources>;
