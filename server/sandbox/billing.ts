import type { BillingGroupPath } from '../../contract/billing';
import type { Label } from '../../contract/common';
import type { PriceEntry } from '../../contract/price';
import { serverPlanPricePrefix } from '../../contract/price';
import type { ZonePrices } from './catalog';
import { prices as corePrices } from './catalog';
import type { Clock } from './clock';
import { ApiProblem } from './http/errors';
import type { AccountRow } from './store/accounts';
import type { Db } from './store/database';
import type { InterfaceRepository, IpAddressRow } from './store/networks';
import type { ServerRepository, ServerRow } from './store/servers';
import type { StorageRepository, StorageRow } from './store/storages';

export const hourMs = 3_600_000;

/** The types the core ledger bills; a domain adds its own through `register` (a {@link BilledKind}). */
export type CoreBilledType = 'server' | 'storage' | 'backup' | 'template' | 'ipv4';
export type BilledType = CoreBilledType | (string & {});

/**
 * A billed type that a sandbox domain adds (`billing.register` in its `setup`): its resources bill
 * by the hour at one price-list entry each, or priced as a core type is, and show in the summary
 * under their own category.
 */
export type BilledKind = BilledKindBase &
  (
    | {
        /** The price-list key of a period (one unit an hour). */
        priceKey: (period: BillingPeriod) => string;
      }
    | {
        /** Priced as this core type is, by plan or else by cores and memory (worker nodes as servers). */
        pricedAs: CoreBilledType;
      }
  );

interface BilledKindBase {
  type: string;
  /**
   * Category and resource group of the billing summary, such as
   * `['managed_loadbalancers', 'managed_loadbalancers']`: one the contract lists.
   */
  category: Readonly<BillingGroupPath>;
  /** The account's live resources of this type, as open periods. */
  openPeriods: (accountId: number) => BillingPeriod[];
  /** The account a live resource of this type belongs to. */
  ownerOf: (resourceId: string) => number | undefined;
}

/** Summary category and kind of the core types (api-reference-notes §10.3). */
const coreCategories: Record<CoreBilledType, Readonly<BillingGroupPath>> = {
  server: ['servers', 'server'],
  storage: ['storages', 'storage'],
  backup: ['storages', 'backup'],
  template: ['storages', 'template'],
  ipv4: ['networks', 'ipv4'],
};

/** A stretch of a resource's life with the same billed attributes; `end` null while it lasts. */
export interface BillingPeriod {
  account_id: number;
  resource_id: string;
  type: BilledType;
  title: string;
  zone: string;
  plan: string | null;
  cores: number | null;
  memory: number | null;
  size: number | null;
  tier: string | null;
  /** Servers: the per-core licence of their disks (credits an hour, api-rules §2.5). */
  license: number;
  firewall: boolean;
  /** A plan's own disk: its price is part of the plan's. */
  included: boolean;
  /** Servers: the simple backup plan they pay for (`dailies`, `weeklies`, `monthlies`), if any. */
  simple_backup: string | null;
  labels: Label[];
  start: number;
  end: number | null;
  deleted: boolean;
}

/** A closed period as `billing_history` holds it: flags as 0/1, labels as JSON, both times set. */
type HistoryRow = Omit<
  BillingPeriod,
  'firewall' | 'included' | 'labels' | 'start' | 'end' | 'deleted'
> & {
  firewall: number;
  included: number;
  labels: string;
  start_at: number;
  end_at: number;
  deleted: number;
};

/** The attributes a resource type does not bill by, as an open period shows them. */
const unbilled = {
  plan: null,
  cores: null,
  memory: null,
  size: null,
  tier: null,
  license: 0,
  firewall: false,
  included: false,
  simple_backup: null,
  end: null,
  deleted: false,
} satisfies Partial<BillingPeriod>;

/**
 * The open period of a resource of the newer services (load balancers, Kubernetes nodes), whose
 * rows carry `uuid`, `name` and `zone`: the name is the period's title.
 */
export function namedResourcePeriod(
  type: BilledType,
  row: { account_id: number; uuid: string; name: string; zone: string },
  billed: Partial<BillingPeriod> & Pick<BillingPeriod, 'labels' | 'start'>,
): BillingPeriod {
  return {
    ...unbilled,
    account_id: row.account_id,
    resource_id: row.uuid,
    type,
    title: row.name,
    zone: row.zone,
    ...billed,
  };
}

