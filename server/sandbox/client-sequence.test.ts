import { describe, expect, it } from 'vitest';
import { planListResponseSchema } from '../../contract/plan';
import { serverListResponseSchema, serverResponseSchema } from '../../contract/server';
import { storageResponseSchema } from '../../contract/storage';
import { zoneListResponseSchema } from '../../contract/zone';
import { demoAuth, startedTestServer } from './testing';

/**
 * A typical SDK/CLI/Terraform sequence over a real socket, on the classic paths those clients
 * call (issue 10): zones and plans, a new disk hot-plugged into a running server through the
 * server path, a backup, detach and delete.
 */

const { app, clock, request } = startedTestServer('2026-11-21T10:00:00.000Z');

const api = (method: string, path: string, body?: unknown) =>
  request(
    method,
    path,
    {
      authorization: demoAuth,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  );

describe('a client sequence against a started server', () => {
  it('lists zones and plans, attaches a disk through the server path, backs it up, detaches and deletes it', async () => {
    const zones = await api('GET', '/1.3/zone');
    expect(zones.status).toBe(200);
    expect(zoneListResponseSchema.parse(zones.json).zones.zone.map((zone) => zone.id)).toContain(
      'uk-lon1',
    );
    const plans = await api('GET', '/1.3/plan');
    expect(plans.status).toBe(200);
    expect(planListResponseSchema.parse(plans.json).plans.plan.length).toBeGreaterThan(0);

    const list = await api('GET', '/1.3/server/');
    const summary = serverListResponseSchema
      .parse(list.json)
      .servers.server.find((item) => item.title === 'db-1')!;
    expect(summary.state).toBe('started');

    const created = await api('POST', '/1.3/storage', {
      storage: { zone: 'uk-lon1', size: 20, title: 'client disk', tier: 'maxiops' },
    });
    expect(created.status).toBe(201);
    const disk = storageResponseSchema.parse(created.json).storage;

    const attached = await api('POST', `/1.3/server/${summary.uuid}/storage/attach`, {
      storage_device: { type: 'disk', address: 'virtio', storage: disk.uuid, boot_disk: '0' },
    });
    expect(attached.status).toBe(200);
    const server = serverResponseSchema.parse(attached.json).server;
    expect(server.state).toBe('started');
    const device = server.storage_devices.storage_device.find(
      (item) => item.storage === disk.uuid,
    )!;
    expect(device).toMatchObject({ type: 'disk', storage_size: 20, storage_title: 'client disk' });
    expect(device.address).toMatch(/^virtio:\d+$/);

    const backup = await api('POST', `/1.3/storage/${disk.uuid}/backup`, {
      storage: { title: 'client backup' },
    });
    expect(backup.status).toBe(201);
    const backupRecord = storageResponseSchema.parse(backup.json).storage;
    expect(backupRecord).toMatchObject({ type: 'backup', state: 'maintenance', origin: disk.uuid });
    clock.advance(61_000);
    const done = await api('GET', `/1.3/storage/${backupRecord.uuid}`);
    expect(storageResponseSchema.parse(done.json).storage.state).toBe('online');
    const source = storageResponseSchema.parse(
      (await api('GET', `/1.3/storage/${disk.uuid}`)).json,
    ).storage;
    expect(source).toMatchObject({ state: 'online', servers: { server: [summary.uuid] } });
    expect(source.backups?.backup).toEqual([backupRecord.uuid]);

    const detached = await api('POST', `/1.3/server/${summary.uuid}/storage/detach`, {
      storage_device: { address: device.address },
    });
    expect(detached.status).toBe(200);
    expect(
      serverResponseSchema
        .parse(detached.json)
        .server.storage_devices.storage_device.some((item) => item.storage === disk.uuid),
    ).toBe(false);

    const deleted = await api('DELETE', `/1.3/storage/${disk.uuid}?backups=delete`);
    expect(deleted.status).toBe(204);
    expect((await api('GET', `/1.3/storage/${disk.uuid}`)).status).toBe(404);
    expect((await api('GET', `/1.3/storage/${backupRecord.uuid}`)).status).toBe(404);

    const rows = app()
      .sandbox!.db.prepare(
        'SELECT action, resource_type FROM audit_logs WHERE resource_id IN (?, ?) ORDER BY cloud_event_id',
      )
      .all(disk.uuid, backupRecord.uuid);
    expect(rows).toEqual([
      { action: 'create', resource_type: 'storage' },
      { action: 'attach', resource_type: 'storage' },
      { action: 'backup', resource_type: 'storage' },
      { action: 'detach', resource_type: 'storage' },
      { action: 'delete', resource_type: 'storage' },
    ]);
  });
});
