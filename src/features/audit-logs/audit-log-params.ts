import {
  auditExportMaxDays,
  auditLogDefaultLimit,
  exportRangeDays,
} from '../../../contract/audit-log';
import type { AuditLogFilters } from '../../../contract/audit-log';
import type { AuditLogParams } from '../../api/audit-logs';

export const pageSizes = [25, 50, 100, 200] as const;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (text: string | null): string | undefined =>
  text !== null && datePattern.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
    ? text
    : undefined;

function nonNegativeInt(text: string | null, fallback: number): number {
  const value = Number(text);
  return text !== null && text !== '' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** What the URL asks for, in the page's own terms (dates are whole UTC days). */
export interface AuditLogView {
  q: string;
  actions: string[];
  origins: string[];
  types: string[];
  from?: string;
  to?: string;
  limit: number;
  offset: number;
  event?: string;
}

export function readAuditLogView(search: URLSearchParams): AuditLogView {
  const limit = nonNegativeInt(search.get('limit'), auditLogDefaultLimit);
  return {
    q: search.get('q')?.trim() ?? '',
    actions: search.getAll('action'),
    origins: search.getAll('origin'),
    types: search.getAll('type'),
    from: validDate(search.get('from')),
    to: validDate(search.get('to')),
    limit: (pageSizes as readonly number[]).includes(limit) ? limit : auditLogDefaultLimit,
    offset: nonNegativeInt(search.get('offset'), 0),
    event: search.get('event') ?? undefined,
  };
}

/** The API's filters: `from` is the start of its day and `to` the end of its day, in UTC. */
export function auditFilters(view: AuditLogView): AuditLogFilters {
  return {
    ...(view.q ? { q: view.q } : {}),
    ...(view.actions.length > 0 ? { actions: view.actions } : {}),
    ...(view.origins.length > 0 ? { origins: view.origins } : {}),
    ...(view.types.length > 0 ? { resource_types: view.types } : {}),
    ...(view.from ? { created_after: `${view.from}T00:00:00Z` } : {}),
    ...(view.to ? { created_before: `${view.to}T23:59:59Z` } : {}),
  };
}

export function auditListParams(view: AuditLogView): AuditLogParams {
  return { ...auditFilters(view), limit: view.limit, offset: view.offset };
}

/**
 * What is wrong with the view's dates, or null: a start after the end matches nothing, and the API
 * refuses it (400), so the page sends no read for it and says so at the dates.
 */
export function dateRangeError(view: AuditLogView): string | null {
  return view.from !== undefined && view.to !== undefined && view.from > view.to
    ? 'The start date is after the end date.'
    : null;
}

/** Why an export of this view cannot be made, or null when it can (api-rules §8: 180 days). */
export function exportBlocker(view: AuditLogView, now: Date): string | null {
  const rangeError = dateRangeError(view);
  if (rangeError) return rangeError;
  const filters = auditFilters(view);
  const after = filters.created_after ? new Date(filters.created_after) : undefined;
  const before = filters.created_before ? new Date(filters.created_before) : undefined;
  const days = exportRangeDays(after, before, now);
  if (days > auditExportMaxDays) {
    return `An export covers at most ${auditExportMaxDays} days; this range is ${Math.ceil(days)} days. Narrow the dates to export.`;
  }
  return null;
}

/**
 * A read this recent is this visit's own: the page's mount and the route's prefetch (which may
 * run before or after it) do not ask again within it.
 */
export const thisVisitMs = 5_000;
