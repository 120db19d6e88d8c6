import { z } from 'zod/mini';
import { mayOmit } from './answer-fields';
import {
  labelSchema,
  plainText,
  uuidSchema,
  wrappedList,
  yesNoSchema,
  zoneIdSchema,
} from './common';
import { defineEndpoint, endpoint } from './endpoint';
import { labelListSchema, labelQuerySchema, storageLabelSchema } from './labels';
import { listSearchQuerySchema, queryWholeNumberSchema } from './list-query';

export const storageTypes = ['normal', 'cdrom', 'template', 'backup'] as const;
export const storageTypeSchema = z.enum(storageTypes);
export type StorageType = z.infer<typeof storageTypeSchema>;

export const storageAccesses = ['private', 'public'] as const;
export const storageAccessSchema = z.enum(storageAccesses);
export type StorageAccess = z.infer<typeof storageAccessSchema>;

/** `hdd` is the API name of the Archive tier (api-reference-notes §3.2). */
export const storageTierSchema = z.enum(['maxiops', 'standard', 'hdd']);
export type StorageTier = z.infer<typeof storageTierSchema>;

/** States api-rules names (§3) plus `error`; `maintenance` covers clones and templates in progress. */
export const storageStateSchema = z.enum(['online', 'maintenance', 'backuping', 'error']);
export type StorageState = z.infer<typeof storageStateSchema>;

export const storageTitleSchema = z
  .string()
  .check(
    z.minLength(1, 'Give a title.'),
    z.maxLength(255, 'At most 255 characters.'),
    z.regex(/^[^<>]*$/, 'A title may not contain < or >.'),
    plainText(),
  );

/** GiB; the API accepts numbers and numeric strings in requests (api-reference-notes §1.2). */
export const storageSizeSchema = z
  .pipe(
    z.union([z.int(), z.string().check(z.regex(/^\d+$/, 'A whole number of GiB.'))]),
    z.transform((value) => Number(value)),
  )
  .check(z.minimum(1, 'At least 1 GiB.'), z.maximum(4096, 'At most 4096 GiB.'));

export const backupIntervals = ['daily', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** An automatic backup schedule; `{}` means none (api-reference-notes §3.2). */
const backupScheduleSchema = z.strictObject({
  interval: z.enum(backupIntervals),
  time: z.string().check(z.regex(/^([01]\d|2[0-3])[0-5]\d$/, 'A time as HHMM, such as 0430.')),
  retention: z
    .pipe(
      z.union([z.int(), z.string().check(z.regex(/^\d+$/))]),
      z.transform((value) => String(Number(value))),
    )
    .check(
      z.refine((value) => Number(value) >= 1 && Number(value) <= 1095, {
        message: 'Keep backups for 1 to 1095 days.',
      }),
    ),
});
/**
 * A body with any field of a schedule is checked as one, so that its problem is named (a
 * retention of 1.5 days), not reported as attributes an empty rule does not know.
 */
export const backupRuleSchema = z.union([
  backupScheduleSchema,
  // Aborting, so that a body that is not `{}` is reported by the schedule's own checks.
  z.custom<Record<string, never>>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(value).length === 0,
    { abort: true },
  ),
]);
export type BackupRule = z.infer<typeof backupRuleSchema>;

export const storageSummarySchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  type: storageTypeSchema,
  access: storageAccessSchema,
  size: z.int(),
  tier: z.optional(storageTierSchema),
  state: storageStateSchema,
  zone: zoneIdSchema,
  license: z.number(),
  encrypted: z.optional(yesNoSchema),
  /** Answers may carry the API's own `_` keys (api-rules §2.8.4); requests may not. */
  labels: mayOmit(z.array(labelSchema)),
  created: z.optional(z.string()),
  /** Backups only: the storage the backup was taken from. */
  origin: z.optional(uuidSchema),
  template_type: z.optional(z.enum(['cloud-init', 'native'])),
  part_of_plan: z.optional(z.literal('yes')),
  /** Percent, as a string, while an operation runs. */
  progress: z.optional(z.string()),
});
export type StorageSummary = z.infer<typeof storageSummarySchema>;

