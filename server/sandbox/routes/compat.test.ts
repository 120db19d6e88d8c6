import { describe, expect, it } from 'vitest';
import { networkListResponseSchema } from '../../../contract/network';
import {
  serverNetworkingResponseSchema,
  serverResponseSchema,
  serverSizeListResponseSchema,
  timezoneListResponseSchema,
} from '../../../contract/server';
import type { ServerDetails } from '../../../contract/server';
import { publicImageUuid } from '../seed';
import { demoAuth, expectProblem, manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

/** Paths of the real service's long-standing clients (issue 10; api-reference-notes §1.5, §2.1, §3.1, §5.1). */

const second = 1000;
const debianCdHel = publicImageUuid('fi-hel1', 1);
const ubuntuCdHel = publicImageUuid('fi-hel1', 3);

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { app, call, ok, storage, serverNamed, createStorage, advance, audited } = sandboxSuite({
  clock,
  authFailureLimit: 1_000_000,
});

interface AuditRow {
  action: string;
  resource_type: string;
  resource_id: string;
  previous_state: string | null;
  current_state: string | null;
}
const lastAuditRows = (count: number) =>
  (
    app()
      .sandbox!.db.prepare(
        'SELECT action, resource_type, resource_id, previous_state, current_state FROM audit_logs ORDER BY cloud_event_id DESC LIMIT ?',
      )
      .all(count) as AuditRow[]
  ).reverse();

const serverCall = async (uuid: string, operation: string, payload?: unknown) =>
  serverResponseSchema.parse(
    (await ok('POST', `/1.3/server/${uuid}/${operation}`, payload, 200)).json(),
  ).server;
const deviceOf = (server: ServerDetails, storageUuid: string) =>
  server.storage_devices.storage_device.find((device) => device.storage === storageUuid);

describe('long-standing paths', () => {
  it('serves zone and price under 1.3 as under 1.2', async () => {
    for (const path of ['zone', 'price']) {
      const classic = await ok('GET', `/1.2/${path}`, undefined, 200);
      const current = await ok('GET', `/1.3/${path}`, undefined, 200);
      expect(current.json()).toEqual(classic.json());
    }
  });

  it('answers collection paths with a trailing slash', async () => {
    for (const path of ['server', 'storage', 'zone', 'plan']) {
      const plain = await ok('GET', `/1.3/${path}`, undefined, 200);
      const slashed = await ok('GET', `/1.3/${path}/`, undefined, 200);
      expect(slashed.json()).toEqual(plain.json());
    }
  });

  it('answers the network list with a trailing slash, as the Go SDK calls it', async () => {
    const plain = await ok('GET', '/1.3/network?zone=de-fra1', undefined, 200);
    const slashed = await ok('GET', '/1.3/network/?zone=de-fra1', undefined, 200);
    expect(slashed.json()).toEqual(plain.json());
    const names = networkListResponseSchema
      .parse(slashed.json())
      .networks.network.map((item) => item.name);
    expect(names).toContain('demo private network');
  });

  it('lists timezones: IANA names with UTC, sorted', async () => {
    const { timezones } = timezoneListResponseSchema.parse(
      (await ok('GET', '/1.3/timezone', undefined, 200)).json(),
    );
    expect(timezones.timezone).toContain('UTC');
    expect(timezones.timezone).toContain('Europe/Helsinki');
    expect(timezones.timezone).toEqual([...new Set(timezones.timezone)].sort());
  });

  it('lists server sizes as strings within the custom limits', async () => {
    const { server_sizes } = serverSizeListResponseSchema.parse(
      (await ok('GET', '/1.3/server_size', undefined, 200)).json(),
    );
    const sizes = server_sizes.server_size;
    expect(sizes).toContainEqual({ core_number: '1', memory_amount: '1024' });
    expect(sizes).toContainEqual({ core_number: '20', memory_amount: '131072' });
    for (const size of sizes) {
      expect(Number(size.core_number)).toBeGreaterThanOrEqual(1);
      expect(Number(size.core_number)).toBeLessThanOrEqual(20);
      expect(Number(size.memory_amount) % 1024).toBe(0);
      expect(Number(size.memory_amount)).toBeLessThanOrEqual(128 * 1024);
    }
  });
});

describe('server networking', () => {
  it("lists the server's interfaces as its record has them", async () => {
    const web = await serverNamed('web-1');
    const response = await ok('GET', `/1.3/server/${web.uuid}/networking`, undefined, 200);
    const { networking } = serverNetworkingResponseSchema.parse(response.json());
    expect(networking).toEqual(web.networking);
    expect(networking.interfaces.interface.map((item) => item.index)).toEqual([1, 2]);
    const one = await ok('GET', `/1.3/server/${web.uuid}/networking/interface/2`, undefined, 200);
    expect(one.json()).toEqual({ interface: web.networking.interfaces.interface[1] });
    expectProblem(
      await call('GET', `/1.3/server/${web.uuid}/networking/interface/9`),
      404,
      'INTERFACE_NOT_FOUND',
    );
    expectProblem(
      await call('GET', '/1.3/server/00000000-0000-4000-8000-000000000000/networking'),
      404,
      'SERVER_NOT_FOUND',
    );
  });
});

describe('server-centric attach and detach', () => {
  it('attaches and detaches with the same records and audit rows as the storage path', async () => {
    const db1 = await serverNamed('db-1');
    expect(db1.state).toBe('started');
    const viaServer = await createStorage({ zone: 'uk-lon1', title: 'via server' });
    const viaStorage = await createStorage({ zone: 'uk-lon1', title: 'via storage' });

    const record = await audited(1, () =>
      serverCall(db1.uuid, 'storage/attach', {
        storage_device: { type: 'disk', address: 'virtio', storage: viaServer.uuid },
      }),
    );
    expect(record.uuid).toBe(db1.uuid);
    expect(deviceOf(record, viaServer.uuid)).toMatchObject({
      address: 'virtio:2',
      type: 'disk',
      boot_disk: '0',
      storage_title: 'via server',
    });
    expect((await storage(viaServer.uuid)).servers.server).toEqual([db1.uuid]);
    const [serverPathRow] = lastAuditRows(1);

    await audited(1, () =>
      ok(
        'POST',
        `/1.3/storage/${viaStorage.uuid}/attach`,
        { storage_device: { server: db1.uuid } },
        200,
      ),
    );
    const [storagePathRow] = lastAuditRows(1);
    expect(serverPathRow).toMatchObject({
      action: storagePathRow!.action,
      resource_type: storagePathRow!.resource_type,
      resource_id: viaServer.uuid,
    });
    expect(JSON.parse(serverPathRow!.current_state!)).toMatchObject({
      uuid: viaServer.uuid,
      servers: { server: [db1.uuid] },
    });
    expect(JSON.parse(serverPathRow!.previous_state!)).toMatchObject({ servers: { server: [] } });

    // Detach by address.
    const detached = await audited(1, () =>
      serverCall(db1.uuid, 'storage/detach', { storage_device: { address: 'virtio:2' } }),
    );
    expect(deviceOf(detached, viaServer.uuid)).toBeUndefined();
    expect((await storage(viaServer.uuid)).servers.server).toEqual([]);
    expect(lastAuditRows(1)[0]).toMatchObject({
      action: 'detach',
      resource_type: 'storage',
      resource_id: viaServer.uuid,
    });

    // Detach by storage UUID; again is unchanged, like the storage path.
    await audited(1, () =>
      serverCall(db1.uuid, 'storage/detach', { storage_device: { storage: viaStorage.uuid } }),
    );
    expect((await storage(viaStorage.uuid)).servers.server).toEqual([]);
    const again = await audited(0, () =>
      serverCall(db1.uuid, 'storage/detach', { storage_device: { storage: viaStorage.uuid } }),
    );
    expect(again).toEqual(await serverNamed('db-1'));
    const events = (await ok('GET', `/1.3/events/${db1.uuid}/0,10`, undefined, 200)).json().events
      .event as { type: string }[];
    expect(events.slice(0, 4).map((event) => event.type)).toEqual([
      'server_storage_detach',
      'server_storage_detach',
      'server_storage_attach',
      'server_storage_attach',
    ]);
  });

  it('refuses by the same rules and codes as the storage path, writing no audit row', async () => {
    const db1 = await serverNamed('db-1');
    const build = await serverNamed('build-box');
    const london = await createStorage({ zone: 'uk-lon1', title: 'london rules' });
    const attach = (server: string, device: Record<string, unknown>) =>
      call('POST', `/1.3/server/${server}/storage/attach`, { storage_device: device });
    await audited(0, async () => {
      for (const [device, code] of [
        [{ storage: london.uuid, address: 'ide:0:1' }, 'IDE_HOTPLUG_UNSUPPORTED'],
        [{ storage: london.uuid, type: 'cdrom' }, 'CDROM_HOTPLUG_UNSUPPORTED'],
        [{ type: 'cdrom' }, 'CDROM_HOTPLUG_UNSUPPORTED'],
        [{ storage: london.uuid, address: 'virtio:0' }, 'DEVICE_ADDRESS_IN_USE'],
      ] as const) {
        expectProblem(await attach(db1.uuid, device), 409, code);
        // The storage path refuses the same request with the same code.
        if ('storage' in device) {
          const { storage: uuid, ...rest } = device;
          expectProblem(
            await call('POST', `/1.3/storage/${uuid}/attach`, {
              storage_device: { server: db1.uuid, ...rest },
            }),
            409,
            code,
          );
        }
      }
      for (const [server, device, status, code] of [
        [build.uuid, { storage: london.uuid }, 409, 'ZONE_MISMATCH'],
        [build.uuid, { storage: publicImageUuid('fi-hel1', 0) }, 409, 'PUBLIC_STORAGE_ATTACH'],
        [db1.uuid, { type: 'disk' }, 400, 'STORAGE_MISSING'],
        [db1.uuid, { storage: '01000000-0000-4000-8fff-000000000000' }, 404, 'STORAGE_NOT_FOUND'],
        [db1.uuid, { storage: london.uuid, address: 'virtio:16' }, 400, 'ADDRESS_INVALID'],
        ['not-a-uuid', { storage: london.uuid }, 400, 'SERVER_INVALID'],
      ] as const) {
        expectProblem(await attach(server, device), status, code);
      }
      const detach = (device: Record<string, unknown>) =>
        call('POST', `/1.3/server/${db1.uuid}/storage/detach`, { storage_device: device });
      expectProblem(await detach({ address: 'virtio:9' }), 409, 'DEVICE_ADDRESS_NOT_IN_USE');
      expectProblem(await detach({ address: 'virtio' }), 400, 'ADDRESS_INVALID');
      expectProblem(await detach({}), 400, 'ADDRESS_MISSING');
      expectProblem(
        await call('POST', `/1.3/server/${db1.uuid}/storage/detach`, {}),
        400,
        'STORAGE_DEVICE_MISSING',
      );
    });
  });

  it('allows 16 storage devices per server through the server path too', async () => {
    const build = await serverNamed('build-box');
    for (let n = build.storage_devices.storage_device.length; n < 16; n += 1) {
      const disk = await createStorage({ title: `server path ${n}` });
      await serverCall(build.uuid, 'storage/attach', { storage_device: { storage: disk.uuid } });
    }
    const extra = await createStorage({ title: 'one too many' });
    await audited(0, async () =>
      expectProblem(
        await call('POST', `/1.3/server/${build.uuid}/storage/attach`, {
          storage_device: { storage: extra.uuid, address: 'scsi:0:0' },
        }),
        409,
        'STORAGE_DEVICE_LIMIT_REACHED',
      ),
    );
    for (const device of (await serverNamed('build-box')).storage_devices.storage_device.slice(1)) {
      await serverCall(build.uuid, 'storage/detach', {
        storage_device: { address: device.address },
      });
    }
    expect((await serverNamed('build-box')).storage_devices.storage_device).toHaveLength(1);
  });
});

describe('CD-ROM load and eject', () => {
  it('loads and ejects media on a stopped server, one audit row per storage changed', async () => {
    const build = await serverNamed('build-box');
    expect(build.state).toBe('stopped');
    const helsinki = await createStorage({ zone: 'fi-hel1', title: 'iso disk' });

    await audited(0, async () =>
      expectProblem(
        await call('POST', `/1.3/server/${build.uuid}/cdrom/load`, {
          storage_device: { storage: debianCdHel },
        }),
        409,
        'NO_CDROM_DEVICE',
      ),
    );
    expectProblem(
      await call('POST', `/1.3/server/${build.uuid}/cdrom/eject`),
      409,
      'NO_CDROM_DEVICE',
    );

    // An empty CD-ROM device (api-reference-notes §3.3).
    const drive = await audited(1, () =>
      serverCall(build.uuid, 'storage/attach', { storage_device: { type: 'cdrom' } }),
    );
    expect(deviceOf(drive, '')).toMatchObject({ address: 'ide:0:0', type: 'cdrom' });
    expect(lastAuditRows(1)[0]).toMatchObject({
      action: 'attach',
      resource_type: 'server',
      resource_id: build.uuid,
    });

    const loaded = await audited(1, () =>
      serverCall(build.uuid, 'cdrom/load', { storage_device: { storage: debianCdHel } }),
    );
    expect(deviceOf(loaded, debianCdHel)).toMatchObject({ address: 'ide:0:0', type: 'cdrom' });
    expect(loaded.storage_devices.storage_device).toHaveLength(2);
    expect((await storage(debianCdHel)).servers.server).toEqual([build.uuid]);
    expect(lastAuditRows(1)[0]).toMatchObject({
      action: 'attach',
      resource_type: 'storage',
      resource_id: debianCdHel,
    });
    await audited(0, () =>
      serverCall(build.uuid, 'cdrom/load', { storage_device: { storage: debianCdHel } }),
    );

    // Loading other media ejects the current one first: two storages change, two rows.
    const swapped = await audited(2, () =>
      serverCall(build.uuid, 'cdrom/load', { storage_device: { storage: helsinki.uuid } }),
    );
    expect(deviceOf(swapped, helsinki.uuid)).toMatchObject({ address: 'ide:0:0', type: 'cdrom' });
    expect(deviceOf(swapped, debianCdHel)).toBeUndefined();
    expect((await storage(debianCdHel)).servers.server).toEqual([]);
    expect(lastAuditRows(2).map((row) => [row.action, row.resource_id])).toEqual([
      ['detach', debianCdHel],
      ['attach', helsinki.uuid],
    ]);

    const ejected = await audited(1, () => serverCall(build.uuid, 'cdrom/eject'));
    expect(deviceOf(ejected, '')).toMatchObject({ address: 'ide:0:0', type: 'cdrom' });
    expect((await storage(helsinki.uuid)).servers.server).toEqual([]);
    expect(lastAuditRows(1)[0]).toMatchObject({
      action: 'detach',
      resource_type: 'storage',
      resource_id: helsinki.uuid,
    });
    await audited(0, () => serverCall(build.uuid, 'cdrom/eject'));

    // Same rules as any CD-ROM attach: not while started, not a template, not across zones
    // (a private storage: public CD-ROMs load in every zone).
    const frankfurt = await createStorage({ zone: 'de-fra1', title: 'frankfurt media' });
    await audited(0, async () => {
      expectProblem(
        await call('POST', `/1.3/server/${build.uuid}/cdrom/load`, {
          storage_device: { storage: publicImageUuid('fi-hel1', 0) },
        }),
        409,
        'STORAGE_TYPE_ILLEGAL',
      );
      expectProblem(
        await call('POST', `/1.3/server/${build.uuid}/cdrom/load`, {
          storage_device: { storage: frankfurt.uuid },
        }),
        409,
        'ZONE_MISMATCH',
      );
      expectProblem(
        await call('POST', `/1.3/server/${build.uuid}/cdrom/load`, { storage_device: {} }),
        400,
        'STORAGE_MISSING',
      );
    });
    await serverCall(build.uuid, 'cdrom/load', { storage_device: { storage: ubuntuCdHel } });
    await serverCall(build.uuid, 'start', { server: {} });
    await advance(20 * second);
    expect((await serverNamed('build-box')).state).toBe('started');
    await audited(0, async () => {
      // A started server takes no CD-ROM change of any kind.
      for (const [operation, body] of [
        ['cdrom/load', { storage_device: { storage: debianCdHel } }],
        ['cdrom/eject', undefined],
        ['storage/detach', { storage_device: { address: 'ide:0:0' } }],
      ] as const) {
        expectProblem(
          await call('POST', `/1.3/server/${build.uuid}/${operation}`, body),
          409,
          'CDROM_HOTPLUG_UNSUPPORTED',
        );
      }
    });
    await serverCall(build.uuid, 'stop', { stop_server: { stop_type: 'hard' } });
    await advance(20 * second);
    // Detaching the drive itself by address removes the device with its media.
    const bare = await audited(1, () =>
      serverCall(build.uuid, 'storage/detach', { storage_device: { address: 'ide:0:0' } }),
    );
    expect(bare.storage_devices.storage_device.map((device) => device.type)).toEqual(['disk']);
  });
});

describe('error answers for the clients of the newer services (api-reference-notes §1.4)', () => {
  it('adds RFC 7807 fields on token paths and keeps the error object', async () => {
    const missing = await call('GET', '/1.3/account/tokens/0c000000-0000-4000-8000-000000000000');
    expectProblem(missing, 404, 'TOKEN_NOT_FOUND');
    expect(missing.json()).toMatchObject({
      type: 'https://developers.upcloud.com/1.3/errors#ERROR_TOKEN_NOT_FOUND',
      title: 'Not found.',
      status: 404,
      correlation_id: missing.headers['x-request-id'] ?? expect.any(String),
    });
    expect(missing.json()).not.toHaveProperty('invalid_params');

    const invalid = await call('POST', '/1.3/account/tokens', {
      name: 'past',
      expires_at: '2020-01-01T00:00:00Z',
    });
    expectProblem(invalid, 400, 'EXPIRES_AT_INVALID');
    expect(invalid.json()).toMatchObject({
      status: 400,
      invalid_params: [{ name: 'expires_at', reason: expect.any(String) }],
    });

    const unknown = await call('POST', '/1.3/account/tokens', {
      name: 'x',
      expires_in: '1h',
      colour: 'red',
    });
    expectProblem(unknown, 400, 'UNKNOWN_ATTRIBUTE');
    expect(unknown.json().invalid_params).toEqual([{ name: 'colour', reason: expect.any(String) }]);

    const unauthenticated = await app().inject({ url: '/1.3/account/tokens/' });
    expectProblem(unauthenticated, 401, 'AUTHENTICATION_FAILED');
    expect(unauthenticated.json().status).toBe(401);
  });

  it('keeps classic paths and XML answers to the error object alone', async () => {
    const classic = await call('GET', '/1.3/server/00000000-0000-4000-8000-000000000000');
    expectProblem(classic, 404, 'SERVER_NOT_FOUND');
    expect(Object.keys(classic.json())).toEqual(['error']);
    const xml = await app().inject({
      url: '/1.3/account/tokens/0c000000-0000-4000-8000-000000000000',
      headers: { authorization: demoAuth, accept: 'application/xml' },
    });
    expect(xml.statusCode).toBe(404);
    expect(xml.body).toMatch(/<error><error_code>TOKEN_NOT_FOUND<\/error_code><error_message>/);
    expect(xml.body).not.toContain('correlation_id');
  });
});
