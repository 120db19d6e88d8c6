import type { BasePriceKey, PriceEntry } from '../../contract/price';
import type { simpleBackupPlans } from '../../contract/price';
import { serverPlanPricePrefix } from '../../contract/price';
import type { Plan } from '../../contract/plan';
import type { Zone } from '../../contract/zone';

/**
 * The eight zones of api-rules §2.4, then the other public zones real clients use (the recorded
 * zone list of UpCloud's Go SDK, fixture getzones, and the zones its recordings run in), each with
 * a price factor (sites cost differently to run). New zones go last: a zone's position is in the
 * UUIDs of its shared networks and public images.
 */
const zoneTable: [id: string, description: string, priceFactor: number][] = [
  ['de-fra1', 'Frankfurt #1', 1],
  ['fi-hel1', 'Helsinki #1', 1],
  ['fi-hel2', 'Helsinki #2', 0.95],
  ['nl-ams1', 'Amsterdam #1', 1],
  ['sg-sin1', 'Singapore #1', 1.15],
  ['uk-lon1', 'London #1', 1.05],
  ['us-chi1', 'Chicago #1', 1],
  ['us-sjo1', 'San Jose #1', 1.1],
  ['us-nyc1', 'New York #1', 1],
  ['pl-waw1', 'Warsaw #1', 0.95],
  ['es-mad1', 'Madrid #1', 1],
  ['se-sto1', 'Stockholm #1', 1],
  ['au-syd1', 'Sydney #1', 1.15],
];

export const zones: Zone[] = zoneTable.map(([id, description]) => ({
  id,
  description,
  public: 'yes',
}));

export const zoneIds = new Set(zones.map((zone) => zone.id));

const gib = 1024;
/** Fixed server plans (api-reference-notes §2.6); `public_traffic_out` in GiB per month. */
export const plans: Plan[] = [
  ['1xCPU-1GB', 1, 1, 25, 1024],
  ['1xCPU-2GB', 1, 2, 50, 2048],
  ['2xCPU-4GB', 2, 4, 80, 4096],
  ['4xCPU-8GB', 4, 8, 160, 5120],
  ['6xCPU-16GB', 6, 16, 320, 6144],
  ['8xCPU-32GB', 8, 32, 640, 7168],
  ['12xCPU-48GB', 12, 48, 960, 9216],
  ['16xCPU-64GB', 16, 64, 1280, 10240],
  ['20xCPU-96GB', 20, 96, 1920, 12288],
  ['20xCPU-128GB', 20, 128, 2048, 24576],
  ['DEV-1xCPU-1GB', 1, 1, 10, 1024],
  ['DEV-1xCPU-2GB', 1, 2, 20, 1024],
].map(([name, cores, memoryGib, storage, traffic]) => ({
  name: name as string,
  core_number: cores as number,
  memory_amount: (memoryGib as number) * gib,
  public_traffic_out: traffic as number,
  storage_size: storage as number,
  storage_tier: (name as string).startsWith('DEV-') ? 'standard' : 'maxiops',
}));

/** Frankfurt prices in credits (1/100 of the currency) per hour for `amount` units (api-reference-notes §14). */
const basePrices: Record<
  BasePriceKey | `simple_backup_extra_${(typeof simpleBackupPlans)[number]}`,
  PriceEntry
