import { describe, expect, it } from 'vitest';
import { planListResponseSchema } from '../../../contract/plan';
import {
  basePriceKeys,
  simpleBackupPlans,
  priceListResponseSchema,
  serverPlanPricePrefix,
} from '../../../contract/price';
import { zoneListResponseSchema } from '../../../contract/zone';
import { sandboxDomains } from '../domains';
import { coerceXml, parseXml } from '../http/formats';
import { demoAuth, otherAuth, smallestPlan } from '../testing';
import { sandboxSuite, specZoneIds } from './test-helpers';

const spec24ZoneIds = [
  ...specZoneIds,
  // The other public zones of the real zone list (issue 18, item 7).
  'us-nyc1',
  'pl-waw1',
  'es-mad1',
  'se-sto1',
  'au-syd1',
];

const { app } = sandboxSuite();

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await app().inject({
    method: 'GET',
    url,
    headers: { authorization: demoAuth, ...headers },
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response;
};

describe('zones', () => {
  it('lists exactly the zones of api-rules §2.4', async () => {
    const { zones } = zoneListResponseSchema.parse((await get('/1.2/zone')).json());
    expect(zones.zone.map((zone) => zone.id)).toEqual(spec24ZoneIds);
    for (const zone of zones.zone) {
      expect(zone.description).not.toBe('');
      expect(zone.public).toBe('yes');
    }
  });

  it('gives every account the same zones', async () => {
    const forOther = await app().inject({
      url: '/1.2/zone',
      headers: { authorization: otherAuth },
    });
    expect(forOther.body).toBe((await get('/1.2/zone')).body);
  });

  it('reads back from XML as the same list', async () => {
    const json = zoneListResponseSchema.parse((await get('/1.2/zone')).json());
    const xml = await get('/1.2/zone', { accept: 'application/xml' });
    expect(
      zoneListResponseSchema.parse(coerceXml(parseXml(xml.body), zoneListResponseSchema)),
    ).toEqual(json);
  });
});

describe('plans', () => {
  it('lists server plans with numeric fields', async () => {
    const { plans } = planListResponseSchema.parse((await get('/1.3/plan')).json());
    expect(plans.plan.length).toBeGreaterThanOrEqual(10);
    expect(plans.plan[0]).toEqual(smallestPlan);
    expect(new Set(plans.plan.map((plan) => plan.name)).size).toBe(plans.plan.length);
  });
});

describe('prices', () => {
  it('prices every base key, every plan and every domain’s own key in every zone, as {amount, price} numbers', async () => {
    const { prices } = priceListResponseSchema.parse((await get('/1.2/price')).json());
    const planNames = planListResponseSchema
      .parse((await get('/1.3/plan')).json())
      .plans.plan.map((plan) => plan.name);
    expect(prices.zone.map((zone) => zone.name)).toEqual(spec24ZoneIds);

    const expectedKeys = [
      ...basePriceKeys,
      ...planNames.map((name) => `${serverPlanPricePrefix}${name}`),
      ...simpleBackupPlans.flatMap((plan) => [
        `simple_backup_extra_${plan}`,
        ...planNames.map((name) => `simple_backup_${plan}_${name}`),
      ]),
      ...sandboxDomains.flatMap((domain) => Object.keys(domain.prices ?? {})),
    ].sort();
    for (const zone of prices.zone) {
      const { name, ...entries } = zone;
      expect(Object.keys(entries).sort(), name).toEqual(expectedKeys);
      for (const [key, entry] of Object.entries(entries)) {
        expect(entry, `${name} ${key}`).toEqual({
          amount: expect.any(Number),
          price: expect.any(Number),
        });
        expect(Object.keys(entry as object).sort()).toEqual(['amount', 'price']);
        const { amount, price } = entry as { amount: number; price: number };
        expect(amount, `${name} ${key}`).toBeGreaterThan(0);
        expect(price, `${name} ${key}`).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('uses the reference’s Frankfurt base prices (api-reference-notes §14)', async () => {
    const { prices } = priceListResponseSchema.parse((await get('/1.2/price')).json());
    const fra = prices.zone.find((zone) => zone.name === 'de-fra1')!;
    expect(fra).toMatchObject({
      server_core: { amount: 1, price: 1.12 },
      server_memory: { amount: 256, price: 0.14 },
      storage_maxiops: { amount: 1, price: 0.031 },
      ipv4_address: { amount: 1, price: 0.336 },
      io_request_maxiops: { amount: 1_000_000, price: 0 },
    });
  });

  it('prices a plan below the same resources bought one by one', async () => {
    const { prices } = priceListResponseSchema.parse((await get('/1.2/price')).json());
    const { plans } = planListResponseSchema.parse((await get('/1.3/plan')).json());
    for (const zone of prices.zone) {
      const entry = (key: string) =>
        (zone as unknown as Record<string, { amount: number; price: number }>)[key]!;
      for (const plan of plans.plan) {
        const separately =
          plan.core_number * entry('server_core').price +
          (plan.memory_amount / entry('server_memory').amount) * entry('server_memory').price +
          plan.storage_size * entry('storage_maxiops').price;
        expect(
          entry(`${serverPlanPricePrefix}${plan.name}`).price,
          `${zone.name} ${plan.name}`,
        ).toBeLessThan(separately);
      }
    }
  });

  it('reads back from XML as the same price list', async () => {
    const json = priceListResponseSchema.parse((await get('/1.2/price')).json());
    const xml = await get('/1.2/price', { accept: 'application/xml' });
    expect(
      xml.body.startsWith(
        '<?xml version="1.0" encoding="utf-8"?>\n<prices><zone><name>de-fra1</name><firewall><amount>1</amount><price>0.56</price></firewall>',
      ),
    ).toBe(true);
    expect(
      priceListResponseSchema.parse(coerceXml(parseXml(xml.body), priceListResponseSchema)),
    ).toEqual(json);
  });
});