export const storageDetailsSchema = z.extend(storageSummarySchema, {
  servers: z.object({ server: z.array(uuidSchema) }),
  backups: z.optional(z.object({ backup: z.array(uuidSchema) })),
  backup_rule: z.optional(backupRuleSchema),
});
export type StorageDetails = z.infer<typeof storageDetailsSchema>;

export const storageListResponseSchema = wrappedList('storages', 'storage', storageSummarySchema);
export const storageResponseSchema = z.object({ storage: storageDetailsSchema });

export const storageSortFields = [
  'created',
  'size',
  'state',
  'tier',
  'title',
  'type',
  'zone',
] as const;

/** Query of every storage list (api-rules §4.10; api-reference-notes §1.6: limit at most 100). */
export const storageListQuerySchema = z.object({
  label: labelQuerySchema,
  search: listSearchQuerySchema,
  sort_by: z.optional(z.enum(storageSortFields)),
  order_by: z.optional(z.enum(['asc', 'desc'])),
  limit: z.optional(queryWholeNumberSchema.check(z.minimum(1), z.maximum(100))),
  offset: z.optional(queryWholeNumberSchema.check(z.minimum(0))),
});
export type StorageListQuery = z.input<typeof storageListQuerySchema>;
export const defaultStorageLimit = 25;

export const createStorageRequestSchema = z.strictObject({
  storage: z.strictObject({
    zone: zoneIdSchema,
    size: storageSizeSchema,
    title: storageTitleSchema,
    tier: z.optional(storageTierSchema),
    encrypted: z.optional(yesNoSchema),
    labels: z.optional(labelListSchema(storageLabelSchema)),
    backup_rule: z.optional(backupRuleSchema),
  }),
});
export type CreateStorageRequest = z.input<typeof createStorageRequestSchema>;

export const modifyStorageRequestSchema = z.strictObject({
  storage: z.strictObject({
    title: z.optional(storageTitleSchema),
    size: z.optional(storageSizeSchema),
    labels: z.optional(labelListSchema(storageLabelSchema)),
    backup_rule: z.optional(backupRuleSchema),
    filesystem_resize: z.optional(yesNoSchema),
  }),
});
export type ModifyStorageRequest = z.input<typeof modifyStorageRequestSchema>;

/** `virtio:0`–`virtio:15`, `scsi:0:0`–`scsi:0:15`, `ide:0:0`–`ide:1:1`, or a bare bus (api-reference-notes §3.3). */
export const deviceAddressPattern =
  /^(ide|scsi|virtio)$|^virtio:([0-9]|1[0-5])$|^scsi:0:([0-9]|1[0-5])$|^ide:[01]:[01]$/;

export const attachStorageRequestSchema = z.strictObject({
  storage_device: z.strictObject({
    server: uuidSchema,
    address: z.optional(z.string().check(z.regex(deviceAddressPattern, 'Not a device address.'))),
    type: z.optional(z.enum(['disk', 'cdrom'])),
    boot_disk: z.optional(z.enum(['0', '1'])),
  }),
});
export type AttachStorageRequest = z.input<typeof attachStorageRequestSchema>;

export const titleOnlyRequestSchema = z.strictObject({
  storage: z.strictObject({ title: storageTitleSchema }),
});
export type TitleOnlyRequest = z.input<typeof titleOnlyRequestSchema>;

export const cloneStorageRequestSchema = z.strictObject({
  storage: z.strictObject({
    zone: zoneIdSchema,
    title: storageTitleSchema,
    tier: z.optional(storageTierSchema),
    encrypted: z.optional(yesNoSchema),
  }),
});
export type CloneStorageRequest = z.input<typeof cloneStorageRequestSchema>;

export const backupDeletionPolicies = ['keep', 'keep_latest', 'delete'] as const;
/** What deleting a storage does with its backups (api-reference-notes §3.3); `keep` unless said. */
export const backupDeletionPolicySchema = z.enum(backupDeletionPolicies);
export type BackupDeletionPolicy = z.infer<typeof backupDeletionPolicySchema>;

/** Query of `DELETE /storage/{uuid}`. */
export const storageDeleteQuerySchema = z.object({
  backups: z._default(backupDeletionPolicySchema, 'keep'),
});
export type StorageDeleteQuery = z.input<typeof storageDeleteQuerySchema>;

