import { auditLogDefaultLimit, auditLogEndpoints } from '../../contract/audit-log';
import type { AuditExportFormat, AuditLog, AuditLogFilters } from '../../contract/audit-log';
import { ApiError, callEndpoint, endpointCall, request } from './http';
import { fetchQuery } from './fetch-query';

/** One page of the audit log; every field maps onto the query of api-reference-notes §12. */
export interface AuditLogParams extends AuditLogFilters {
  limit?: number;
  offset?: number;
}

export interface AuditLogPage {
  rows: AuditLog[];
  /** Service-Total-Count: every row the filters match, whatever the page. */
  total: number;
}

/** The list read (without filters): the API-call view picks the page's reads by its path. */
export const auditLogListCall = endpointCall(auditLogEndpoints.list, {});

export async function listAuditLogs(
  params: AuditLogParams,
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  const query = {
    ...params,
    limit: params.limit ?? auditLogDefaultLimit,
    offset: params.offset ?? 0,
  };
  let total: number | null = null;
  const response = await callEndpoint(
    auditLogEndpoints.list,
    { query },
    {
      signal,
      onResponse: (raw) => {
        const header = raw.headers.get('Service-Total-Count');
        total = header === null || header.trim() === '' ? null : Number(header);
      },
    },
  );
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
  callEndpoint(auditLogEndpoints.get, { params: { cloudEventId } }, { signal });

export const getAuditFilterOptions = (signal?: AbortSignal) =>
  callEndpoint(auditLogEndpoints.filterOptions, {}, { signal });

export interface AuditExport {
  blob: Blob;
  filename: string;
}

/** The export as a file; the API refuses ranges over 180 days with a 400 the caller shows. */
export async function exportAuditLogs(
  filters: AuditLogFilters,
  format: AuditExportFormat,
): Promise<AuditExport> {
  const { path } = endpointCall(auditLogEndpoints.export, { query: { ...filters, format } });
  let raw: Response | null = null;
  // The answer is a file (CSV or JSON), read whole below rather than parsed.
  await request(path, null, {
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
    fetchQuery([...auditLogQueries.lists(), params], (signal) => listAuditLogs(params, signal), {
      staleTime: 0,
    }),
  detail: (cloudEventId: string) =>
    fetchQuery(
      [...auditLogQueries.all(), 'detail', cloudEventId],
      (signal) => getAuditLog(cloudEventId, signal),
      {
        // An event never changes once written.
        staleTime: Infinity,
      },
    ),
  filterOptions: () =>
    fetchQuery([...auditLogQueries.all(), 'filter-options'], getAuditFilterOptions, {
      staleTime: 5 * 60_000,
    }),
};