> = {
  firewall: { amount: 1, price: 0.56 },
  io_request_backup: { amount: 1_000_000, price: 0 },
  io_request_hdd: { amount: 1_000_000, price: 0 },
  io_request_maxiops: { amount: 1_000_000, price: 0 },
  ipv4_address: { amount: 1, price: 0.336 },
  ipv6_address: { amount: 1, price: 0 },
  network_private_vlan: { amount: 1, price: 0.694 },
  public_ipv4_bandwidth_in: { amount: 1, price: 0 },
  public_ipv4_bandwidth_out: { amount: 1, price: 1 },
  public_ipv6_bandwidth_in: { amount: 1, price: 0 },
  public_ipv6_bandwidth_out: { amount: 1, price: 1 },
  server_core: { amount: 1, price: 1.12 },
  server_memory: { amount: 256, price: 0.14 },
  // Per GiB of a custom server's disks (UpCloud's Go SDK recordings, upcloud/service/fixtures).
  simple_backup_extra_dailies: { amount: 1, price: 0.0069 },
  simple_backup_extra_monthlies: { amount: 1, price: 0.0208 },
  simple_backup_extra_weeklies: { amount: 1, price: 0.0138 },
  storage_backup: { amount: 1, price: 0.0078 },
  storage_hdd: { amount: 1, price: 0.0078 },
  storage_maxiops: { amount: 1, price: 0.031 },
  storage_template: { amount: 1, price: 0.031 },
};

/**
 * A plan's simple backups cost a share of the plan: a fifth for dailies, two fifths for weeklies,
 * three fifths for monthlies, as in the real price list (`simple_backup_dailies_1xCPU-1GB` 0.1488
 * beside `server_plan_1xCPU-1GB` 0.744).
 */
const simpleBackupShares = { dailies: 0.2, weeklies: 0.4, monthlies: 0.6 };

/** A plan costs about 70% of the same cores, memory and disk bought one by one. */
function basePlanPrice(plan: Plan): number {
  const parts =
    plan.core_number * basePrices.server_core.price +
    (plan.memory_amount / basePrices.server_memory.amount) * basePrices.server_memory.price +
    plan.storage_size * basePrices.storage_maxiops.price;
  return parts * 0.7;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

export type ZonePrices = { name: string } & Record<string, PriceEntry | string>;

/**
 * Every zone's price list: the core entries and a domain's own (`SandboxDomain.prices`, Frankfurt
 * prices), each scaled by the zone's price factor.
 */
export function zonePriceLists(extra: Readonly<Record<string, PriceEntry>> = {}): ZonePrices[] {
  return zoneTable.map(([name, , factor]) => {
    const zone: ZonePrices = { name };
    for (const [key, entry] of Object.entries(basePrices)) {
      zone[key] = { amount: entry.amount, price: round(entry.price * factor) };
    }
    for (const plan of plans) {
      zone[`${serverPlanPricePrefix}${plan.name}`] = {
        amount: 1,
        price: round(basePlanPrice(plan) * factor),
      };
      for (const [level, share] of Object.entries(simpleBackupShares)) {
        zone[`simple_backup_${level}_${plan.name}`] = {
          amount: 1,
          price: round(basePlanPrice(plan) * share * factor),
        };
      }
    }
    for (const [key, entry] of Object.entries(extra)) {
      zone[key] = { amount: entry.amount, price: round(entry.price * factor) };
    }
    return zone;
  });
}

/** The core price lists, without any domain's entries. */
export const prices: ZonePrices[] = zonePriceLists();

/** IANA timezone names a server can be given (api-reference-notes §14), with UTC among them. */
export const timezones: string[] = [
  ...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']),
].sort();

/**
 * Custom server sizes offered in forms (api-reference-notes §2.1 `GET /1.3/server_size`): 1–20 cores, each
 * with memory from 1 GiB to 128 GiB (1 GiB steps to 16 GiB, then 2, 4 and 8 GiB steps), all within
 * the custom limits of server creation. Numbers are strings, as in the server record.
 */
export const serverSizes: { core_number: string; memory_amount: string }[] = (() => {
  const memory: number[] = [];
  for (
    let amount = 1;
    amount <= 128;
    amount += amount < 16 ? 1 : amount < 32 ? 2 : amount < 64 ? 4 : 8
  ) {
    memory.push(amount * gib);
  }
  return Array.from({ length: 20 }, (_, index) => index + 1).flatMap((cores) =>
    memory.map((amount) => ({ core_number: String(cores), memory_amount: String(amount) })),
  );
})();
