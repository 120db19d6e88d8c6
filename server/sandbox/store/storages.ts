import type { Label } from '../../../contract/common';
import type { LabelFilter } from '../../../contract/labels';
import type {
  StorageAccess,
  StorageState,
  StorageTier,
  StorageType,
  storageSortFields,
} from '../../../contract/storage';
import type { Db } from './database';
import {
  jsonNumber,
  jsonRowReader,
  labelFiltersParameter,
  labelFiltersSql,
  rowTextCache,
  statementCache,
} from './list-queries';

export interface StorageRow {
  uuid: string;
  /** Null for public templates and CD-ROM images, which every account can read. */
  account_id: number | null;
  title: string;
  type: StorageType;
  access: StorageAccess;
  size: number;
  tier: StorageTier | null;
  state: StorageState;
  zone: string;
  license: number;
  encrypted: 'yes' | 'no';
  created: string;
  origin: string | null;
  template_type: 'cloud-init' | 'native' | null;
  part_of_plan: number;
  backup_rule: string;
  /** Set on a copy (backup, clone, template) while it is being made: the storage it copies. */
  copy_of: string | null;
  /** Modify enlarged the storage; a partition and filesystem resize may follow. */
  resize_pending: number;
}

type StorageDefaultField =
  | 'access'
  | 'tier'
  | 'license'
  | 'encrypted'
  | 'origin'
  | 'template_type'
  | 'part_of_plan'
  | 'backup_rule'
  | 'copy_of'
  | 'resize_pending';

/** What a new private storage holds unless it says otherwise: no copy, no template, no backup rule. */
export const newStorageDefaults: Pick<StorageRow, StorageDefaultField> = {
  access: 'private',
  tier: null,
  license: 0,
  encrypted: 'no',
  origin: null,
  template_type: null,
  part_of_plan: 0,
  backup_rule: '{}',
  copy_of: null,
  resize_pending: 0,
};

export interface StorageListFilter {
  ownerId: number;
  type?: StorageType;
  access?: StorageAccess;
  labels: LabelFilter[];
  search?: string;
  sortBy?: (typeof storageSortFields)[number];
  descending: boolean;
  limit: number;
  offset: number;
}

