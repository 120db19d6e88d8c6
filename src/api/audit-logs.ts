import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  auditFilterOptionsSchema,
  auditLogDefaultLimit,
  auditLogListResponseSchema,
  auditLogSchema,
} from '../../contract/audit-log';
import type { AuditExportFormat, AuditLog, AuditLogFilters } from '../../contract/audit-log';
import { ApiError, request } from './http';

const auditPath = '/1.3/audit-logs';

/** One page of the audit log; every field maps onto the query of reference §12. */
export interface AuditLogParams extends AuditLogFilters {
  limit?: number;
  offset?: number;
}

export interface AuditLogPage {
  rows: AuditLog[];
  /** Service-Total-Count: every row the filters match, whatever the page. */
  total: number;
}

function filterQuery(filters: AuditLogFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  for (const action of filters.actions ?? []) query.append('actions', action);
  for (const origin of filters.origins ?? []) query.append('origins', origin);
  for (const type of filters.resource_types ?? []) query.append('resource_types', type);
  if (filters.created_after) query.set('created_after', filters.created_after);
  if (filters.created_before) query.set('created_before', filters.created_before);
  return query;
}

export async function listAuditLogs(
  params: AuditLogParams,
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  const query = filterQuery(params);
  query.set('limit', String(params.limit ?? auditLogDefaultLimit));
  query.set('offset', String(params.offset ?? 0));
  let total: number | null = null;
  const response = await request(`${auditPath}?${query}`, auditLogListResponseSchema, {
    signal,
    onResponse: (raw) => {
      const header = raw.headers.get('Service-Total-Count');
      total = header === null || header.trim() === '' ? null : Number(header);
    },
  });
  // Without the count the pages cannot be numbered; an upstream that drops it is a broken one.
  if (total === null || !Number.isInteger(total)) {
    throw new ApiError(
      200,
      'RESPONSE_INVALID',
      'The API answered the audit log without its Service-Total-Count header.',
    );
  }
  return { rows: response.audit_logs, total };
}

export const getAuditLog = (cloudEventId: string, signal?: AbortSignal) =>
  request(`${auditPath}/${encodeURIComponent(cloudEventId)}`, auditLogSchema, { signal });

export const getAuditFilterOptions = (signal?: AbortSignal) =>
  request(`${auditPath}/filter-options`, auditFilterOptionsSchema, { signal });

export interface AuditExport {
  blob: Blob;
  filename: string;
}

/** The export as a file; the API refuses ranges over 180 days with a 400 the caller shows. */
export async function exportAuditLogs(
  filters: AuditLogFilters,
  format: AuditExportFormat,
): Promise<AuditExport> {
  const query = filterQuery(filters);
  query.set('format', format);
  let raw: Response | null = null;
  await request(`${auditPath}/export?${query}`, null, {
    onResponse: (response) => {
      raw = response;
    },
  });
  const response = raw as Response | null;
  if (!response) throw new ApiError(0, 'RESPONSE_INVALID', 'The export answered no file.');
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `audit-logs.${format}`;
  return { blob: await response.blob(), filename };
}

export const auditLogQueries = {
  all: () => ['audit-logs'] as const,
  lists: () => [...auditLogQueries.all(), 'list'] as const,
  // A log is read for what just happened: every visit asks again.
  list: (params: AuditLogParams) =>
    queryOptions({
      queryKey: [...auditLogQueries.lists(), params],
      queryFn: ({ signal }) => listAuditLogs(params, signal),
      staleTime: 0,
    }),
  detail: (cloudEventId: string) =>
    queryOptions({
      queryKey: [...auditLogQueries.all(), 'detail', cloudEventId],
      queryFn: ({ signal }) => getAuditLog(cloudEventId, signal),
      // An event never changes once written.
      staleTime: Infinity,
    }),
  filterOptions: () =>
    queryOptions({
      queryKey: [...auditLogQueries.all(), 'filter-options'],
      queryFn: ({ signal }) => getAuditFilterOptions(signal),
      staleTime: 5 * 60_000,
    }),
};

export function useExportAuditLogs() {
  return useMutation({
    mutationFn: ({ filters, format }: { filters: AuditLogFilters; format: AuditExportFormat }) =>
      exportAuditLogs(filters, format),
  });
}
