import { beforeAll, describe, expect, it } from 'vitest';
import { accountResponseSchema } from '../../../contract/account';
import {
  billingSummarySchema,
  legacyBillingSummarySchema,
  resourceBillingSummarySchema,
} from '../../../contract/billing';
import { uuidPrefixes } from '../../../contract/common';
import { prices } from '../catalog';
import { hashPassword, newUuid } from '../credentials';
import { newAccountDefaults } from '../store/accounts';
import type { ServerRow } from '../store/servers';
import { serverSettingDefaults } from '../store/servers';
import type { StorageRow } from '../store/storages';
import { newStorageDefaults } from '../store/storages';
import {
  basicAuth,
  demoAuth,
  expectProblem,
  manualClock,
  otherAuth,
  partnerAuth,
  viewerAuth,
} from '../testing';
import { sandboxSuite } from './test-helpers';

const password = 'BillTest1pass';
const billAuth = basicAuth('billtest', password);

const clock = manualClock('2026-01-01T00:00:00Z');
const { app, call } = sandboxSuite({ clock });
let accountId: number;
const ids: Record<string, string> = {};

/** Credits an hour for `units` of a zone's price entry, read straight from the price list. */
const price = (zone: string, key: string, units = 1) => {
  const entry = prices.find((item) => item.name === zone)![key] as {
    amount: number;
    price: number;
  };
  return (entry.price * units) / entry.amount;
};

const at = (iso: string) => new Date(iso).getTime();

function serverRow(fields: Partial<ServerRow>): ServerRow {
  return {
    uuid: newUuid(uuidPrefixes.server),
    account_id: accountId,
    title: 'srv',
    hostname: 'srv.example.com',
    zone: 'de-fra1',
    plan: 'custom',
    core_number: 1,
    memory_amount: 1024,
    state: 'started',
    created: at('2026-01-01T00:00:00Z') / 1000,
    host: 1,
    ...serverSettingDefaults,
    metadata: 'yes',
    remote_access_password: 'x',
    labels: '[]',
    ...fields,
  };
}

