import type { Actor, Resources } from './resources';
import type { JobRunner } from './jobs';
import type { ServerRepository } from './store/servers';
import type { StorageRepository } from './store/storages';

/** Simulated seconds each asynchronous operation takes at time scale 1 (realistic durations). */
export const durations = {
  serverCreate: 30,
  serverStart: 15,
  serverStop: 15,
  serverRestart: 20,
  backup: 60,
  clone: 90,
  templatize: 60,
  restore: 60,
  resize: 30,
  relocate: 60,
} as const;

export const jobKinds = {
  copyReady: 'storage.copy-ready',
  storageOnline: 'storage.online',
  serverCreated: 'server.created',
  serverStarted: 'server.started',
  serverStopped: 'server.stopped',
  serverRelocated: 'server.relocated',
} as const;

/** The end of every storage and server operation; a job row carries it across restarts. */
export function registerTransitions({
  jobs,
  storages,
  servers,
  resources,
}: {
  jobs: JobRunner;
  storages: StorageRepository;
  servers: ServerRepository;
  resources: Resources;
}) {
  jobs.register(jobKinds.copyReady, (job, payload) => {
    const copy = storages.find(job.resource_id);
    if (copy) storages.update({ ...copy, state: 'online', copy_of: null });
    const source = typeof payload.source === 'string' ? storages.find(payload.source) : undefined;
    if (source && source.access === 'private' && source.state !== 'online') {
      storages.update({ ...source, state: 'online' });
    }
  });

  jobs.register(jobKinds.storageOnline, (job) => {
    const storage = storages.find(job.resource_id);
    if (storage) storages.update({ ...storage, state: 'online' });
  });

  jobs.register(jobKinds.serverCreated, (job, payload) => {
    const server = servers.find(job.resource_id);
    if (!server) return;
    servers.update({ ...server, state: 'started' });
    for (const device of servers.devices(server.uuid)) {
      const storage = device.storage_uuid ? storages.find(device.storage_uuid) : undefined;
      if (storage?.state === 'maintenance' && storage.copy_of === null) {
        storages.update({ ...storage, state: 'online' });
      }
    }
    resources.recordEvent(server.uuid, 'server_start', payload.actor as Actor);
  });

  jobs.register(jobKinds.serverStarted, (job, payload) => {
    const server = servers.find(job.resource_id);
    if (!server) return;
    servers.update({ ...server, state: 'started' });
    resources.recordEvent(server.uuid, 'server_start', payload.actor as Actor);
  });

  // The disks that moved with a relocated server come online in its new zone; it is stopped again.
  jobs.register(jobKinds.serverRelocated, (job, payload) => {
    const server = servers.find(job.resource_id);
    if (server) servers.update({ ...server, state: 'stopped' });
    for (const uuid of (payload.storages ?? []) as string[]) {
      const storage = storages.find(uuid);
      if (storage) storages.update({ ...storage, state: 'online' });
    }
  });

  jobs.register(jobKinds.serverStopped, (job) => {
    const server = servers.find(job.resource_id);
    if (server) servers.update({ ...server, state: 'stopped' });
  });
}