const priceTable = (list: readonly ZonePrices[]) => new Map(list.map((zone) => [zone.name, zone]));
type PriceTable = ReturnType<typeof priceTable>;
const corePriceTable = priceTable(corePrices);

function priceOf(zone: string, key: string, table = corePriceTable): PriceEntry | undefined {
  const entry = table.get(zone)?.[key];
  return typeof entry === 'object' ? entry : undefined;
}

/** Credits an hour for `units` of a price entry (prices are per `amount` units). */
const unitPrice = (zone: string, key: string, units: number, table = corePriceTable) => {
  const entry = priceOf(zone, key, table);
  return entry ? (entry.price * units) / entry.amount : 0;
};

/** A shared-core (DEV) plan's core counts as half a core for the licence (api-rules §2.5). */
export const sharedCore = (plan: string | null) => plan?.startsWith('DEV-') ?? false;

/** Storage price key by tier; `standard` has no key of its own and costs what MaxIOPS costs. */
export function storagePriceKey(type: BilledType, tier: string | null): string {
  if (type === 'backup') return 'storage_backup';
  if (type === 'template') return 'storage_template';
  return tier === 'hdd' ? 'storage_hdd' : 'storage_maxiops';
}

export interface HourlyCost {
  /** Credits an hour for the resource itself (plan, cores and memory, or disk size). */
  base: number;
  license: number;
  firewall: number;
  simpleBackup: number;
  total: number;
}

/** The hourly cost of a period from its zone's price list (api-rules §2.5). */
export function hourlyCost(period: BillingPeriod, table = corePriceTable): HourlyCost {
  let base = 0;
  let license = 0;
  let firewall = 0;
  let simpleBackup = 0;
  if (period.type === 'server') {
    const cores = period.cores ?? 0;
    const planKey = `${serverPlanPricePrefix}${period.plan ?? ''}`;
    if (period.plan !== 'custom' && priceOf(period.zone, planKey, table)) {
      base = unitPrice(period.zone, planKey, 1, table);
    } else {
      base =
        unitPrice(period.zone, 'server_core', cores, table) +
        unitPrice(period.zone, 'server_memory', period.memory ?? 0, table);
    }
    license = period.license * cores * (sharedCore(period.plan) ? 0.5 : 1);
    firewall = period.firewall ? unitPrice(period.zone, 'firewall', 1, table) : 0;
    simpleBackup = simpleBackupCost(period, table);
  } else if (period.type === 'ipv4') {
    // A plan's own public IPv4 address is part of the plan's price.
    base = period.included ? 0 : unitPrice(period.zone, 'ipv4_address', 1, table);
  } else if (!period.included) {
    base = unitPrice(
      period.zone,
      storagePriceKey(period.type, period.tier),
      period.size ?? 0,
      table,
    );
  }
  return { base, license, firewall, simpleBackup, total: base + license + firewall + simpleBackup };
}

/**
 * A server's simple backups by the hour: a plan server pays its plan's `simple_backup_<level>_<plan>`
 * entry, a custom server `simple_backup_extra_<level>` for each GiB of its disks (the real price
 * list's keys, UpCloud's Go SDK recordings; the `size` of a server's period is those GiB).
 */
function simpleBackupCost(period: BillingPeriod, table: PriceTable): number {
  if (!period.simple_backup) return 0;
  const planKey = `simple_backup_${period.simple_backup}_${period.plan ?? ''}`;
  if (period.plan !== 'custom' && priceOf(period.zone, planKey, table)) {
    return unitPrice(period.zone, planKey, 1, table);
  }
  return unitPrice(
    period.zone,
    `simple_backup_extra_${period.simple_backup}`,
    period.size ?? 0,
    table,
  );
}

/** The backup plan of a server's `simple_backup` (`0430,dailies`), or null for `no`. */
export const simpleBackupLevel = (value: string) =>
  value === 'no' ? null : (value.split(',')[1] ?? null);

/**
 * Whole hours billed between `from` and `to` (ms): every clock hour the period touches counts,
 * so a resource bills the hour it was created in and the hour it was deleted in.
 */