/** SQLite's order: NULL first, numbers by value, text by code point (BINARY collation). */
function compareSql(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** `,"name":value` when `test` holds, for a key a summary has only sometimes. */
const optionalKey = (name: string, test: string, value: string) =>
  `iif(${test}, ',"${name}":' || ${value}, '')`;

/**
 * The JSON text of storage `s`'s summary, as resources.ts `storageSummary` gives it when no job is
 * pending (then no summary shows progress), written by SQLite: a list page is answered without
 * its rows becoming objects and then text again, which cost more than finding them.
 * storages-list.test.ts holds the two equal, byte for byte.
 */
const summaryJson = [
  `'{"uuid":' || json_quote(s.uuid)`,
  `',"title":' || json_quote(s.title)`,
  `',"type":' || json_quote(s.type)`,
  `',"access":' || json_quote(s.access)`,
  `',"size":' || ${jsonNumber('s.size')}`,
  optionalKey('tier', "s.tier IS NOT NULL AND s.tier <> ''", 'json_quote(s.tier)'),
  `',"state":' || json_quote(s.state)`,
  `',"zone":' || json_quote(s.zone)`,
  `',"license":' || ${jsonNumber('s.license')}`,
  `',"encrypted":' || json_quote(s.encrypted)`,
  `',"labels":' || (SELECT json_group_array(json_object('key', l.key, 'value', l.value)
    ORDER BY l.position) FROM storage_labels l WHERE l.storage_uuid = s.uuid)`,
  optionalKey('created', "s.access = 'private'", 'json_quote(s.created)'),
  optionalKey('origin', "s.origin IS NOT NULL AND s.origin <> ''", 'json_quote(s.origin)'),
  optionalKey(
    'template_type',
    "s.template_type IS NOT NULL AND s.template_type <> ''",
    'json_quote(s.template_type)',
  ),
  optionalKey('part_of_plan', 's.part_of_plan', `'"yes"'`),
  `'}'`,
].join(' || ');

/**
 * Whether storage `s` has a job pending, or is not online while a copy of it has one: the
 * summaries that may show progress (resources.ts `storageSummary`), which `summaryJson` leaves out.
 */
const jobPending = `(EXISTS (SELECT 1 FROM jobs j WHERE j.resource_id = s.uuid)
  OR (s.state <> 'online' AND EXISTS (SELECT 1 FROM storages c JOIN jobs j ON j.resource_id = c.uuid
    WHERE c.copy_of = s.uuid)))`;

/** The row ids of a page's `keys-without-progress` text. */
const idsOf = (keys: string) => (keys === '' ? [] : keys.split(',').map(Number));

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createStorageRepository(db: Db) {
  const byUuid = db.prepare<[string], StorageRow>('SELECT * FROM storages WHERE uuid = ?');
  const insert = db.prepare<StorageRow>(`
    INSERT INTO storages (uuid, account_id, title, type, access, size, tier, state, zone, license,
      encrypted, created, origin, template_type, part_of_plan, backup_rule, copy_of, resize_pending)
    VALUES (@uuid, @account_id, @title, @type, @access, @size, @tier, @state, @zone, @license,
      @encrypted, @created, @origin, @template_type, @part_of_plan, @backup_rule, @copy_of,
      @resize_pending)`);
  const update = db.prepare<StorageRow>(`
    UPDATE storages SET title = @title, zone = @zone, size = @size, tier = @tier, state = @state,
      backup_rule = @backup_rule, copy_of = @copy_of, resize_pending = @resize_pending,
      part_of_plan = @part_of_plan
    WHERE uuid = @uuid`);
  const remove = db.prepare<[string]>('DELETE FROM storages WHERE uuid = ?');
  const labelsOf = db.prepare<[string], Label>(
    'SELECT key, value FROM storage_labels WHERE storage_uuid = ? ORDER BY position',
  );
  const clearLabels = db.prepare<[string]>('DELETE FROM storage_labels WHERE storage_uuid = ?');
  const insertLabel = db.prepare<[string, number, string, string, string]>(
    'INSERT INTO storage_labels (storage_uuid, position, key, key_lower, value) VALUES (?, ?, ?, ?, ?)',
  );
  const backupsOf = db.prepare<[string], { uuid: string }>(
    "SELECT uuid FROM storages WHERE origin = ? AND type = 'backup' ORDER BY created, uuid",
  );
  const copyOf = db.prepare<[string], StorageRow>('SELECT * FROM storages WHERE copy_of = ?');
  const favoriteInsert = db.prepare<[number, string]>(
    'INSERT OR IGNORE INTO storage_favorites (account_id, storage_uuid) VALUES (?, ?)',
  );
  const favoriteDelete = db.prepare<[number, string]>(
    'DELETE FROM storage_favorites WHERE account_id = ? AND storage_uuid = ?',
  );
  const favorites = db.prepare<[number, number], StorageRow>(`
    SELECT s.* FROM storage_favorites f JOIN storages s ON s.uuid = f.storage_uuid
    WHERE f.account_id = ? AND (s.account_id = ? OR s.access = 'public')
    ORDER BY s.title, s.uuid`);
  const rowJson = jsonRowReader<StorageRow>(db, 'storages');
  const labelsOfUuids = db.prepare<[string], Label & { storage_uuid: string }>(
    'SELECT storage_uuid, key, value FROM storage_labels WHERE storage_uuid IN (SELECT value FROM json_each(?)) ORDER BY storage_uuid, position',
  );
  const statement = statementCache(db);

  function setLabels(uuid: string, labels: readonly Label[]) {
    clearLabels.run(uuid);
    labels.forEach((label, position) =>
      insertLabel.run(uuid, position, label.key, label.key.toLowerCase(), label.value),
    );
  }

  // A summary is made from its storage's row and labels alone: their writes forget it. It is kept
  // by the storage's rowid, which a page's index walks give as a number: no string for SQLite to
  // hand over and for the map to hash, 25 times a page (the UUIDs cost a tenth of a read). The
  // sandbox never runs VACUUM, the one statement that renumbers the rowids of such a table.
  const summaryTexts = rowTextCache(db, 'storage_summaries', [
    { table: 'storages', key: (row) => `${row}.rowid` },
    {
      table: 'storage_labels',
      key: (row) => `(SELECT rowid FROM main.storages WHERE uuid = ${row}.storage_uuid)`,
    },
  ]);
  const summariesOf = db
    .prepare<[string], [number, string]>(
      `SELECT s.rowid, ${summaryJson} FROM storages s WHERE s.rowid IN (SELECT value FROM json_each(?))`,
    )
    .raw();

  /**
   * One page of storages as one text: their rows (jsonRowReader), or their rowids joined by commas
   * in the page's order (`keys-without-progress`; NULL when one of the summaries may show
   * progress). `pageRead` says how a page is found.
   */
  function onePage(filter: StorageListFilter, shape: 'rows' | 'keys-without-progress') {
    const { statement: page, params } = pageRead(filter, shape);
    return page.pluck().get(params) as string | null;
  }

  /**
   * The statement of a page and its parameters: its rows, its rowids as rows in its order
   * (`keys`), or as one text (`keys-without-progress`). Filters in SQL so that an account with
   * 10,000 storages still lists a page quickly. The account's own (private) storages and the
   * public ones are the two arms of a compound SELECT, each an index walk in the requested order;
   * SQLite merges the walks as they go and stops at the page's end (offset + limit rows), where one
   * walk over both would sort every row.
   */
  function pageRead(filter: StorageListFilter, shape: 'rows' | 'keys' | 'keys-without-progress') {
    const params: Record<string, string | number> = {
      limit: filter.limit,
      offset: filter.offset,
      owner: filter.ownerId,
    };
    if (filter.type) params.type = filter.type;
    if (filter.labels.length > 0) params.label_filters = labelFiltersParameter(filter.labels);
    if (filter.search) params.search = likePattern(filter.search);
    const column = filter.sortBy ?? 'created';
    const direction = filter.descending ? 'DESC' : 'ASC';
    // The statement's text follows the filters given, not their values: it is written once.
    const key = [shape, filter.access, column, direction, ...Object.keys(params)].join(' ');
    const page = statement(key, () => {
      const where: string[] = [];
      if (filter.type) where.push('s.type = @type');
      if (filter.labels.length > 0) where.push(labelFiltersSql('storage_labels'));
      if (filter.search) {
        where.push("(s.title LIKE @search ESCAPE '\\' OR s.uuid LIKE @search ESCAPE '\\')");
      }
      const scopes: string[] = [];
      if (filter.access !== 'public') scopes.push('s.account_id = @owner');
      if (filter.access !== 'private') {
        scopes.push("s.account_id IS NULL AND s.access = 'public'");
      }
      // The arms carry no ORDER BY or LIMIT of their own: SQLite gives the compound's ORDER BY to
      // each arm, which its index walk satisfies, and merges the arms' rows without sorting them.
      // An arm in a subquery with its own ORDER BY and LIMIT was sorted again for the merge, half
      // of the read's time. `+@limit`, not `@limit`: planned once (list-queries.ts).
      const arm = (scope: string) =>
        `SELECT s.rowid AS id, s.${column} AS sort_key, s.uuid FROM storages s WHERE ${[scope, ...where].join(' AND ')}`;
      const pageRows = `${scopes.map(arm).join(' UNION ALL ')}
        ORDER BY 2 ${direction}, 3 ${direction} LIMIT +@limit OFFSET +@offset`;
      // The rowids alone, as rows in the page's order.
      if (shape === 'keys') return pageRows;
      const order = `page.sort_key ${direction}, page.uuid ${direction}`;
      // An aggregate keeps no order of its own: keys are put in order as they are joined, rows
      // afterwards by `list` (sorting the JSON of whole rows in SQL costs more).
      const keys = `coalesce(group_concat(page.id, ',' ORDER BY ${order}), '')`;
      const select =
        shape === 'rows'
          ? rowJson.select('s')
          : `iif(coalesce(max(${jobPending}), 0), NULL, ${keys})`;
      return `SELECT ${select} FROM (${pageRows}) page JOIN storages s ON s.rowid = page.id`;
    });
    return { statement: page, params };
  }

  // No account has 2^53 storages; SQLite would refuse a LIMIT it cannot hold as an integer.
  const pageExists = (filter: StorageListFilter) =>
    Number.isSafeInteger(filter.offset + filter.limit);

  function list(filter: StorageListFilter): StorageRow[] {
    if (!pageExists(filter)) return [];
    const column = filter.sortBy ?? 'created';
    const sign = filter.descending ? -1 : 1;
    return rowJson
      .rows(onePage(filter, 'rows')!)
      .sort((a, b) => sign * (compareSql(a[column], b[column]) || compareSql(a.uuid, b.uuid)));
  }

  /**
   * The rowids of a page in its order (`keys`), asked of SQL on every read: a page of keys kept
   * between reads would be a second response cache (response-cache.ts).
   */
  function pageIds(filter: StorageListFilter): readonly number[] {
    const { statement: page, params } = pageRead(filter, 'keys');
    return page.pluck().all(params) as number[];
  }

  /**
   * The JSON array of the page's summaries, or undefined when one of them may show progress
   * (`jobPending`) and only resources.ts `storageSummary` can write it. `jobsIdle`: no job is
   * pending at all, and no storage needs to be asked. SQLite writes the summaries a page lacks
   * (`summaryJson`), which are kept for the pages after (`summaryTexts`).
   */
  function summariesJson(filter: StorageListFilter, jobsIdle: boolean): string | undefined {
    if (!pageExists(filter)) return '[]';
    let ids: readonly number[];
    if (jobsIdle) ids = pageIds(filter);
    else {
      const keys = onePage(filter, 'keys-without-progress');
      if (keys === null) return undefined;
      ids = idsOf(keys);
    }
    // Joined as they are read: a page whose summaries are all kept makes no array, and no copy of
    // its text before the reply's.
    let joined = '';
    for (const id of ids) {
      const text = summaryTexts.get(id);
      if (text === undefined) return `[${withMissing(ids)}]`;
      joined = joined === '' ? text : `${joined},${text}`;
    }
    return `[${joined}]`;
  }

  /** The summaries of `ids` joined, SQLite writing those not kept (and keeping them). */
  function withMissing(ids: readonly number[]): string {
    const texts = ids.map((id) => summaryTexts.get(id));
    const missing = ids.filter((_id, index) => texts[index] === undefined);
    const made = new Map(summariesOf.all(JSON.stringify(missing)));
    ids.forEach((id, index) => {
      if (texts[index] !== undefined) return;
      texts[index] = made.get(id)!;
      summaryTexts.set(id, texts[index]);
    });
    return texts.join(',');
  }

  /** The labels of many storages by one query (a list page shows them all). */
  function labelsOfMany(uuids: readonly string[]): Map<string, Label[]> {
    const result = new Map<string, Label[]>(uuids.map((uuid) => [uuid, []]));
    if (uuids.length === 0) return result;
    const rows = labelsOfUuids.all(JSON.stringify(uuids));
    for (const { storage_uuid, key, value } of rows) result.get(storage_uuid)!.push({ key, value });
    return result;
  }

  return {
    find: (uuid: string) => byUuid.get(uuid),
    insert(row: StorageRow, labels: readonly Label[] = []) {
      insert.run(row);
      setLabels(row.uuid, labels);
    },
    update: (row: StorageRow) => void update.run(row),
    delete: (uuid: string) => void remove.run(uuid),
    labels: (uuid: string) => labelsOf.all(uuid),
    labelsOfMany,
    setLabels,
    backups: (uuid: string) => backupsOf.all(uuid).map((row) => row.uuid),
    /** The copy (backup, clone or template) being made from this storage, if any. */
    pendingCopyOf: (uuid: string) => copyOf.get(uuid),
    list,
    summariesJson,
    addFavorite: (accountId: number, uuid: string) =>
      favoriteInsert.run(accountId, uuid).changes > 0,
    removeFavorite: (accountId: number, uuid: string) =>
      favoriteDelete.run(accountId, uuid).changes > 0,
    favorites: (accountId: number, ownerId: number) => favorites.all(accountId, ownerId),
  };
}
export type StorageRepository = ReturnType<typeof createStorageRepository>;
