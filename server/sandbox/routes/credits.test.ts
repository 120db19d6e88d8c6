import { describe, expect, it } from 'vitest';
import { publicImageUuid } from '../seed';
import { expectProblem, manualClock, viewerAuth } from '../testing';
import { sandboxSuite } from './test-helpers';

/** api-rules §7: a billable create or start on an account without credits answers 402. */

const { app, call, createStorage, storages, serverNamed, auditCount } = sandboxSuite({
  clock: manualClock('2026-11-21T10:00:00.000Z'),
});
const seededCredits = () =>
  (
    app().sandbox!.db.prepare("SELECT credits FROM accounts WHERE username = 'demo'").get() as {
      credits: number;
    }
  ).credits;
let original = 0;
const setCredits = (credits: number) =>
  app().sandbox!.db.prepare("UPDATE accounts SET credits = ? WHERE username = 'demo'").run(credits);

const serverBody = {
  server: {
    zone: 'fi-hel1',
    title: 'broke',
    hostname: 'broke.example.com',
    storage_devices: {
      storage_device: [
        { action: 'clone', storage: publicImageUuid('fi-hel1', 0), title: 'os', size: 10 },
      ],
    },
  },
};

describe('an account without credits', () => {
  it('gets 402 INSUFFICIENT_CREDITS for billable creates and starts, and nothing changes', async () => {
    const disk = await createStorage({ title: 'before the money ran out' });
    original = seededCredits();
    setCredits(0);
    const before = { disks: (await storages('/private')).length, audit: auditCount() };

    const buildBox = await serverNamed('build-box');
    expect(buildBox.state).toBe('stopped');
    const diskBody = { storage: { zone: 'fi-hel1', size: 10, title: 'x' } };
    const floatingIp = { family: 'IPv4', floating: 'yes', zone: 'de-fra1' };
    const copyBody = (operation: string) => ({
      storage: {
        title: `${operation} copy`,
        ...(operation === 'clone' ? { zone: 'fi-hel1' } : {}),
      },
    });
    const billable: (readonly [method: string, url: string, body?: unknown, auth?: string])[] = [
      ['POST', '/1.3/storage', diskBody],
      // A subaccount spends its main account's credits.
      ['POST', '/1.3/storage', diskBody, viewerAuth],
      ['POST', '/1.3/server', serverBody],
      ['POST', `/1.3/server/${buildBox.uuid}/start`],
      ...['backup', 'clone', 'templatize'].map(
        (operation) =>
          ['POST', `/1.3/storage/${disk.uuid}/${operation}`, copyBody(operation)] as const,
      ),
      ['POST', '/1.3/ip_address', { ip_address: floatingIp }],
    ];
    for (const [method, url, body, auth] of billable) {
      expectProblem(await call(method, url, body, auth), 402, 'INSUFFICIENT_CREDITS');
    }

    expect((await serverNamed('build-box')).state).toBe('stopped');
    expect((await storages('/private')).length).toBe(before.disks);
    expect(auditCount()).toBe(before.audit);
    // Validation comes first: a malformed create still says what is wrong with it.
    expectProblem(
      await call('POST', '/1.3/storage', { storage: { zone: 'fi-hel1', title: 'x' } }),
      400,
      'SIZE_MISSING',
    );
  });

  it('creates again once credits are added', async () => {
    setCredits(original);
    const response = await call('POST', '/1.3/storage', {
      storage: { zone: 'fi-hel1', size: 10, title: 'paid' },
    });
    expect(response.statusCode).toBe(201);
  });
});
