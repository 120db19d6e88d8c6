import { describe, expect, it } from 'vitest';
import { serverResponseSchema } from '../../../contract/server';
import { storageResponseSchema } from '../../../contract/storage';
import { publicImageUuid } from '../seed';
import { expectProblem, manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * Server requests as real clients send them (issue 18, item 5): `upctl server relocate` (the Go
 * SDK's RelocateServerRequest, `{"zone":…}`), the SDK's long test hostnames, and public CD-ROMs
 * loaded by one UUID in any zone.
 */

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { call, okBody, getBody, advance, stoppedServer, audited } = sandboxSuite({
  clock,
  authFailureLimit: 1_000_000,
});

describe('relocate', () => {
  it('moves a stopped server and its disk to another zone, in maintenance while moving', async () => {
    const before = await stoppedServer('relocating');
    const disk = before.storage_devices.storage_device[0]!.storage;
    const relocated = await audited(1, () =>
      okBody(
        serverResponseSchema,
        'POST',
        `/1.3/server/${before.uuid}/relocate`,
        { zone: 'fi-hel2' },
        200,
      ),
    );
    expect(relocated.server).toMatchObject({ uuid: before.uuid, state: 'maintenance' });
    const moving = await getBody(storageResponseSchema, `/1.3/storage/${disk}`);
    expect(moving.storage).toMatchObject({ zone: 'fi-hel2', state: 'maintenance' });
    expectProblem(
      await call('POST', `/1.3/server/${before.uuid}/start`),
      409,
      'SERVER_STATE_ILLEGAL',
    );

    await advance(61_000);
    const after = await getBody(serverResponseSchema, `/1.3/server/${before.uuid}`);
    expect(after.server).toMatchObject({ zone: 'fi-hel2', state: 'stopped' });
    const utility = after.server.networking.interfaces.interface.find(
      (nic) => nic.type === 'utility',
    )!;
    const before1 = before.networking.interfaces.interface.find((nic) => nic.type === 'utility')!;
    expect(utility.network).not.toBe(before1.network);
    const online = await getBody(storageResponseSchema, `/1.3/storage/${disk}`);
    expect(online.storage).toMatchObject({ zone: 'fi-hel2', state: 'online' });
  });

  it('refuses a started server, an unknown zone and its own zone', async () => {
    const server = await stoppedServer('not-moving');
    const relocate = (zone: string) =>
      call('POST', `/1.3/server/${server.uuid}/relocate`, { zone });
    expectProblem(await relocate('xx-nowhere1'), 400, 'ZONE_INVALID');
    expectProblem(await relocate('de-fra1'), 400, 'ZONE_INVALID');
    await okBody(serverResponseSchema, 'POST', `/1.3/server/${server.uuid}/start`, undefined, 200);
    expectProblem(await relocate('fi-hel2'), 409, 'SERVER_STATE_ILLEGAL');
  });
});

describe('hostnames and public media', () => {
  it('takes a hostname whose first label is 64 characters, as the real service did', async () => {
    const hostname = `${'uploud-go-sdk-integration-test-testattachmodifyreleaseipaddress1'}.example.com`;
    expect(hostname.split('.')[0]).toHaveLength(64);
    const server = await stoppedServer('long hostname', { hostname });
    expect(server.hostname).toBe(hostname);
  });

  it('loads a public CD-ROM of another zone’s UUID: public media are the same everywhere', async () => {
    const server = await stoppedServer('media', {
      storage_devices: {
        storage_device: [
          { action: 'clone', storage: publicImageUuid('de-fra1', 0), size: 10 },
          { action: 'attach', storage: publicImageUuid('fi-hel2', 1), type: 'cdrom' },
        ],
      },
    });
    expect(
      server.storage_devices.storage_device.find((device) => device.type === 'cdrom'),
    ).toMatchObject({ storage: publicImageUuid('fi-hel2', 1) });
    const loaded = await okBody(
      serverResponseSchema,
      'POST',
      `/1.3/server/${server.uuid}/cdrom/load`,
      { storage_device: { storage: publicImageUuid('uk-lon1', 3) } },
      200,
    );
    expect(
      loaded.server.storage_devices.storage_device.find((device) => device.type === 'cdrom'),
    ).toMatchObject({ storage: publicImageUuid('uk-lon1', 3) });
  });
});
