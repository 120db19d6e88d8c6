import { z } from 'zod/mini';

/** Audit log records (spec §4.8, reference §12). */

/** cloud_event_id: a ULID, 26 characters of Crockford base32. */
export const cloudEventIdPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const auditOrigins = ['api', 'gui', 'upcloud_internal'] as const;
export type AuditOrigin = (typeof auditOrigins)[number];

/** Actions the reference lists (§12); the sandbox records a subset of them. */
export const auditActions = [
  'create',
  'read',
  'update',
  'delete',
  'access-granted',
  'access-granted-kubeconfig',
  'access-modified',
  'access-update',
  'maintenance-start',
  'writes-enable',
  'attach',
  'clone',
  'detach',
  'login',
  'logout',
  'start',
  'stop',
  'owner-change',
] as const;

/** Resource types the reference lists (§12); rows of other types appear in filter-options too. */
export const auditResourceTypes = [
  'account',
  'auth',
  'init-script',
  'managed-database',
  'managed-loadbalancer',
  'managed-loadbalancer-certificate-bundle',
  'managed-object-storage',
  'network-gateway',
  'server',
  'storage',
  'uks',
  'ssh-key',
] as const;

/** `limit` of the list: 1–200, default 50 (reference §1.6). */
export const auditLogMaxLimit = 200;
export const auditLogDefaultLimit = 50;
/** An export covers at most this many days (spec §8). */
export const auditExportMaxDays = 180;
export const auditExportFormats = ['csv', 'json'] as const;
export type AuditExportFormat = (typeof auditExportFormats)[number];

const stateSchema = z.record(z.string(), z.unknown());

export const auditLogSchema = z.object({
  time: z.string(),
  cloud_event_id: z.string().check(z.regex(cloudEventIdPattern)),
  upcloud_correlation_id: z.string(),
  auth_type: z.string(),
  account_username: z.string(),
  resource_type: z.string(),
  action: z.string(),
  origin: z.string(),
  resource_sub_type: z.optional(z.string()),
  ip_address: z.optional(z.string()),
  resource_id: z.optional(z.string()),
  current_state: z.optional(stateSchema),
  previous_state: z.optional(stateSchema),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditLogListResponseSchema = z.object({ audit_logs: z.array(auditLogSchema) });
export type AuditLogListResponse = z.infer<typeof auditLogListResponseSchema>;

export const auditFilterOptionsSchema = z.object({
  resource_types: z.array(z.string()),
  actions: z.array(z.string()),
  origins: z.array(z.string()),
});
export type AuditFilterOptions = z.infer<typeof auditFilterOptionsSchema>;

/** Columns of the CSV export, in order: the row fields, states as JSON text. */
export const auditCsvColumns = [
  'time',
  'cloud_event_id',
  'upcloud_correlation_id',
  'account_username',
  'ip_address',
  'origin',
  'auth_type',
  'action',
  'resource_type',
  'resource_sub_type',
  'resource_id',
  'previous_state',
  'current_state',
] as const satisfies readonly (keyof AuditLog)[];

/** The list and export filters; arrays match any of their values, the others all must match. */
export interface AuditLogFilters {
  q?: string;
  actions?: string[];
  origins?: string[];
  resource_types?: string[];
  /** ISO 8601 timestamps, both inclusive. */
  created_after?: string;
  created_before?: string;
}

const dayMs = 24 * 3600 * 1000;

/**
 * Whether an export of [after, before] stays within the 180-day limit; the same rule in the
 * sandbox (400 beyond it) and the panel (export disabled beyond it). A missing end is now; a
 * missing start means the last 180 days.
 */
export function exportRangeDays(after: Date | undefined, before: Date | undefined, now: Date) {
  const end = before ?? now;
  const start = after ?? new Date(end.getTime() - auditExportMaxDays * dayMs);
  return (end.getTime() - start.getTime()) / dayMs;
}
