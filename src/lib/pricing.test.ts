import { describe, expect, it } from 'vitest';
import type { Plan } from '../../contract/plan';
import type { PriceZone } from '../../contract/price';
import { buildPriceTable, describePlan, hoursPerMonth } from './pricing';

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
      'MaxIOPS storage I/O',
      'Private network',
      'Simple backup dailies x',
    ]);
  });

  it('describes units from the entry amount', () => {
    const units = Object.fromEntries(table.resources.map((row) => [row.key, row.unit]));
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
