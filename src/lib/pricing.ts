import type { Plan } from '../../contract/plan';
import { serverPlanPricePrefix } from '../../contract/price';
import type { PriceEntry, PriceZone } from '../../contract/price';
import {
  countOf,
  creditsToCurrency,
  formatGibibytes,
  formatMebibytes,
  formatNumber,
  humanizeKey,
} from './format';

/** Monthly estimates use the billing convention of 730 hours a month. */
export const hoursPerMonth = 730;

interface PriceRowBase {
  key: string;
  label: string;
  unit: string;
  /** Plan contents such as "2 CPU cores, 4 GiB memory"; only for server plans. */
  details?: string;
}

/** A price charged for every hour a resource exists. Amounts in the account currency. */
export interface HourlyPriceRow extends PriceRowBase {
  perHour: number;
  perMonth: number;
}

/** A price charged for what is used (traffic, storage I/O): per unit, with no hourly figure. */
export interface UsagePriceRow extends PriceRowBase {
  perUnit: number;
}

export interface PriceTable {
  resources: HourlyPriceRow[];
  usage: UsagePriceRow[];
  plans: HourlyPriceRow[];
}

type UnitText = (amount: number) => string;

const count =
  (singular: string, plural: string): UnitText =>
  (amount) =>
    amount === 1 ? `per ${singular}` : `per ${formatNumber(amount)} ${plural}`;

const size =
  (symbol: string): UnitText =>
  (amount) =>
    amount === 1 ? `per ${symbol}` : `per ${formatNumber(amount)} ${symbol}`;

const requests = count('request', 'requests');
const gibibyte = size('GiB');

/** Words for the keys of api-rules §2.5 and a few more seen in real price lists; order is display order. */
const resourceEntries: ReadonlyArray<[key: string, label: string, unit: UnitText]> = [
  ['server_core', 'CPU core', count('core', 'cores')],
  ['server_memory', 'Memory', size('MiB')],
  ['storage_maxiops', 'MaxIOPS storage', gibibyte],
  ['storage_hdd', 'HDD storage', gibibyte],
  ['storage_backup', 'Backup storage', gibibyte],
  ['storage_template', 'Template storage', gibibyte],
  ['io_request_maxiops', 'MaxIOPS storage I/O', requests],
  ['io_request_hdd', 'HDD storage I/O', requests],
  ['io_request_backup', 'Backup storage I/O', requests],
  ['ipv4_address', 'Public IPv4 address', count('address', 'addresses')],
  ['ipv6_address', 'Public IPv6 address', count('address', 'addresses')],
  ['public_ipv4_bandwidth_in', 'Incoming public IPv4 traffic', gibibyte],
  ['public_ipv4_bandwidth_out', 'Outgoing public IPv4 traffic', gibibyte],
  ['public_ipv6_bandwidth_in', 'Incoming public IPv6 traffic', gibibyte],
  ['public_ipv6_bandwidth_out', 'Outgoing public IPv6 traffic', gibibyte],
  ['firewall', 'Firewall', count('server', 'servers')],
  ['network_private_vlan', 'Private network', count('network', 'networks')],
];
const resourceOrder = new Map(resourceEntries.map(([key], index) => [key, index]));
const resourceWords = new Map(resourceEntries.map(([key, label, unit]) => [key, { label, unit }]));

const byName = new Intl.Collator('en', { numeric: true }).compare;

function isPriceEntry(value: PriceEntry | string): value is PriceEntry {
  return typeof value === 'object';
}

function row(key: string, entry: PriceEntry, label: string, unit: UnitText): HourlyPriceRow {
  const perHour = creditsToCurrency(entry.price);
  return { key, label, unit: unit(entry.amount), perHour, perMonth: perHour * hoursPerMonth };
}

/**
 * Traffic is charged per GiB transferred and storage I/O per requests made, not by the hour
 * (UpCloud's pricing), so these rows get no hourly or monthly figure.
 */
const chargedByUse = /^(public_ipv[46]_bandwidth_(in|out)|io_request_\w+)$/;

const storageTierNames: Record<string, string> = {
  maxiops: 'MaxIOPS',
  hdd: 'HDD',
  standard: 'Standard',
};

export function describePlan(plan: Plan): string {
  const parts = [
    countOf(plan.core_number, 'CPU core'),
    `${formatMebibytes(plan.memory_amount)} memory`,
  ];
  if (plan.storage_size > 0) {
    const tier = plan.storage_tier && (storageTierNames[plan.storage_tier] ?? plan.storage_tier);
    parts.push([formatGibibytes(plan.storage_size), tier, 'storage'].filter(Boolean).join(' '));
  }
  return parts.join(', ');
}

/**
 * The price list of one zone in readable rows: resources in a fixed order (unknown keys after,
 * alphabetically), then server plans in the order of the plan list (unknown plans last).
 */
