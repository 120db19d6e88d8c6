import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkydeckServer } from '../app';
import { buildTestServer, demoAuth, expectProblem } from './testing';

let app: SkydeckServer;
beforeAll(async () => {
  app = await buildTestServer();
});
afterAll(() => app.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: demoAuth }, payload });
const setFaults = (payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'PUT', url: '/_sandbox/faults', payload, remoteAddress });
const storageCount = () =>
  (app.sandbox!.db.prepare('SELECT COUNT(*) AS n FROM storages').get() as { n: number }).n;
const newDisk = { storage: { zone: 'fi-hel1', size: 10, title: 'during a fault' } };

describe('maintenance mode', () => {
  it('answers every API request 503 with Retry-After until switched off, changing nothing', async () => {
    const switched = await setFaults({ maintenance: true });
    expect(switched.json()).toEqual({ maintenance: true, fail_next: 0 });
    const before = storageCount();

    const read = await api('GET', '/1.3/account');
    expectProblem(read, 503, 'SERVICE_UNAVAILABLE');
    expect(read.headers['retry-after']).toBe('5');
    expectProblem(await api('POST', '/1.3/storage', newDisk), 503, 'SERVICE_UNAVAILABLE');
    expectProblem(await api('GET', '/1.2/zone'), 503, 'SERVICE_UNAVAILABLE');
    expect(storageCount()).toBe(before);

    await setFaults({ maintenance: false });
    expect((await api('GET', '/1.3/account')).statusCode).toBe(200);
  });
});

describe('temporary service errors', () => {
  it('fail exactly the next N API requests with 500, then the service works', async () => {
    await setFaults({ fail_next: 2 });
    const before = storageCount();
    expectProblem(await api('POST', '/1.3/storage', newDisk), 500, 'SERVICE_ERROR');
    expectProblem(await api('GET', '/1.3/account'), 500, 'SERVICE_ERROR');
    expect(storageCount()).toBe(before);
    expect((await api('POST', '/1.3/storage', newDisk)).statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/_sandbox/faults' })).json()).toEqual({
      maintenance: false,
      fail_next: 0,
    });
  });
});

describe('the fault switches', () => {
  it('reject a malformed body and any caller not on this machine', async () => {
    expectProblem(await setFaults({ maintenance: 'yes' }), 400, 'REQUEST_INVALID');
    expectProblem(await setFaults({ fail_next: -1 }), 400, 'REQUEST_INVALID');
    expectProblem(await setFaults({ other: true }), 400, 'REQUEST_INVALID');
    expectProblem(await setFaults({ maintenance: true }, '192.0.2.10'), 403, 'FORBIDDEN');
    expect((await api('GET', '/1.3/account')).statusCode).toBe(200);
    expect((await setFaults({ maintenance: false }, '::1')).statusCode).toBe(200);
  });
});
