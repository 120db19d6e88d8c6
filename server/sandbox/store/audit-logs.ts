import type { AuditLog } from '../../../contract/audit-log';
import { isIP } from 'node:net';
import type { Db } from './database';

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuditLogRow {
  cloud_event_id: string;
  account_id: number;
  time: string;
  correlation_id: string;
  auth_type: string;
  account_username: string;
  resource_type: string;
  resource_sub_type: string | null;
  action: string;
  origin: string;
  ip_address: string | null;
  resource_id: string | null;
  current_state: string | null;
  previous_state: string | null;
}

/** Which rows a caller sees: its account's, narrowed to one actor for a subaccount. */
export interface AuditScope {
  accountId: number;
  username?: string;
  /** For a subaccount, when it was created (stored time form): rows of an earlier account that had its username stay hidden. */
  since?: string;
}

/** Validated filters; times are normalised to the stored form (`YYYY-MM-DDTHH:MM:SSZ`). */
export interface AuditQuery {
  q?: string;
  actions?: string[];
  origins?: string[];
  resourceTypes?: string[];
  after?: string;
  before?: string;
}

export function auditLogRecord(row: AuditLogRow): AuditLog {
  return {
    time: row.time,
    cloud_event_id: row.cloud_event_id,
    upcloud_correlation_id: row.correlation_id,
    auth_type: row.auth_type,
    account_username: row.account_username,
    resource_type: row.resource_type,
    action: row.action,
    origin: row.origin,
    ...(row.resource_sub_type === null ? {} : { resource_sub_type: row.resource_sub_type }),
    ...(row.ip_address === null ? {} : { ip_address: row.ip_address }),
    ...(row.resource_id === null ? {} : { resource_id: row.resource_id }),
    ...(row.current_state === null
      ? {}
      : { current_state: JSON.parse(row.current_state) as Record<string, unknown> }),
    ...(row.previous_state === null
      ? {}
      : { previous_state: JSON.parse(row.previous_state) as Record<string, unknown> }),
  };
}

/**
 * The query as one or two disjoint WHERE arms. A search term that could be a username, an IP
 * address or a non-UUID resource id becomes two arms, each served in order by its own index, because SQLite
 * would otherwise answer the OR by scanning the whole account.
 */
function whereArms(scope: AuditScope, query: AuditQuery) {
  const params: Record<string, string | number> = { accountId: scope.accountId };
  // With a search term the term's own index drives the query: the other conditions are written
  // `+column` so SQLite (which keeps no statistics here) cannot pick their broader indexes.
  const other = query.q === undefined ? '' : '+';
  const common: string[] = [];
  if (scope.username !== undefined) {
    common.push(`${other}account_username = @scopeUser`);
    params.scopeUser = scope.username;
  }
  if (scope.since !== undefined) {
    common.push(`${other}time >= @scopeSince`);
    params.scopeSince = scope.since;
  }
  const list = (column: string, name: string, values: string[] | undefined) => {
    if (!values || values.length === 0) return;
    const names = values.map((value, n) => {
      params[`${name}${n}`] = value;
      return `@${name}${n}`;
    });
    common.push(`${other}${column} IN (${names.join(', ')})`);
  };
  list('action', 'action', query.actions);
  list('origin', 'origin', query.origins);
  list('resource_type', 'type', query.resourceTypes);
  if (query.after !== undefined) {
    common.push(`${other}time >= @after`);
    params.after = query.after;
  }
  if (query.before !== undefined) {
    common.push(`${other}time <= @before`);
    params.before = query.before;
  }

  let leads: string[] = [''];
  if (query.q !== undefined) {
    const q = query.q;
    if (uuidLike.test(q)) {
      leads = ['resource_id = @q'];
      params.q = q.toLowerCase();
    } else if (isIP(q)) {
      // Where a change came from, and IP address resources, whose id is their address.
      leads = ['ip_address = @q', 'resource_id = @q AND +ip_address IS NOT @q'];
      params.q = q;
    } else {
      // Usernames, and resource ids that are not UUIDs (api-reference-notes §12: `"12345"`).
      leads = ['account_username = @q', 'resource_id = @q AND +account_username IS NOT @q'];
      params.q = q;
    }
  }
  const arms = leads.map((lead) =>
    ['account_id = @accountId', ...(lead ? [lead] : []), ...common].join(' AND '),
  );
  return { arms, params };
}

const order = 'ORDER BY time DESC, cloud_event_id DESC';
const keysOf = (arms: string[]) =>
  arms
    .map((arm) => `SELECT rowid AS row, time, cloud_event_id FROM audit_logs WHERE ${arm}`)
    .join(' UNION ALL ');
const selectOf = (arms: string[]) =>
  arms.map((arm) => `SELECT * FROM audit_logs WHERE ${arm}`).join(' UNION ALL ');

export function createAuditLogRepository(db: Db) {
  const byId = db.prepare<[string], AuditLogRow>(
    'SELECT * FROM audit_logs WHERE cloud_event_id = ?',
  );
  // Loose index scans: the next distinct value after the previous one, one index seek each, so
  // listing the values present costs as many seeks as there are values, not rows.
  const distinct = (column: 'action' | 'resource_type') =>
    db.prepare<{ account: number }, { value: string }>(`
      WITH RECURSIVE present(value) AS (
        SELECT MIN(${column}) FROM audit_logs WHERE account_id = @account
        UNION ALL
        SELECT (SELECT MIN(${column}) FROM audit_logs WHERE account_id = @account AND ${column} > present.value)
        FROM present WHERE present.value IS NOT NULL
      )
      SELECT value FROM present WHERE value IS NOT NULL`);
  const distinctActions = distinct('action');
  const distinctTypes = distinct('resource_type');

  return {
    findById: (id: string) => byId.get(id),
    /** One page in newest-first order, and how many rows match regardless of the page. */
    page(scope: AuditScope, query: AuditQuery, limit: number, offset: number) {
      const { arms, params } = whereArms(scope, query);
      const counts = arms.map((arm) => `(SELECT COUNT(*) FROM audit_logs WHERE ${arm})`);
      const total = (db.prepare(`SELECT ${counts.join(' + ')} AS n`).get(params) as { n: number })
        .n;
      const rows =
        offset >= total
          ? []
          : (db
              .prepare(
                // The page's rows are found in the covering indexes first and read from the
                // table only then, so a deep offset skips index entries, not table rows.
                `SELECT * FROM audit_logs WHERE rowid IN (SELECT row FROM (${keysOf(arms)} ${order}
                  LIMIT @limit OFFSET @offset)) ${order}`,
              )
              .all({ ...params, limit, offset }) as AuditLogRow[]);
      return { total, rows };
    },
    /** Every matching row, newest first, one at a time. */
    iterate(scope: AuditScope, query: AuditQuery): IterableIterator<AuditLogRow> {
      const { arms, params } = whereArms(scope, query);
      return db
        .prepare(`${selectOf(arms)} ${order}`)
        .iterate(params) as IterableIterator<AuditLogRow>;
    },
    presentValues(accountId: number) {
      return {
        actions: distinctActions.all({ account: accountId }).map((row) => row.value),
        resourceTypes: distinctTypes.all({ account: accountId }).map((row) => row.value),
      };
    },
  };
}
