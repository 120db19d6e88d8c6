import type { AuditLog } from '../../../contract/audit-log';
import type { Db } from './database';

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

function whereClause(scope: AuditScope, query: AuditQuery) {
  const parts = ['account_id = @accountId'];
  const params: Record<string, string | number> = { accountId: scope.accountId };
  if (scope.username !== undefined) {
    parts.push('account_username = @scopeUser');
    params.scopeUser = scope.username;
  }
  if (query.q !== undefined) {
    // Exact matches, so each branch of the OR uses its own (account_id, column, time) index.
    parts.push(
      '(resource_id = @q OR resource_id = @qLower OR account_username = @q OR ip_address = @q)',
    );
    params.q = query.q;
    params.qLower = query.q.toLowerCase();
  }
  const list = (column: string, name: string, values: string[] | undefined) => {
    if (!values || values.length === 0) return;
    const names = values.map((value, n) => {
      params[`${name}${n}`] = value;
      return `@${name}${n}`;
    });
    parts.push(`${column} IN (${names.join(', ')})`);
  };
  list('action', 'action', query.actions);
  list('origin', 'origin', query.origins);
  list('resource_type', 'type', query.resourceTypes);
  if (query.after !== undefined) {
    parts.push('time >= @after');
    params.after = query.after;
  }
  if (query.before !== undefined) {
    parts.push('time <= @before');
    params.before = query.before;
  }
  return { sql: parts.join(' AND '), params };
}

const order = 'ORDER BY time DESC, cloud_event_id DESC';

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
      const { sql, params } = whereClause(scope, query);
      const total = (
        db.prepare(`SELECT COUNT(*) AS n FROM audit_logs WHERE ${sql}`).get(params) as {
          n: number;
        }
      ).n;
      const rows =
        offset >= total
          ? []
          : (db
              .prepare(`SELECT * FROM audit_logs WHERE ${sql} ${order} LIMIT @limit OFFSET @offset`)
              .all({ ...params, limit, offset }) as AuditLogRow[]);
      return { total, rows };
    },
    /** Every matching row, newest first, read lazily (an export can be long). */
    iterate(scope: AuditScope, query: AuditQuery): IterableIterator<AuditLogRow> {
      const { sql, params } = whereClause(scope, query);
      return db
        .prepare(`SELECT * FROM audit_logs WHERE ${sql} ${order}`)
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
export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
