import { describe, expect, it } from 'vitest';
import type { Plan } from '../../contract/plan';
import type { PriceZone } from '../../contract/price';
import {
  buildPriceTable,
  describePlan,
  estimateServerCost,
  hoursPerMonth,
  isSharedCorePlan,
} from './pricing';

const plan = (name: string, cores: number, memory: number, storage: number): Plan => ({
  name,
  core_number: cores,
  memory_amount: memory,
  public_traffic_out: 1024,
  storage_size: storage,
  storage_tier: 'maxiops',
});

const zone: PriceZone = {
  name: 'de-fra1',
  'server_plan_2xCPU-4GB': { amount: 1, price: 2.976 },
  storage_maxiops: { amount: 1, price: 0.031 },
  server_memory: { amount: 256, price: 0.14 },
  network_private_vlan: { amount: 1, price: 0 },
  simple_backup_dailies_x: { amount: 1, price: 0.5 },
  server_core: { amount: 1, price: 1.12 },
  'server_plan_1xCPU-1GB': { amount: 1, price: 0.744 },
  'server_plan_CUSTOM-1': { amount: 1, price: 9 },
  io_request_maxiops: { amount: 1_000_000, price: 0 },
};

describe('buildPriceTable', () => {
  const plans = [plan('1xCPU-1GB', 1, 1024, 25), plan('2xCPU-4GB', 2, 4096, 80)];
  const table = buildPriceTable(zone, plans);

  it('lists resources in display order, with unknown keys last', () => {
    expect(table.resources.map((row) => row.label)).toEqual([
      'CPU core',
      'Memory',
      'MaxIOPS storage',
      'Private network',
      'Simple backup dailies x',
    ]);
  });

  it('lists traffic and I/O apart, priced per unit used with no hourly figure', () => {
    const usage = buildPriceTable(
      { ...zone, public_ipv4_bandwidth_out: { amount: 1, price: 1 } },
      plans,
    ).usage;
    expect(usage).toEqual([
      {
        key: 'io_request_maxiops',
        label: 'MaxIOPS storage I/O',
        unit: 'per 1,000,000 requests',
        perUnit: 0,
      },
      {
        key: 'public_ipv4_bandwidth_out',
        label: 'Outgoing public IPv4 traffic',
        unit: 'per GiB',
        perUnit: 0.01,
      },
    ]);
  });

  it('describes units from the entry amount', () => {
    const units = Object.fromEntries(
      [...table.resources, ...table.usage].map((row) => [row.key, row.unit]),
    );
    expect(units.server_core).toBe('per core');
    expect(units.server_memory).toBe('per 256 MiB');
    expect(units.storage_maxiops).toBe('per GiB');
    expect(units.io_request_maxiops).toBe('per 1,000,000 requests');
  });

  it('converts credits per hour to currency per hour and per month', () => {
    const core = table.resources.find((row) => row.key === 'server_core');
    expect(core?.perHour).toBeCloseTo(0.0112);
    expect(core?.perMonth).toBeCloseTo(0.0112 * hoursPerMonth);
  });

  it('orders plans as the plan list does and puts unknown plans last', () => {
    expect(table.plans.map((row) => row.label)).toEqual([
      'Server plan 1xCPU-1GB',
      'Server plan 2xCPU-4GB',
      'Server plan CUSTOM-1',
    ]);
    expect(table.plans[1]?.details).toBe('2 CPU cores, 4 GiB memory, 80 GiB MaxIOPS storage');
    expect(table.plans[2]?.details).toBeUndefined();
  });
});

describe('describePlan', () => {
  it('leaves out storage for plans without a disk', () => {
    expect(describePlan({ ...plan('GPU', 1, 1024, 0), storage_tier: null })).toBe(
      '1 CPU core, 1 GiB memory',
    );
  });
});

describe('estimateServerCost', () => {
  /** The zone above, with an HDD price and a developer plan; no standard tier. */
  const prices: PriceZone = {
    ...zone,
    storage_hdd: { amount: 1, price: 0.0078 },
    'server_plan_DEV-1xCPU-1GB': { amount: 1, price: 0.5 },
  };
  /** An estimate over these prices: one custom core and 1 GiB with no disk unless told. */
  const estimate = (input: Partial<Parameters<typeof estimateServerCost>[0]>) =>
    estimateServerCost({
      zone: prices,
      plan: null,
      cores: 1,
      memoryMiB: 1024,
      disks: [],
      licensePerCore: 0,
      ...input,
    });
  const osDisk = (size: number, tier: string) => [{ label: 'OS disk', size, tier }];
  /** A server on the 2xCPU-4GB plan: the plan, and its cores and memory. */
  const onTwoCorePlan = { plan: plan('2xCPU-4GB', 2, 4096, 80), cores: 2, memoryMiB: 4096 };

  it('prices custom cores and memory per unit amount and every disk by tier', () => {
    const cost = estimate({
      cores: 2,
      memoryMiB: 2048,
      disks: [
        { label: 'OS disk', size: 20, tier: 'maxiops' },
        { label: 'Extra disk', size: 100, tier: 'hdd' },
      ],
    });
    // Credits: 2 × 1.12 + 8 × 0.14 + 20 × 0.031 + 100 × 0.0078 = 4.76 per hour.
    expect(cost.perHour).toBeCloseTo(0.0476, 6);
    expect(cost.perMonth).toBeCloseTo(0.0476 * hoursPerMonth, 6);
    expect(cost.lines.map((line) => line.label)).toEqual([
      '2 CPU cores',
      '2 GiB memory',
      'OS disk: 20 GiB MaxIOPS',
      'Extra disk: 100 GiB HDD',
    ]);
    expect(cost.unpriced).toEqual([]);
  });

  it('bills only the OS disk beyond what the plan includes', () => {
    const cost = estimate({
      ...onTwoCorePlan,
      disks: osDisk(100, 'maxiops'),
    });
    // 2.976 for the plan + 20 GiB × 0.031.
    expect(cost.perHour).toBeCloseTo((2.976 + 0.62) / 100, 6);
    expect(cost.lines[1]?.label).toBe('OS disk: 20 GiB MaxIOPS beyond the plan');
  });

  it('charges the template licence per core, a shared core counting half', () => {
    const dedicated = estimate({
      ...onTwoCorePlan,
      disks: osDisk(80, 'maxiops'),
      licensePerCore: 1.5,
    });
    expect(dedicated.lines.at(-1)).toEqual({ label: 'Licence for 2 cores', perHour: 0.03 });

    const shared = estimate({
      plan: plan('DEV-1xCPU-1GB', 1, 1024, 10),
      disks: osDisk(10, 'standard'),
      licensePerCore: 1.5,
    });
    expect(isSharedCorePlan('DEV-1xCPU-1GB')).toBe(true);
    expect(shared.lines.at(-1)).toEqual({ label: 'Licence for 0.5 cores', perHour: 0.0075 });
    // Plan 0.5 + licence 0.75 credits; the included 10 GiB disk costs nothing extra.
    expect(shared.perHour).toBeCloseTo(0.0125, 6);
  });

  it('names items the price list has no price for instead of guessing', () => {
    const cost = estimate({ disks: osDisk(10, 'standard') });
    expect(cost.unpriced).toEqual(['OS disk: 10 GiB Standard']);
    expect(cost.perHour).toBeCloseTo((1.12 + 0.56) / 100, 6);
  });
});
