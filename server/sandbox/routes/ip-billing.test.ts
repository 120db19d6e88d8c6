import { describe, expect, it } from 'vitest';
import {
  billingSummarySchema,
  legacyBillingSummarySchema,
  resourceBillingSummarySchema,
} from '../../../contract/billing';
import { ipAddressResponseSchema } from '../../../contract/ip-address';
import { prices } from '../catalog';
import { demoAuth, manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

const hour = 3_600_000;
const clock = manualClock('2026-11-03T10:15:00.000Z');
const { ok, serverNamed } = sandboxSuite({ clock });

const ipv4Price = (zone: string) => {
  const entry = prices.find((item) => item.name === zone)!.ipv4_address as {
    amount: number;
    price: number;
  };
  return entry.price / entry.amount;
};
/** Credits to the account currency, rounded as the summary rounds them. */
const money = (credits: number) => Math.round(credits * 1000) / 100_000;

describe('public IPv4 billing', () => {
  it('bills a public IPv4 address by the hour from the zone price list, a plan’s own for free', async () => {
    const floating = ipAddressResponseSchema.parse(
      (
        await ok(
          'POST',
          '/1.3/ip_address',
          { ip_address: { floating: 'yes', zone: 'fi-hel1' } },
          201,
        )
      ).json(),
    ).ip_address;
    clock.advance(2 * hour + 30 * 60_000);
    await ok('DELETE', `/1.3/ip_address/${floating.address}`, undefined, 204);
    clock.advance(5 * hour);

    const summary = billingSummarySchema.parse(
      (await ok('GET', '/1.3/account/billing/summary/2026-11', undefined, 200)).json(),
    );
    const billed = summary.networks!.ipv4!.resources;
    // 10:15 to 12:45 touches the hours 10, 11 and 12.
    expect(billed.find((item) => item.resource_id === floating.address)).toEqual({
      resource_id: floating.address,
      amount: money(3 * ipv4Price('fi-hel1')),
      hours: 3,
      details: [{ amount: money(3 * ipv4Price('fi-hel1')), hours: 3, zone: 'fi-hel1', labels: [] }],
    });
    const web = await serverNamed('web-1');
    const planAddress = web.ip_addresses.ip_address.find((item) => item.access === 'public')!;
    // The seeded servers' addresses date from their servers' creation (db-1: ten days before the
    // sandbox started), so they bill the whole month so far: two days and 00:00 to 17:45, 66 hours.
    expect(billed.find((item) => item.resource_id === planAddress.address)).toMatchObject({
      amount: 0,
      hours: 66,
    });
    const db = await serverNamed('db-1');
    const customAddress = db.ip_addresses.ip_address.find((item) => item.access === 'public')!;
    expect(billed.find((item) => item.resource_id === customAddress.address)).toMatchObject({
      amount: money(66 * ipv4Price('uk-lon1')),
      hours: 66,
    });
    expect(billed.some((item) => item.resource_id.startsWith('10.'))).toBe(false);
    expect(summary.networks!.total_amount).toBe(summary.networks!.ipv4!.total_amount);

    const legacy = legacyBillingSummarySchema.parse(
      (await ok('GET', '/1.3/account/billing_summary/2026-11', undefined, 200)).json(),
    );
    expect(legacy.billing.networks).toEqual({
      total_amount: summary.networks!.total_amount,
      ipv4: { total_amount: summary.networks!.ipv4!.total_amount },
    });
    const one = resourceBillingSummarySchema.parse(
      (
        await ok(
          'GET',
          `/1.3/account/resource_billing_summary/${floating.address}/2026-11`,
          undefined,
          200,
          demoAuth,
        )
      ).json(),
    );
    expect(one.billing.details).toMatchObject({ hours: 3, type: 'ipv4', zone: 'fi-hel1' });
  });

  it('bills a seeded server’s address from the server’s creation, in earlier months too', async () => {
    const db = await serverNamed('db-1');
    const address = db.ip_addresses.ip_address.find((item) => item.access === 'public')!.address;
    const october = resourceBillingSummarySchema.parse(
      (
        await ok('GET', `/1.3/account/resource_billing_summary/${address}/2026-10`, undefined, 200)
      ).json(),
    );
    // db-1 was created on 2026-10-24 at 10:15: the hours 10 to 23 of that day and seven days.
    expect(october.billing.details.hours).toBe(14 + 7 * 24);
    expect(october.billing.total_amount).toBe(money((14 + 7 * 24) * ipv4Price('uk-lon1')));
    expect(Object.keys(october.billing.daily_sums)[0]).toBe('2026-10-24');
  });
});