function storageRow(fields: Partial<StorageRow>): StorageRow {
  return {
    uuid: newUuid(uuidPrefixes.storage),
    account_id: accountId,
    ...newStorageDefaults,
    title: 'disk',
    type: 'normal',
    size: 10,
    tier: 'maxiops',
    state: 'online',
    zone: 'de-fra1',
    created: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

/** The expected January 2026 bill in credits, computed by hand from the price list. */
function expectedCredits() {
  const planServer =
    96 * price('de-fra1', 'server_plan_2xCPU-4GB') +
    144 * price('de-fra1', 'server_plan_4xCPU-8GB');
  // DEV plan: shared core, so the 1.6 licence counts for half a core.
  const devServer = 240 * (price('fi-hel2', 'server_plan_DEV-1xCPU-1GB') + 1.6 * 1 * 0.5);
  const customServer =
    240 * (price('uk-lon1', 'server_core', 2) + price('uk-lon1', 'server_memory', 4096));
  const servers = planServer + devServer + customServer;
  const storages =
    240 * price('de-fra1', 'storage_maxiops', 50) +
    48 * price('de-fra1', 'storage_hdd', 100) +
    240 * price('fi-hel2', 'storage_maxiops', 30) + // standard tier bills as MaxIOPS
    240 * price('de-fra1', 'storage_backup', 10) +
    240 * price('de-fra1', 'storage_maxiops', 20); // a private template
  return { servers, storages, total: servers + storages, planServer };
}

beforeAll(async () => {
  const sandbox = app().sandbox!;
  accountId = sandbox.accounts.insert({
    username: 'billtest',
    password_hash: hashPassword(password),
    ...newAccountDefaults,
    credits: 100_000,
    created_at: clock.now().toISOString(),
  });
  const { servers, storages } = sandbox;
  const plan = serverRow({ plan: '2xCPU-4GB', core_number: 2, memory_amount: 4096 });
  const dev = serverRow({ plan: 'DEV-1xCPU-1GB', zone: 'fi-hel2', memory_amount: 1024 });
  const custom = serverRow({ zone: 'uk-lon1', core_number: 2, memory_amount: 4096 });
  for (const row of [plan, dev, custom]) servers.insert(row);
  const maxiops = storageRow({ size: 50 });
  const hdd = storageRow({ size: 100, tier: 'hdd' });
  const licensed = storageRow({ size: 30, tier: 'standard', zone: 'fi-hel2', license: 1.6 });
  const backup = storageRow({ size: 10, type: 'backup', tier: null, origin: maxiops.uuid });
  const template = storageRow({ size: 20, type: 'template', template_type: 'cloud-init' });
  for (const row of [maxiops, hdd, licensed, backup, template]) storages.insert(row);
  servers.addDevice({
    server_uuid: dev.uuid,
    address: 'virtio:0',
    type: 'disk',
    storage_uuid: licensed.uuid,
    boot_disk: '1',
  });
  Object.assign(ids, { plan: plan.uuid, dev: dev.uuid, hdd: hdd.uuid, custom: custom.uuid });
  clock.set('2026-01-03T00:00:00Z');
  storages.delete(hdd.uuid);
  clock.set('2026-01-05T00:00:00Z');
  servers.update({ ...plan, plan: '4xCPU-8GB', core_number: 4, memory_amount: 8192 });
  clock.set('2026-01-11T00:00:00Z');
});

const get = (url: string, auth = billAuth) => call('GET', url, undefined, auth);

describe('GET /1.3/account/billing/summary/{YYYY}-{MM}', () => {
  it('bills every resource from its zone price list, to the hand-computed total', async () => {
    const response = await get('/1.3/account/billing/summary/2026-01');
    expect(response.statusCode).toBe(200);
    const body = billingSummarySchema.parse(response.json());
    const expected = expectedCredits();
    expect(body.currency).toBe('EUR');
    expect(body.total_amount).toBeCloseTo(expected.total / 100, 4);
    expect(body.servers!.total_amount).toBeCloseTo(expected.servers / 100, 4);
    expect(body.storages!.total_amount).toBeCloseTo(expected.storages / 100, 4);
    expect(body.servers!.server.resources).toHaveLength(3);
    expect(body.storages!.storage!.resources).toHaveLength(3);
    expect(body.storages!.backup!.resources).toHaveLength(1);
    expect(body.storages!.template!.resources).toHaveLength(1);
  });

  it('gives a plan change two detail entries and a deleted disk its lifetime', async () => {
    const body = billingSummarySchema.parse(
      (await get(`/1.3/account/billing/summary/2026-01?resource_id=${ids.plan}`)).json(),
    );
    const [server] = body.servers!.server.resources;
    expect(server!.hours).toBe(240);
    expect(server!.details.map((d) => [d.plan, d.hours])).toEqual([
      ['2xCPU-4GB', 96],
      ['4xCPU-8GB', 144],
    ]);
    expect(body.total_amount).toBeCloseTo(expectedCredits().planServer / 100, 4);
    expect(body.storages).toBeUndefined();
    const hdd = billingSummarySchema.parse(
      (await get(`/1.3/account/billing/summary/2026-01?resource_id=${ids.hdd}`)).json(),
    );
    expect(hdd.storages!.storage!.resources[0]!.hours).toBe(48);
  });

  it('reports the licence of a shared-core server at half a core', async () => {
    const body = billingSummarySchema.parse(
      (await get(`/1.3/account/billing/summary/2026-01?resource_id=${ids.dev}`)).json(),
    );
    expect(body.servers!.server.resources[0]!.details[0]!.licenses).toBeCloseTo(
      (240 * 0.8) / 100,
      4,
    );
  });

  it('bills nothing in a month before the resources existed', async () => {
    const body = billingSummarySchema.parse(
      (await get('/1.3/account/billing/summary/2025-12')).json(),
    );
    expect(body).toEqual({ currency: 'EUR', total_amount: 0 });
  });

  it('takes the billed credits off the account credits', async () => {
    const account = accountResponseSchema.parse((await get('/1.3/account')).json()).account;
    expect(account.credits).toBeCloseTo(100_000 - expectedCredits().total, 2);
  });

  it.each(['2026-13', '26-01', 'x', '2026-00', '2026-1', '0000-01', '1969-12'])(
    'answers 400 for the month %s',
    async (month) => {
      expectProblem(await get(`/1.3/account/billing/summary/${month}`), 400, 'MONTH_INVALID');
      expectProblem(await get(`/1.3/account/billing_summary/${month}`), 400, 'MONTH_INVALID');
    },
  );

  it.each([
    '/1.3/account/billing/summary/2099-01',
    '/1.3/account/billing_summary/2099-01',
    '/1.3/account/resource_billing_summary/00000000-0000-4000-8000-000000000000/2099-01',
  ])('refuses a month that has not begun (%s)', async (url) => {
    const response = await get(url);
    expectProblem(response, 400, 'MONTH_INVALID');
    expect(response.json()).toMatchObject({
      error: { error_message: expect.stringContaining('2099-01 has not begun') },
    });
  });

  it.each(['/1.3/account/billing/summary/2026-01', '/1.3/account/billing_summary/2026-01'])(
    'refuses a subaccount without the billing role (%s)',
    async (url) => {
      expectProblem(await get(url, viewerAuth), 403, 'BILLING_FORBIDDEN');
    },
  );

  it('refuses another account’s bill unless a partner reads an account it created', async () => {
    expectProblem(
      await get('/1.3/account/billing/summary/2026-01?username=demo', otherAuth),
      403,
      'ACCOUNT_FORBIDDEN',
    );
    expect(
      (await get('/1.3/account/billing/summary/2026-01?username=demo', demoAuth)).statusCode,
    ).toBe(200);
    const sandbox = app().sandbox!;
    const partner = sandbox.accounts.findByUsername('partner')!;
    const client = sandbox.accounts.findByUsername('billtest')!;
    sandbox.db
      .prepare('UPDATE accounts SET partner_id = ? WHERE id = ?')
      .run(partner.id, client.id);
    const response = await get(
      '/1.3/account/billing/summary/2026-01?username=billtest',
      partnerAuth,
    );
    expect(response.statusCode).toBe(200);
    expect(billingSummarySchema.parse(response.json()).total_amount).toBeCloseTo(
      expectedCredits().total / 100,
      4,
    );
    expectProblem(
      await get('/1.3/account/billing/summary/2026-01?username=other', partnerAuth),
      403,
      'ACCOUNT_FORBIDDEN',
    );
  });
});

describe('deprecated billing_summary and resource_billing_summary', () => {
  it('answers the totals under billing', async () => {
    const body = legacyBillingSummarySchema.parse(
      (await get('/1.3/account/billing_summary/2026-01')).json(),
    );
    expect(body.billing.total_amount).toBeCloseTo(expectedCredits().total / 100, 4);
    expect(body.billing.servers!.server.total_amount).toBeCloseTo(
      expectedCredits().servers / 100,
      4,
    );
  });

  it('sums one resource by day', async () => {
    const response = await get(`/1.3/account/resource_billing_summary/${ids.custom}/2026-01`);
    expect(response.statusCode).toBe(200);
    const { billing } = resourceBillingSummarySchema.parse(response.json());
    const hourly = price('uk-lon1', 'server_core', 2) + price('uk-lon1', 'server_memory', 4096);
    expect(billing.details).toMatchObject({
      hours: 240,
      type: 'server',
      zone: 'uk-lon1',
      plan: 'custom',
    });
    expect(Object.keys(billing.daily_sums)).toHaveLength(10);
    expect(billing.daily_sums['2026-01-01']).toBeCloseTo((24 * hourly) / 100, 4);
    expect(billing.total_amount).toBeCloseTo((240 * hourly) / 100, 4);
  });

  it('answers 404 for an unknown resource and 403 for another account’s', async () => {
    expectProblem(
      await get(
        '/1.3/account/resource_billing_summary/00000000-0000-4000-8000-000000000000/2026-01',
      ),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(
      await get(`/1.3/account/resource_billing_summary/${ids.custom}/2026-01`, demoAuth),
      403,
      'RESOURCE_FORBIDDEN',
    );
  });
});
