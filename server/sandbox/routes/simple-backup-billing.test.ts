import { describe, expect, it } from 'vitest';
import { billingSummarySchema } from '../../../contract/billing';
import { priceListResponseSchema } from '../../../contract/price';
import { serverResponseSchema } from '../../../contract/server';
import { publicImageUuid } from '../seed';
import { manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * The price list's `storage_template`, `network_private_vlan` and `simple_backup_*` entries under
 * the real API's keys (issue 18, item 10; UpCloud's Go SDK recording of `GET /1.3/price`), and a
 * server with `simple_backup` set billed for it.
 */

const clock = manualClock('2026-03-01T00:00:00.000Z');
const { okBody, getBody, call, advance } = sandboxSuite({ clock, authFailureLimit: 1_000_000 });
const hourMs = 3_600_000;

async function priceList() {
  return (await getBody(priceListResponseSchema, '/1.3/price')).prices.zone;
}

async function createServer(fields: Record<string, unknown>) {
  return (
    await okBody(
      serverResponseSchema,
      'POST',
      '/1.3/server',
      {
        server: {
          zone: 'fi-hel2',
          title: 'backed up',
          hostname: 'backup.example.com',
          password_delivery: 'none',
          storage_devices: {
            storage_device: [
              { action: 'clone', storage: publicImageUuid('fi-hel2', 0), title: 'disk', size: 20 },
            ],
          },
          ...fields,
        },
      },
      202,
    )
  ).server;
}

async function serverBill(uuid: string) {
  const response = await call('GET', `/1.3/account/billing/summary/2026-03?resource_id=${uuid}`);
  expect(response.statusCode).toBe(200);
  return billingSummarySchema.parse(response.json()).servers!.server.resources[0]!;
}

describe('simple backup prices and billing', () => {
  it('lists the real keys in every zone', async () => {
    const zones = await priceList();
    for (const zone of zones) {
      for (const key of [
        'storage_template',
        'network_private_vlan',
        'simple_backup_dailies_1xCPU-1GB',
        'simple_backup_weeklies_4xCPU-8GB',
        'simple_backup_monthlies_20xCPU-128GB',
        'simple_backup_extra_dailies',
        'simple_backup_extra_weeklies',
        'simple_backup_extra_monthlies',
      ]) {
        expect(zone[key], `${zone.name} ${key}`).toEqual({
          amount: 1,
          price: expect.any(Number),
        });
      }
    }
    const frankfurt = zones.find((zone) => zone.name === 'de-fra1')!;
    expect(frankfurt.network_private_vlan).toEqual({ amount: 1, price: 0.694 });
    expect(frankfurt.storage_template).toEqual({ amount: 1, price: 0.031 });
    expect(frankfurt.simple_backup_extra_dailies).toEqual({ amount: 1, price: 0.0069 });
  });

  it('bills a plan server its plan’s backup entry, and a custom one the extra entry per GiB', async () => {
    const zone = (await priceList()).find((item) => item.name === 'fi-hel2')!;
    const entry = (key: string) => (zone[key] as { price: number }).price;
    const plan = await createServer({ plan: '1xCPU-2GB', simple_backup: '0430,dailies' });
    const custom = await createServer({
      core_number: '1',
      memory_amount: '1024',
      simple_backup: '2200,weeklies',
    });
    const plain = await createServer({ plan: '1xCPU-2GB' });
    await advance(10 * hourMs - 60_000);

    const planBill = await serverBill(plan.uuid);
    expect(planBill.details[0]!.simple_backup).toBeCloseTo(
      (planBill.hours * entry('simple_backup_dailies_1xCPU-2GB')) / 100,
      4,
    );
    const customBill = await serverBill(custom.uuid);
    expect(customBill.details[0]!.simple_backup).toBeCloseTo(
      (customBill.hours * 20 * entry('simple_backup_extra_weeklies')) / 100,
      4,
    );
    const plainBill = await serverBill(plain.uuid);
    expect(plainBill.details[0]!.simple_backup).toBe(0);
    expect(planBill.amount - plainBill.amount).toBeCloseTo(planBill.details[0]!.simple_backup!, 4);
  });

  it('bills the backup only while it is on: turning it off starts a new period', async () => {
    const server = await createServer({ plan: '1xCPU-2GB', simple_backup: '0430,monthlies' });
    await advance(2 * hourMs);
    const off = await call('PUT', `/1.3/server/${server.uuid}`, {
      server: { simple_backup: 'no' },
    });
    expect(off.statusCode).toBe(202);
    await advance(2 * hourMs);
    const bill = await serverBill(server.uuid);
    expect(bill.details).toHaveLength(2);
    expect(bill.details[0]!.simple_backup).toBeGreaterThan(0);
    expect(bill.details[1]!.simple_backup).toBe(0);
  });
});
