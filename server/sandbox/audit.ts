import { monotonicFactory } from 'ulid';
import type { AuditResourceType } from '../../contract/audit-log';
import type { Clock } from './clock';
import { rfc3339 } from './clock';
import type { Principal } from './http/auth';
import type { Db } from './store/database';

export interface AuditContext {
  principal: Principal;
  ip: string;
  correlationId: string;
}

export interface AuditEntry {
  action: string;
  resourceType: AuditResourceType;
  resourceId?: string;
  resourceSubType?: string;
  previous?: unknown;
  current?: unknown;
  /** `gui` when the panel itself acts for the user (a panel sign-in); otherwise from the credential. */
  origin?: 'api' | 'gui';
}

/**
 * Audit rows (api-reference-notes §12). Callers write them inside the transaction of the change they
 * describe, so there is no change without its row and no row without its change.
 *
 * Sign-ins: a sign-in is the start of a session, and only the panel has sessions — a password
 * sign-in there creates a session token, recorded as `login` (origin `gui`, auth_type
 * `basic_auth`) and its end as `logout`. API requests are stateless: Bearer and Basic clients
 * send their credential with every call, so recording each authentication would bury the changes
 * under one row per read. What an investigator needs is kept instead: the issuing of every API
 * token (`create` of `auth`/`api-token`), and on every change row how the caller authenticated
 * (`auth_type` `api` for a token, `basic_auth` for a password, `gui` for a panel session) and from
 * which address.
 */
/** One audited change: the write, and the record of the resource before and after it. */
export interface AuditedChange<Before, After> extends Omit<AuditEntry, 'previous' | 'current'> {
  /** The resource as it was (omit for a create). */
  before?: () => Before;
  /** The change itself: every write of the operation. */
  write: () => void;
  /** The resource as it is now (omit for a delete). */
  after?: () => After;
}

export function createAuditLog(db: Db, clock: Clock) {
  const nextId = monotonicFactory();
  const insert = db.prepare(`
    INSERT INTO audit_logs (cloud_event_id, account_id, time, correlation_id, auth_type,
      account_username, resource_type, resource_sub_type, action, origin, ip_address, resource_id,
      current_state, previous_state)
    VALUES (@cloud_event_id, @account_id, @time, @correlation_id, @auth_type, @account_username,
      @resource_type, @resource_sub_type, @action, @origin, @ip_address, @resource_id,
      @current_state, @previous_state)`);

  function write(
    at: Date,
    account: { ownerId: number; username: string },
    via: { correlationId: string; authType: string; origin: string; ip: string | null },
    entry: AuditEntry,
  ): string {
    const cloudEventId = nextId(at.getTime());
    insert.run({
      cloud_event_id: cloudEventId,
      account_id: account.ownerId,
      time: rfc3339(at),
      correlation_id: via.correlationId || cloudEventId,
      auth_type: via.authType,
      account_username: account.username,
      resource_type: entry.resourceType,
      resource_sub_type: entry.resourceSubType ?? null,
      action: entry.action,
      origin: entry.origin ?? via.origin,
      ip_address: via.ip,
      resource_id: entry.resourceId ?? null,
      ...changedStates(entry.previous, entry.current),
    });
    return cloudEventId;
  }

  return {
    record(context: AuditContext, entry: AuditEntry): string {
      const { principal } = context;
      const viaPanel = principal.token?.gui === 1;
      return write(
        clock.now(),
        { ownerId: principal.owner.id, username: principal.account.username },
        {
          correlationId: context.correlationId,
          authType: principal.method === 'basic' ? 'basic_auth' : viaPanel ? 'gui' : 'api',
          origin: viaPanel ? 'gui' : 'api',
          ip: context.ip,
        },
        entry,
      );
    },

    /**
     * The row of a demo resource's past change, written by the seed at the time its server events
     * say (done in the panel, from no recorded address), so the seeded account's activity matches
     * its resources.
     */
    seeded(at: Date, account: { id: number; username: string }, entry: AuditEntry): string {
      return write(
        at,
        { ownerId: account.id, username: account.username },
        { correlationId: '', authType: 'gui', origin: 'gui', ip: null },
        entry,
      );
    },

    /**
     * Makes a change and writes its audit row in one transaction, so there is no change
     * without its row and no row without its change; answers the records before and after.
     */
    change<Before = undefined, After = undefined>(
      context: AuditContext,
      { before, write, after, ...entry }: AuditedChange<Before, After>,
    ): { previous: Before; current: After } {
      return db.transaction(() => {
        const previous = before?.() as Before;
        write();
        const current = after?.() as After;
        this.record(context, { ...entry, previous, current });
        return { previous, current };
      })();
    },
  };
}

/** Fields kept in an update's states even unchanged: they say which resource it was. */
const identifying = new Set(['uuid', 'id', 'name', 'title', 'username']);

/** A field value longer than this (as JSON) is recorded by its size only. */
const maxValueLength = 4_096;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function bounded(state: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(state).map(([key, value]) => {
      const text = JSON.stringify(value) ?? '';
      return [
        key,
        text.length > maxValueLength ? `(${text.length} characters, not recorded)` : value,
      ];
    }),
  );
}

/**
 * The states of a row: of an update only the fields it changed (and those naming the resource),
 * each value bounded, so a row costs what the change did, not the whole record twice.
 */
function changedStates(previous: unknown, current: unknown) {
  if (!isRecord(previous) || !isRecord(current)) {
    return {
      previous_state: stateJson(isRecord(previous) ? bounded(previous) : previous),
      current_state: stateJson(isRecord(current) ? bounded(current) : current),
    };
  }
  const keys = [...new Set([...Object.keys(previous), ...Object.keys(current)])].filter(
    (key) => identifying.has(key) || JSON.stringify(previous[key]) !== JSON.stringify(current[key]),
  );
  const pick = (state: Record<string, unknown>) =>
    bounded(Object.fromEntries(keys.filter((key) => key in state).map((key) => [key, state[key]])));
  return { previous_state: stateJson(pick(previous)), current_state: stateJson(pick(current)) };
}

/**
 * A state as api-reference-notes §12 shows it: a JSON object. A list (an OIDC issuer set) or a bare value
 * is wrapped as `{"items": …}` / `{"value": …}`, so every client can read every row.
 */
function stateJson(state: unknown): string | null {
  if (state === undefined) return null;
  if (Array.isArray(state)) return JSON.stringify({ items: state });
  if (state === null || typeof state !== 'object') return JSON.stringify({ value: state });
  return JSON.stringify(state);
}
export type AuditLog = ReturnType<typeof createAuditLog>;