export function buildPriceTable(zone: PriceZone, plans: readonly Plan[]): PriceTable {
  const planOrder = new Map(plans.map((plan, index) => [plan.name, index]));
  const planByName = new Map(plans.map((plan) => [plan.name, plan]));
  const resources: HourlyPriceRow[] = [];
  const usage: UsagePriceRow[] = [];
  const planRows: HourlyPriceRow[] = [];

  for (const [key, value] of Object.entries(zone)) {
    if (!isPriceEntry(value)) continue;
    if (key.startsWith(serverPlanPricePrefix)) {
      const name = key.slice(serverPlanPricePrefix.length);
      const plan = planByName.get(name);
      const planRow = row(key, value, `Server plan ${name}`, count('server', 'servers'));
      planRows.push(plan ? { ...planRow, details: describePlan(plan) } : planRow);
      continue;
    }
    const words = resourceWords.get(key);
    const label = words?.label ?? humanizeKey(key);
    const unit = words?.unit ?? count('unit', 'units');
    if (chargedByUse.test(key)) {
      usage.push({ key, label, unit: unit(value.amount), perUnit: creditsToCurrency(value.price) });
    } else {
      resources.push(row(key, value, label, unit));
    }
  }

  const resourceRank = (key: string) => resourceOrder.get(key) ?? resourceOrder.size;
  const inDisplayOrder = (a: PriceRowBase, b: PriceRowBase) =>
    resourceRank(a.key) - resourceRank(b.key) || byName(a.key, b.key);
  resources.sort(inDisplayOrder);
  usage.sort(inDisplayOrder);
  const planRank = (key: string) =>
    planOrder.get(key.slice(serverPlanPricePrefix.length)) ?? planOrder.size;
  planRows.sort((a, b) => planRank(a.key) - planRank(b.key) || byName(a.key, b.key));
  return { resources, usage, plans: planRows };
}

/** Developer plans run on shared cores (brief of issue 3; api-rules §2.5 counts them half). */
export function isSharedCorePlan(planName: string | undefined): boolean {
  return planName?.startsWith('DEV-') ?? false;
}

export interface DiskChoice {
  label: string;
  size: number;
  tier: string;
}

export interface ServerCostInput {
  zone: PriceZone;
  /** A fixed plan, or null for custom cores and memory. */
  plan: Plan | null;
  cores: number;
  memoryMiB: number;
  /** The first disk is the OS disk; a plan includes `plan.storage_size` GiB of it. */
  disks: readonly DiskChoice[];
  /** The OS template's `license`: credits per core-hour (api-rules §2.5). */
  licensePerCore: number;
}

export interface CostLine {
  label: string;
  /** Currency per hour. */
  perHour: number;
}

export interface ServerCost {
  lines: CostLine[];
  perHour: number;
  perMonth: number;
  /** Items the zone's price list has no price for; left out of the totals. */
  unpriced: string[];
}

function entryOf(zone: PriceZone, key: string): PriceEntry | null {
  const value = zone[key];
  return value !== undefined && isPriceEntry(value) ? value : null;
}

/** Credits per hour of `units` units of a price entry. */
const creditsFor = (entry: PriceEntry, units: number) => (entry.price * units) / entry.amount;

/**
 * What a server would cost per hour and per month (730 h) from a zone's price list: the plan
 * or its cores and memory, every disk by tier, and the licence of the OS template, which is
 * its `license` × the cores, a shared core counting as half (api-rules §2.5).
 */
export function estimateServerCost(input: ServerCostInput): ServerCost {
  const { zone, plan, cores, memoryMiB, disks, licensePerCore } = input;
  const lines: CostLine[] = [];
  const unpriced: string[] = [];
  const add = (label: string, credits: number) =>
    lines.push({ label, perHour: creditsToCurrency(credits) });

  let includedStorage = 0;
  if (plan) {
    const entry = entryOf(zone, `${serverPlanPricePrefix}${plan.name}`);
    if (entry) add(`Plan ${plan.name}`, creditsFor(entry, 1));
    else unpriced.push(`Plan ${plan.name}`);
    includedStorage = plan.storage_size;
  } else {
    const core = entryOf(zone, 'server_core');
    const memory = entryOf(zone, 'server_memory');
    if (core) add(countOf(cores, 'CPU core'), creditsFor(core, cores));
    if (memory) add(`${formatMebibytes(memoryMiB)} memory`, creditsFor(memory, memoryMiB));
  }

  disks.forEach((disk, index) => {
    const billed = index === 0 ? Math.max(0, disk.size - includedStorage) : disk.size;
    if (billed === 0) return;
    const entry = entryOf(zone, `storage_${disk.tier}`);
    const tierName = storageTierNames[disk.tier] ?? disk.tier;
    const label = `${disk.label}: ${formatGibibytes(billed)} ${tierName}${
      index === 0 && includedStorage > 0 ? ' beyond the plan' : ''
    }`;
    if (entry) add(label, creditsFor(entry, billed));
    else unpriced.push(label);
  });

  if (licensePerCore > 0) {
    const licensedCores = isSharedCorePlan(plan?.name) ? cores / 2 : cores;
    add(
      `Licence for ${formatNumber(licensedCores)} ${licensedCores === 1 ? 'core' : 'cores'}`,
      licensePerCore * licensedCores,
    );
  }

  const perHour = lines.reduce((sum, line) => sum + line.perHour, 0);
  return { lines, perHour, perMonth: perHour * hoursPerMonth, unpriced };
}