export function billedHours(period: BillingPeriod, from: number, to: number, now: number): number {
  const start = Math.floor(period.start / hourMs) * hourMs;
  const endAt = Math.min(period.end ?? now, now);
  const end = Math.ceil(endAt / hourMs) * hourMs;
  const low = Math.max(start, Math.floor(from / hourMs) * hourMs);
  const high = Math.min(end, Math.ceil(to / hourMs) * hourMs);
  return high > low ? (high - low) / hourMs : 0;
}

const serverCreated = (row: ServerRow) => row.created * 1000;
const storageCreated = (row: StorageRow) => Date.parse(row.created);

function storageType(row: StorageRow): BilledType | undefined {
  if (row.account_id === null || row.access !== 'private') return undefined;
  if (row.type === 'backup') return 'backup';
  if (row.type === 'template') return 'template';
  if (row.type === 'normal') return 'storage';
  return undefined;
}

/**
 * The billing history (api-rules §4.2 billing): live resources give the open period; every change of
 * a billed attribute and every deletion closes the period so far into `billing_history`, so a
 * deleted resource still bills its lifetime and a plan change shows as two detail entries.
 */
export function createBillingLedger(
  db: Db,
  clock: Clock,
  zonePrices: readonly ZonePrices[] = corePrices,
) {
  const prices = priceTable(zonePrices);
  const kinds = new Map<string, BilledKind>();
  const insert = db.prepare(`
    INSERT INTO billing_history (account_id, resource_id, type, title, zone, plan, cores, memory,
      size, tier, license, firewall, included, simple_backup, labels, start_at, end_at, deleted)
    VALUES (@account_id, @resource_id, @type, @title, @zone, @plan, @cores, @memory, @size, @tier,
      @license, @firewall, @included, @simple_backup, @labels, @start_at, @end_at, @deleted)`);
  const lastEnd = db.prepare<[string], { end_at: number | null }>(
    'SELECT MAX(end_at) AS end_at FROM billing_history WHERE resource_id = ?',
  );
  const historyOf = db.prepare<[number, number], HistoryRow>(
    'SELECT * FROM billing_history WHERE account_id = ? AND end_at > ? ORDER BY start_at, id',
  );
  const ownerOf = db.prepare<[string], { account_id: number }>(
    'SELECT account_id FROM billing_history WHERE resource_id = ? LIMIT 1',
  );
  const serversOf = db.prepare<[number], ServerRow>('SELECT * FROM servers WHERE account_id = ?');
  const storagesOf = db.prepare<[number], StorageRow>(
    'SELECT * FROM storages WHERE account_id = ?',
  );
  const publicIpv4Of = db.prepare<[number], IpAddressRow>(
    "SELECT * FROM ip_addresses WHERE account_id = ? AND access = 'public' AND family = 'IPv4'",
  );
  const liveAddressOwner = db.prepare<[string], { account_id: number }>(
    "SELECT account_id FROM ip_addresses WHERE address = ? AND access = 'public' LIMIT 1",
  );
  const serverLabels = (row: ServerRow) => JSON.parse(row.labels) as Label[];

  let servers: ServerRepository | undefined;
  let storages: StorageRepository | undefined;

  const startOf = (uuid: string, created: number) => lastEnd.get(uuid)?.end_at ?? created;

  /** The storages attached to a server (disks and CD-ROMs). */
  function serverStorages(uuid: string): StorageRow[] {
    if (!servers || !storages) return [];
    return servers.devices(uuid).flatMap((device) => {
      const storage = device.storage_uuid ? storages!.find(device.storage_uuid) : undefined;
      return storage ? [storage] : [];
    });
  }

  function serverLicense(uuid: string): number {
    return serverStorages(uuid).reduce((sum, storage) => sum + storage.license, 0);
  }

  /** GiB a custom server's simple backups are billed for: its disks. */
  function backedUpSize(row: ServerRow): number | null {
    if (simpleBackupLevel(row.simple_backup) === null || row.plan !== 'custom') return null;
    return serverStorages(row.uuid)
      .filter((storage) => storage.type === 'normal')
      .reduce((sum, disk) => sum + disk.size, 0);
  }

  function serverPeriod(
    row: ServerRow,
    license = serverLicense(row.uuid),
    size = backedUpSize(row),
  ): BillingPeriod {
    return {
      ...unbilled,
      account_id: row.account_id,
      resource_id: row.uuid,
      type: 'server',
      title: row.title,
      zone: row.zone,
      plan: row.plan,
      cores: row.core_number,
      memory: row.memory_amount,
      license,
      size,
      firewall: row.firewall === 'on',
      simple_backup: simpleBackupLevel(row.simple_backup),
      labels: serverLabels(row),
      start: startOf(row.uuid, serverCreated(row)),
    };
  }

  function storagePeriod(row: StorageRow): BillingPeriod | undefined {
    const type = storageType(row);
    if (!type) return undefined;
    return {
      ...unbilled,
      account_id: row.account_id!,
      resource_id: row.uuid,
      type,
      title: row.title,
      zone: row.zone,
      size: row.size,
      tier: row.tier,
      included: row.part_of_plan === 1,
      labels: storages?.labels(row.uuid) ?? [],
      start: startOf(row.uuid, storageCreated(row)),
    };
  }

  /** A public IPv4 address bills from its allocation to its release; it has no other attribute. */
  function addressPeriod(row: IpAddressRow): BillingPeriod | undefined {
    if (row.access !== 'public' || row.family !== 'IPv4') return undefined;
    return {
      ...unbilled,
      account_id: row.account_id,
      resource_id: row.address,
      type: 'ipv4',
      title: row.address,
      zone: row.zone,
      included: row.part_of_plan === 1,
      labels: [],
      start: Date.parse(row.created_at),
    };
  }

  function close(period: BillingPeriod | undefined, deleted: boolean) {
    if (!period) return;
    const now = clock.now().getTime();
    insert.run({
      ...period,
      firewall: period.firewall ? 1 : 0,
      included: period.included ? 1 : 0,
      labels: JSON.stringify(period.labels),
      start_at: period.start,
      end_at: Math.max(now, period.start),
      deleted: deleted ? 1 : 0,
    });
  }

  /**
   * `repo` with its update closing the open period when `billedChange` says a billed attribute
   * changes, so the bill shows each stretch at its own price, and its delete closing it for good.
   */
  function closingPeriods<
    Row extends { uuid: string },
    Period extends BillingPeriod | undefined,
    Repo extends {
      find(uuid: string): Row | undefined;
      update(row: Row): void;
      delete(uuid: string): void;
    },
  >(
    repo: Repo,
    periodOf: (row: Row) => Period,
    billedChange: (before: Period, old: Row, row: Row) => boolean,
  ): Repo {
    return {
      ...repo,
      update(row: Row) {
        const old = repo.find(row.uuid);
        if (old) {
          const before = periodOf(old);
          if (billedChange(before, old, row)) close(before, false);
        }
        repo.update(row);
      },
      delete(uuid: string) {
        const old = repo.find(uuid);
        if (old) close(periodOf(old), true);
        repo.delete(uuid);
      },
    };
  }

  const serverKey = (p: BillingPeriod) =>
    JSON.stringify([
      p.plan,
      p.cores,
      p.memory,
      p.license,
      p.firewall,
      p.zone,
      p.simple_backup,
      p.size,
    ]);
  const storageKey = (p: BillingPeriod | undefined) =>
    p ? JSON.stringify([p.type, p.size, p.tier, p.included]) : '';

  function fromHistory(row: HistoryRow): BillingPeriod {
    return {
      ...row,
      firewall: row.firewall === 1,
      included: row.included === 1,
      deleted: row.deleted === 1,
      labels: JSON.parse(row.labels) as Label[],
      start: row.start_at,
      end: row.end_at,
    };
  }

  /** Every billing period of an account that had not ended by `since` (ms), oldest first. */
  function periods(accountId: number, since = 0): BillingPeriod[] {
    const closed = historyOf.all(accountId, since).map(fromHistory);
    const open = [
      ...serversOf.all(accountId).map((row) => serverPeriod(row)),
      ...storagesOf
        .all(accountId)
        .map(storagePeriod)
        .filter((period) => period !== undefined),
      ...publicIpv4Of
        .all(accountId)
        .map(addressPeriod)
        .filter((period) => period !== undefined),
      ...[...kinds.values()].flatMap((kind) => kind.openPeriods(accountId)),
    ];
    return [...closed, ...open].sort((a, b) => a.start - b.start);
  }

  /**
   * The hourly cost of a period: core types by {@link hourlyCost}, a domain's by its price key or
   * as the core type it is priced as.
   */
  function costOf(period: BillingPeriod): HourlyCost {
    const kind = kinds.get(period.type);
    if (!kind) return hourlyCost(period);
    if ('pricedAs' in kind) return hourlyCost({ ...period, type: kind.pricedAs }, prices);
    const base = unitPrice(period.zone, kind.priceKey(period), 1, prices);
    return { base, license: 0, firewall: 0, simpleBackup: 0, total: base };
  }

  function creditsUsed(accountId: number): number {
    const now = clock.now().getTime();
    return periods(accountId).reduce(
      (sum, period) => sum + costOf(period).total * billedHours(period, 0, now, now),
      0,
    );
  }
  return {
    periods,
    hourlyCost: costOf,
    /** Summary category and kind of a billed type. */
    categoryOf(type: BilledType): readonly [string, string] {
      return kinds.get(type)?.category ?? coreCategories[type as CoreBilledType] ?? ['other', type];
    },
    /** Adds a domain's billed type (called from the domain's `setup`). */
    register(kind: BilledKind) {
      kinds.set(kind.type, kind);
    },
    /**
     * Closes a domain resource's open period into the history: on deletion, and before a billed
     * attribute (such as its plan) changes, so the bill shows each stretch at its own price.
     */
    closePeriod(period: BillingPeriod, deleted: boolean) {
      close(period, deleted);
    },
    /** Servers whose billed attributes are tracked: use this repository everywhere. */
    trackServers(repo: ServerRepository): ServerRepository {
      servers = repo;
      /**
       * Servers being created: the create writes the server, then attaches its disks, all in one
       * synchronous write. The licence and size those disks bring are the new server's first
       * attributes, not a change: closing a period there bills the first hour twice and shows a
       * server that was never modified as changed. Forgotten once the write is over.
       */
      const creating = new Set<string>();
      const withLicenseChange = (uuid: string, change: () => void) => {
        const row = repo.find(uuid);
        const before = row && !creating.has(uuid) ? serverPeriod(row) : undefined;
        change();
        if (!row || !before) return;
        const after = serverPeriod(row);
        if (after.license !== before.license || after.size !== before.size) close(before, false);
      };
      return {
        ...closingPeriods(
          repo,
          serverPeriod,
          (before, _old, row) => serverKey(before) !== serverKey(serverPeriod(row, before.license)),
        ),
        insert(row) {
          repo.insert(row);
          creating.add(row.uuid);
          queueMicrotask(() => creating.delete(row.uuid));
        },
        addDevice(device) {
          withLicenseChange(device.server_uuid, () => repo.addDevice(device));
        },
        removeDevice(serverUuid, address) {
          withLicenseChange(serverUuid, () => repo.removeDevice(serverUuid, address));
        },
      };
    },
    trackStorages(repo: StorageRepository): StorageRepository {
      storages = repo;
      return closingPeriods(
        repo,
        storagePeriod,
        (before, old, row) =>
          storageKey(before) !== storageKey(storagePeriod({ ...old, ...row, type: old.type })),
      );
    },
    /** Public IPv4 addresses bill until released: use this repository everywhere. */
    trackAddresses(repo: InterfaceRepository): InterfaceRepository {
      return {
        ...repo,
        deleteAddress(id) {
          const old = repo.findAddress(id);
          if (old) close(addressPeriod(old), true);
          repo.deleteAddress(id);
        },
      };
    },
    /** The account a resource was billed to, live or deleted. */
    ownerOf(resourceId: string): number | undefined {
      const live =
        servers?.find(resourceId)?.account_id ??
        storages?.find(resourceId)?.account_id ??
        liveAddressOwner.get(resourceId)?.account_id ??
        [...kinds.values()].map((kind) => kind.ownerOf(resourceId)).find((id) => id !== undefined);
      return live ?? ownerOf.get(resourceId)?.account_id;
    },
    /** Credits used by an account up to now. */
    creditsUsed,
    /**
     * api-rules §7 (402): creating or starting a billable resource needs credits left on the main
     * account that pays for it. Called after the request is validated, before anything changes.
     */
    requireCredits(owner: AccountRow) {
      // A partner's customer is billed on the partner's invoice (api-rules §4.9), not from credits.
      if (owner.partner_id !== null) return;
      if (owner.credits - creditsUsed(owner.id) > 0) return;
      throw new ApiProblem(
        402,
        'INSUFFICIENT_CREDITS',
        `The account ${owner.username} has no credits left; add credits before creating or starting billable resources.`,
      );
    },
  };
}