/** Storage devices per server, and storage devices plus network interfaces (api-rules §8). */
export const maxStorageDevicesPerServer = 16;
export const maxDevicesAndInterfacesPerServer = 24;

const storageList = {
  method: 'GET',
  query: storageListQuerySchema,
  response: storageListResponseSchema,
  errors: [400],
} as const;

/**
 * Storage (api-rules §4.10; api-reference-notes §3.1). The lists by type and by access take the place of a
 * storage UUID in the path; the sandbox serves each of their values as a path of its own.
 */
export const storageEndpoints = {
  list: defineEndpoint({ ...storageList, path: '/storage' }),
  /** Public templates and CD-ROMs the account marked; no query (api-reference-notes §3.1). */
  listFavorites: endpoint('GET /storage/favorite', storageListResponseSchema),
  /** `type` ∈ normal, cdrom, template, backup. */
  listOfType: defineEndpoint({ ...storageList, path: '/storage/:type' }),
  /** `access` ∈ private, public. */
  listOfAccess: defineEndpoint({ ...storageList, path: '/storage/:access' }),
  listOfTypeAndAccess: defineEndpoint({ ...storageList, path: '/storage/:type/:access' }),
  /** The same list in the order the Go SDK builds its path. */
  listOfAccessAndType: defineEndpoint({ ...storageList, path: '/storage/:access/:type' }),
  get: endpoint('GET /storage/:uuid', storageResponseSchema, [400, 403, 404]),
  create: endpoint('POST /storage', storageResponseSchema, [400, 402], {
    body: createStorageRequestSchema,
    status: 201,
  }),
  /** 202: the real API answered every recorded modification so (api-reference-notes §3.1). */
  modify: endpoint('PUT /storage/:uuid', storageResponseSchema, [400, 403, 404, 409], {
    body: modifyStorageRequestSchema,
    status: 202,
  }),
  delete: endpoint('DELETE /storage/:uuid', null, [400, 403, 404, 409], {
    query: storageDeleteQuerySchema,
  }),
  attach: endpoint('POST /storage/:uuid/attach', storageResponseSchema, [400, 403, 404, 409], {
    body: attachStorageRequestSchema,
  }),
  /** No body; detaching a detached storage answers it unchanged. */
  detach: endpoint('POST /storage/:uuid/detach', storageResponseSchema, [400, 403, 404, 409]),
  /** Answers the new backup. */
  backup: endpoint('POST /storage/:uuid/backup', storageResponseSchema, [400, 402, 403, 404, 409], {
    body: titleOnlyRequestSchema,
    status: 201,
  }),
  /** Removes the backup, clone or template being made of the storage (or the copy itself). */
  cancel: endpoint('POST /storage/:uuid/cancel', null, [400, 403, 404, 409]),
  /** Answers the new storage. */
  clone: endpoint('POST /storage/:uuid/clone', storageResponseSchema, [400, 402, 403, 404, 409], {
    body: cloneStorageRequestSchema,
    status: 201,
  }),
  /** Answers the new template. */
  templatize: endpoint(
    'POST /storage/:uuid/templatize',
    storageResponseSchema,
    [400, 402, 403, 404, 409],
    { body: titleOnlyRequestSchema, status: 201 },
  ),
  /**
   * Partition and filesystem resize after an enlargement (api-rules §4.10); answers the backup
   * taken first (api-reference-notes §3.1).
   */
  resize: endpoint(
    'POST /storage/:uuid/resize',
    z.object({ resize_backup: storageDetailsSchema }),
    [400, 403, 404, 409],
  ),
  /**
   * Restores a backup into its origin; the sandbox answers 202 with the origin (the real API
   * answers 204 without a body, api-reference-notes §3.1).
   */
  restore: endpoint('POST /storage/:uuid/restore', storageResponseSchema, [400, 403, 404, 409], {
    status: 202,
  }),
  /** Idempotent. */
  favorite: endpoint('POST /storage/:uuid/favorite', null, [400, 403, 404]),
  unfavorite: endpoint('DELETE /storage/:uuid/favorite', null, [400, 403, 404]),
};
