import type { Plan } from '../../../contract/plan';
import type { PriceZone } from '../../../contract/price';
import type { ServerDetails } from '../../../contract/server';
import { creditsToCurrency } from '../../lib/format';
import { estimateServerCost } from '../../lib/pricing';
import { attachedDisks } from './server-operation';

/** What a server would be sized as: a fixed plan, or `custom` cores and memory (MiB). */
export interface ServerSizing {
  plan: string;
  cores: number;
  memoryMiB: number;
}

export const sizingOf = (server: ServerDetails): ServerSizing => ({
  plan: server.plan,
  cores: Number(server.core_number),
  memoryMiB: Number(server.memory_amount),
});

const disksOf = (server: ServerDetails) =>
  attachedDisks(server).map((device) => ({
    label: device.storage_title,
    size: device.storage_size,
    tier: device.storage_tier ?? 'maxiops',
  }));

/**
 * The hourly price of the server sized as `sizing` (its disks and licence as they are), from its
 * zone's price list; null when the list has nothing for it.
 */
export function hourlyPrice(
  server: ServerDetails,
  zone: PriceZone | undefined,
  plans: readonly Plan[],
  sizing: ServerSizing,
): number | null {
  if (!zone) return null;
  const plan = plans.find((item) => item.name === sizing.plan) ?? null;
  if (!plan && sizing.plan !== 'custom') return null;
  return estimateServerCost({
    zone,
    plan,
    cores: plan ? plan.core_number : sizing.cores,
    memoryMiB: plan ? plan.memory_amount : sizing.memoryMiB,
    disks: disksOf(server),
    licensePerCore: server.license,
  }).perHour;
}

/**
 * The hourly price of a simple backup plan (api-reference-notes §2.9): a plan server's
 * `simple_backup_<level>_<plan>`, a custom one's `simple_backup_extra_<level>` per GiB of its disks.
 */
export function simpleBackupHourlyPrice(
  server: ServerDetails,
  zone: PriceZone | undefined,
  level: string,
): number | null {
  const entry = (key: string) => {
    const value = zone?.[key];
    return typeof value === 'object' ? value : undefined;
  };
  const planEntry = entry(`simple_backup_${level}_${server.plan}`);
  if (planEntry) return creditsToCurrency(planEntry.price / planEntry.amount);
  const extra = entry(`simple_backup_extra_${level}`);
  if (!extra) return null;
  const gib = disksOf(server).reduce((sum, disk) => sum + disk.size, 0);
  return creditsToCurrency((extra.price * gib) / extra.amount);
}
