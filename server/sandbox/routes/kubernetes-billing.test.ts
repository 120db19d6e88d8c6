import { describe, expect, it } from 'vitest';
import {
  billingSummarySchema,
  legacyBillingSummarySchema,
  resourceBillingSummarySchema,
} from '../../../contract/billing';
import type { BillingSummary } from '../../../contract/billing';
import { nodeGroupDetailsSchema } from '../../../contract/kubernetes';
import { loadBalancerSchema } from '../../../contract/load-balancer';
import { priceListResponseSchema } from '../../../contract/price';
import { manualClock } from '../testing';
import { kubernetesSuite } from './kubernetes-test-helpers';

const hour = 3_600_000;
const month = '2026-03';
const clock = manualClock('2026-03-02T00:00:00.000Z');
const { advance, okBody, getBody, createCluster, ok } = kubernetesSuite({ clock });

const summary = () => getBody(billingSummarySchema, `/1.3/account/billing/summary/${month}`);

/** The zone's price of one hour of a server plan in the account currency, as GET /1.3/price lists it. */
async function planHour(zone: string, plan: string): Promise<number> {
  const list = await getBody(priceListResponseSchema, '/1.3/price');
  const entry = list.prices.zone.find((item) => item.name === zone)?.[`server_plan_${plan}`];
  if (typeof entry !== 'object') throw new Error(`no price of ${plan} in ${zone}`);
  return entry.price / entry.amount / 100;
}

/** Every category's total and the month's total add up from the resource groups. */
function expectTotalsAddUp(bill: BillingSummary) {
  let sum = 0;
  for (const [key, category] of Object.entries(bill)) {
    if (typeof category !== 'object') continue;
    const groups = Object.entries(category).filter(([name]) => name !== 'total_amount');
    const groupSum = groups.reduce(
      (total, [, group]) => total + (group as { total_amount: number }).total_amount,
      0,
    );
    expect(category.total_amount, key).toBeCloseTo(groupSum, 4);
    sum += category.total_amount;
  }
  expect(bill.total_amount).toBeCloseTo(sum, 4);
}

describe('billing of Kubernetes worker nodes and load balancers', () => {
  it('bills a cluster’s nodes by the hour at their plan’s server price, under managed_kubernetes', async () => {
    const created = await createCluster({
      node_groups: [{ name: 'workers', count: 2, plan: '2xCPU-4GB' }],
    });
    await advance(10 * hour);
    const perHour = await planHour(created.zone, '2xCPU-4GB');
    const { nodes } = await getBody(
      nodeGroupDetailsSchema,
      `/1.3/kubernetes/${created.uuid}/node-groups/workers`,
    );
    expect(nodes).toHaveLength(2);

    const bill = await summary();
    const group = bill.managed_kubernetes?.managed_kubernetes;
    expect(group?.resources.map((item) => item.resource_id).sort()).toEqual(
      nodes.map((node) => node.uuid).sort(),
    );
    for (const resource of group?.resources ?? []) {
      expect(resource).toMatchObject({ hours: 10 });
      expect(resource.amount).toBeCloseTo(10 * perHour, 4);
      expect(resource.details).toEqual([
        expect.objectContaining({ hours: 10, zone: created.zone, plan: '2xCPU-4GB' }),
      ]);
    }
    // What the wizard previews (its node groups priced as servers of their plan) is what bills.
    expect(group?.total_amount).toBeCloseTo(2 * 10 * perHour, 4);
    expect(bill.managed_kubernetes?.total_amount).toBe(group?.total_amount);
    expectTotalsAddUp(bill);

    const legacy = await getBody(
      legacyBillingSummarySchema,
      `/1.3/account/billing_summary/${month}`,
    );
    expect(legacy.billing.managed_kubernetes).toEqual({
      total_amount: group?.total_amount,
      managed_kubernetes: { total_amount: group?.total_amount },
    });

    const node = nodes[0]!.uuid;
    const one = await getBody(
      resourceBillingSummarySchema,
      `/1.3/account/resource_billing_summary/${node}/${month}`,
    );
    expect(one.billing.details).toMatchObject({
      hours: 10,
      type: 'kubernetes_node',
      plan: '2xCPU-4GB',
      zone: created.zone,
    });
    expect(one.billing.total_amount).toBeCloseTo(10 * perHour, 4);

    // A removed node and a deleted cluster still bill their lifetime, and no hour more.
    await ok('PATCH', `/1.3/kubernetes/${created.uuid}/node-groups/workers`, { count: 1 }, 200);
    await advance(hour);
    await ok('DELETE', `/1.3/kubernetes/${created.uuid}`, undefined, 202);
    await advance(hour);
    await advance(10 * hour);
    const after = (await summary()).managed_kubernetes?.managed_kubernetes?.resources ?? [];
    expect(after.map((item) => item.hours).sort()).toEqual([11, 12]);
    expect(after.reduce((total, item) => total + item.amount, 0)).toBeCloseTo(23 * perHour, 4);
  });

  it('bills a load balancer under managed_loadbalancers, beside the other categories', async () => {
    // No frontend or backend: the service bills by its plan all the same.
    const networks = [{ name: 'public', type: 'public', family: 'IPv4' }];
    const body = { name: 'billed', plan: 'development', zone: 'de-fra1', networks };
    const lb = await okBody(
      loadBalancerSchema,
      'POST',
      '/1.3/load-balancer',
      { ...body, configured_status: 'started', frontends: [], backends: [], resolvers: [] },
      201,
    );
    await advance(3 * hour);
    const bill = await summary();
    const billed = bill.managed_loadbalancers?.managed_loadbalancers?.resources.find(
      (item) => item.resource_id === lb.uuid,
    );
    expect(billed).toMatchObject({
      hours: 3,
      details: [expect.objectContaining({ plan: 'development' })],
    });
    expect(billed?.amount).toBeGreaterThan(0);
    expect(bill.managed_kubernetes).toBeDefined();
    expect(bill.servers).toBeDefined();
    expectTotalsAddUp(bill);
  });
});
