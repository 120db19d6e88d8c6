import { z } from 'zod/mini';
import { problemEndpoint } from './endpoint';
import { repeatedQueryValueSchema } from './labels';

/** Audit log records (api-rules §4.8, api-reference-notes §12). */

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

/**
 * Resource types the reference lists (api-reference-notes §12): filter-options offers them all, and
 * adds the other types the account's rows have.
 */
export const auditReferenceResourceTypes = [
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

/** Every resource type a row can have: the reference's and those the sandbox records besides. */
export const auditResourceTypes = [
  ...auditReferenceResourceTypes,
  'ip_address',
  'kubernetes_cluster',
  'kubernetes_node',
  'kubernetes_node_group',
  'network',
  'network_interface',
  'network_peering',
  'router',
  'tag',
] as const;
export type AuditResourceType = (typeof auditResourceTypes)[number];

/** `limit` of the list: 1–200, default 50 (api-reference-notes §1.6). */
export const auditLogMaxLimit = 200;
export const auditLogDefaultLimit = 50;
/** An export covers at most this many days (api-rules §8). */
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

/** A query value: text, or several texts where the key repeats (at most 32). */
const queryValue = repeatedQueryValueSchema;
/** A single-valued parameter given more than once counts with its last value. */
const lastValue = z.pipe(
  queryValue,
  z.transform((value) => (Array.isArray(value) ? value.at(-1)! : value)),
);

/** Lists arrive repeated (`actions=a&actions=b`, the OpenAPI default) or comma-separated. */
const nameList = z.pipe(
  z.pipe(
    queryValue,
    z.transform((value) =>
      [value]
        .flat()
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ),
  z.array(
    z
      .string()
      .check(z.regex(/^[a-z0-9_-]{1,64}$/, 'Use lowercase names such as create or server.')),
  ),
);

/** An RFC 3339 time or a date (its midnight, UTC). */
const timestamp = z.pipe(
  lastValue,
  z.pipe(
    z.union([z.iso.datetime({ offset: true }), z.iso.date()]),
    z.transform((text) => new Date(text)),
  ),
);

const wholeNumber = z.pipe(lastValue, z.transform(Number));

/**
 * The list and export filters (api-reference-notes §12): lists match any of their values, the filters all
 * must match; `created_after` and `created_before` are inclusive bounds.
 */
export const auditLogFilterQuerySchema = z.object({
  q: z.optional(z.pipe(lastValue, z.string().check(z.trim(), z.minLength(1), z.maxLength(255)))),
  actions: z.optional(nameList),
  origins: z.optional(
    nameList.check(
      z.refine(
        (values) => values.every((value) => (auditOrigins as readonly string[]).includes(value)),
        `Origins are ${auditOrigins.join(', ')}.`,
      ),
    ),
  ),
  resource_types: z.optional(nameList),
  created_after: z.optional(timestamp),
  created_before: z.optional(timestamp),
});

/** `GET /1.3/audit-logs`: the filters and a page. */
export const auditLogListQuerySchema = z.extend(auditLogFilterQuerySchema, {
  limit: z._default(
    z.pipe(wholeNumber, z.int().check(z.minimum(1), z.maximum(auditLogMaxLimit))),
    auditLogDefaultLimit,
  ),
  offset: z._default(z.pipe(wholeNumber, z.int().check(z.minimum(0))), 0),
});

/** `GET /1.3/audit-logs/export`: the filters and the file's format. */
export const auditLogExportQuerySchema = z.extend(auditLogFilterQuerySchema, {
  format: z._default(z.pipe(lastValue, z.enum(auditExportFormats)), 'csv'),
});

type FilterValues = z.output<typeof auditLogFilterQuerySchema>;
/** The filters as a client gives them: the lists as arrays, the times as RFC 3339 text. */
export type AuditLogFilters = {
  [K in keyof FilterValues]?: Exclude<FilterValues[K], undefined> extends Date
    ? string
    : Exclude<FilterValues[K], undefined>;
};

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

/** Audit logs (api-rules §4.8; api-reference-notes §12): RFC 7807 answers on failure. */
export const auditLogEndpoints = {
  list: problemEndpoint('GET /audit-logs', auditLogListResponseSchema, [400], {
    query: auditLogListQuerySchema,
  }),
  filterOptions: problemEndpoint('GET /audit-logs/filter-options', auditFilterOptionsSchema),
  /** The file, CSV or JSON by `format` whatever Accept asks; JSON is the list's body. */
  export: problemEndpoint('GET /audit-logs/export', auditLogListResponseSchema, [400], {
    query: auditLogExportQuerySchema,
    formats: ['csv'],
  }),
  get: problemEndpoint('GET /audit-logs/:cloudEventId', auditLogSchema, [400, 403, 404]),
};
