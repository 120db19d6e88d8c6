import { describe, expect, it } from 'vitest';
import { endpointPath } from '../../../contract/endpoint';
import { serverEndpoints, serverEventListResponseSchema } from '../../../contract/server';
import { expectProblem, manualClock, otherAuth, viewerAuth } from '../testing';
import { sandboxSuite } from './test-helpers';

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { call, ok, serverNamed, servers } = sandboxSuite({ clock, authFailureLimit: 1_000_000 });

const events = async (url: string) =>
  serverEventListResponseSchema.parse((await ok('GET', url, undefined, 200)).json()).events.event;

describe('server events', () => {
  it('lists a server events newest first with the acting user', async () => {
    const build = await serverNamed('build-box');
    const seeded = await events(`/1.3/events/${build.uuid}/0,10`);
    expect(seeded.map((event) => event.type)).toEqual([
      'server_shutdown',
      'server_start',
      'server_create',
    ]);
    await ok('POST', `/1.3/server/${build.uuid}/start`, undefined, 200, viewerAuth);
    clock.advance(15_000);
    await ok('PUT', `/1.3/server/${build.uuid}`, { server: { title: 'builder' } }, 202);
    const [modified, started] = await events(`/1.3/events/${build.uuid}/0,2`);
    expect(modified).toEqual({
      server: build.uuid,
      time: '2026-11-21T10:00:15Z',
      type: 'server_modify',
      email: 'dana.demo@example.com',
      first_name: 'Dana',
      last_name: 'Demo',
    });
    expect(started).toMatchObject({
      type: 'server_start',
      email: 'victor.viewer@example.com',
      first_name: 'Victor',
    });
  });

  it('records stops by kind and storage attach and detach', async () => {
    const db1 = await serverNamed('db-1');
    await ok('POST', `/1.3/server/${db1.uuid}/stop`, { stop_server: { stop_type: 'hard' } }, 200);
    const disk = db1.storage_devices.storage_device[1]!.storage;
    clock.advance(15_000);
    await ok('POST', `/1.3/storage/${disk}/detach`, undefined, 200);
    await ok('POST', `/1.3/storage/${disk}/attach`, { storage_device: { server: db1.uuid } }, 200);
    expect((await events(`/1.3/events/${db1.uuid}/0,3`)).map((event) => event.type)).toEqual([
      'server_storage_attach',
      'server_storage_detach',
      'server_stop',
    ]);
  });

  it('pages with offset and count', async () => {
    const web = await serverNamed('web-1');
    const all = await events(`/1.3/events/${web.uuid}/0,100`);
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(await events(`/1.3/events/${web.uuid}/1,1`)).toEqual([all[1]]);
    expect(await events(`/1.3/events/${web.uuid}/100,5`)).toEqual([]);
  });

  it('answers the path the contract fills for offset and count', async () => {
    const web = await serverNamed('web-1');
    const path = endpointPath(serverEndpoints.events, { uuid: web.uuid, offset: '1', count: '1' });
    expect(path).toBe(`/1.3/events/${web.uuid}/1,1`);
    const all = await events(`/1.3/events/${web.uuid}/0,2`);
    expect(await events(path)).toEqual([all[1]]);
  });

  it.each([
    ['/0', 'COUNT_INVALID'],
    ['/0,5,9', 'COUNT_INVALID'],
    ['/,5', 'OFFSET_INVALID'],
    ['/x,5', 'OFFSET_INVALID'],
    ['/0,0', 'COUNT_INVALID'],
    ['/0,1001', 'COUNT_INVALID'],
    ['/-1,5', 'OFFSET_INVALID'],
  ])('answers 400 for the range %s', async (range, code) => {
    const web = await serverNamed('web-1');
    expectProblem(await call('GET', `/1.3/events/${web.uuid}${range}`), 400, code);
  });

  it('answers 400, 403 and 404 for the server', async () => {
    const [foreign] = await servers(otherAuth);
    for (const [uuid, status, code] of [
      ['bad', 400, 'SERVER_INVALID'],
      ['00000000-0000-4000-8fff-000000000000', 404, 'SERVER_NOT_FOUND'],
      [foreign!.uuid, 403, 'SERVER_FORBIDDEN'],
    ] as const) {
      expectProblem(await call('GET', `/1.3/events/${uuid}/0,5`), status, code);
    }
  });
});
