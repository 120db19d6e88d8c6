import { z } from 'zod/mini';
import { mayOmit } from './answer-fields';
import { endpoint, endpointsAnswering } from './endpoint';
import {
  labelSchema,
  plainText,
  problemCheck,
  timezoneSchema,
  uuidSchema,
  wrappedList,
  yesNoSchema,
  zoneIdSchema,
} from './common';
import { ipAddressTextSchema } from './ip';
import { isWebUrl, sshKeyProblem } from './server-setup';
import { labelListSchema, labelQuerySchema, storageLabelSchema } from './labels';
import { listSearchQuerySchema, queryWholeNumberSchema } from './list-query';
import {
  backupDeletionPolicies,
  backupRuleSchema,
  deviceAddressPattern,
  storageSizeSchema,
  storageTierSchema,
  storageTitleSchema,
} from './storage';

/** Server states (api-reference-notes §2.5); `maintenance` while starting, stopping or being created. */
export const serverStateSchema = z.enum(['started', 'stopped', 'maintenance', 'error']);
export type ServerState = z.infer<typeof serverStateSchema>;

/** Servers wrap their label and tag lists, unlike storages (api-reference-notes §1.3). */
export const serverLabelsSchema = z.object({ label: z.array(labelSchema) });
const serverLabelsRequestSchema = z.object({ label: labelListSchema(labelSchema) });
export const serverTagsSchema = z.object({ tag: z.array(z.string()) });

/** Tag names of the classic tag API (api-reference-notes §16). */
export const tagNameSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_]{1,32}$/, 'Letters, digits and underscores, at most 32.'));

export const serverStorageDeviceSchema = z.object({
  address: z.string(),
  boot_disk: z.enum(['0', '1']),
  /** The storage's labels, with the API's own `_` keys (api-rules §2.8.4). */
  labels: mayOmit(z.array(labelSchema)),
  storage: z.string(),
  storage_size: z.int(),
  storage_tier: z.optional(storageTierSchema),
  storage_title: z.string(),
  storage_encrypted: z.optional(yesNoSchema),
  type: z.enum(['disk', 'cdrom']),
  part_of_plan: z.optional(z.literal('yes')),
});
export type ServerStorageDevice = z.infer<typeof serverStorageDeviceSchema>;

export const serverIpAddressSchema = z.object({
  access: z.enum(['public', 'utility', 'private']),
  address: z.string(),
  family: z.enum(['IPv4', 'IPv6']),
});

export const serverInterfaceSchema = z.object({
  index: z.int(),
  type: z.enum(['public', 'utility', 'private']),
  network: uuidSchema,
  mac: z.string(),
  source_ip_filtering: yesNoSchema,
  bootable: yesNoSchema,
  ip_addresses: z.object({
    ip_address: z.array(
      z.object({
        address: z.string(),
        family: z.enum(['IPv4', 'IPv6']),
        floating: yesNoSchema,
        dhcp_provided: z.optional(yesNoSchema),
        release_policy: z.optional(z.enum(['release', 'keep'])),
      }),
    ),
  }),
});
export type ServerInterface = z.infer<typeof serverInterfaceSchema>;

/** Numbers rendered as strings in JSON (api-rules §2.6). */
const numericString = z.string().check(z.regex(/^\d+$/));

export const serverSortFields = [
  'created',
  'title',
  'hostname',
  'zone',
  'state',
  'plan',
  'core_number',
  'memory_amount',
] as const;
export type ServerSortField = (typeof serverSortFields)[number];

/**
 * Query of `GET /1.3/server` (api-reference-notes §1.6). Without `limit` every server is listed, as the
 * long-standing API does; with it, at most 1,000 a page.
 */
export const serverListQuerySchema = z.object({
  label: labelQuerySchema,
  search: listSearchQuerySchema,
  state: z.optional(serverStateSchema),
  zone: z.optional(zoneIdSchema),
  tag: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  sort_by: z.optional(z.enum(serverSortFields)),
  order_by: z.optional(z.enum(['asc', 'desc'])),
  limit: z.optional(queryWholeNumberSchema.check(z.minimum(1), z.maximum(1000))),
  offset: z.optional(queryWholeNumberSchema.check(z.minimum(0))),
});
export type ServerListQuery = z.input<typeof serverListQuerySchema>;

export const serverSummarySchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  hostname: z.string(),
  zone: zoneIdSchema,
  plan: z.string(),
  core_number: numericString,
  memory_amount: numericString,
  license: z.number(),
  plan_ipv4_bytes: z.optional(numericString),
  plan_ipv6_bytes: z.optional(numericString),
  state: serverStateSchema,
  tags: serverTagsSchema,
  labels: serverLabelsSchema,
  created: z.int(),
  /** Absent while the server is stopped. */
  host: mayOmit(z.int()),
  simple_backup: z.string(),
  server_group: mayOmit(z.nullable(z.string())),
  progress: z.optional(numericString),
});
export type ServerSummary = z.infer<typeof serverSummarySchema>;

export const serverDetailsSchema = z.extend(serverSummarySchema, {
  boot_order: z.string(),
  firewall: z.enum(['on', 'off']),
  metadata: yesNoSchema,
  nic_model: z.enum(['virtio', 'e1000', 'rtl8139']),
  video_model: z.enum(['vga', 'cirrus']),
  timezone: z.string(),
  remote_access_enabled: yesNoSchema,
  remote_access_type: z.enum(['vnc', 'spice']),
  /** Sent even with remote access off (UpCloud's Go SDK recordings). */
  remote_access_password: z.optional(z.string()),
  /** With remote access on: where the console listens; the port is a string. */
  remote_access_host: z.optional(z.string()),
  remote_access_port: z.optional(numericString),
  /** Other devices of the server; the sandbox has none (`{"device":[]}`). */
  devices: z.optional(z.object({ device: z.array(z.object({})) })),
  /** Create answer only: the root user and its one-time password, shown once. */
  username: z.optional(z.string()),
  password: z.optional(z.string()),
  storage_devices: z.object({ storage_device: z.array(serverStorageDeviceSchema) }),
  ip_addresses: z.object({ ip_address: z.array(serverIpAddressSchema) }),
  networking: z.object({ interfaces: z.object({ interface: z.array(serverInterfaceSchema) }) }),
});
export type ServerDetails = z.infer<typeof serverDetailsSchema>;

export const serverListResponseSchema = wrappedList('servers', 'server', serverSummarySchema);
export const serverResponseSchema = z.object({ server: serverDetailsSchema });

/**
 * The first label may be longer than DNS's 63 characters: the real service accepted a 64-character
 * one (UpCloud's Go SDK recordings); the other labels keep the DNS limit.
 */
export const hostnameSchema = z
  .string()
  .check(
    z.minLength(1, 'Give a hostname.'),
    z.maxLength(128, 'At most 128 characters.'),
    z.regex(
      /^(?=.{1,128}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
      'Letters, digits, hyphens and dots, such as web-1.example.com.',
    ),
  );

const serverTitleSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(255, 'At most 255 characters.'), plainText());

/** `disk`, `cdrom` and `network`, each at most once, comma-separated in boot order. */
const bootOrderSchema = z.string().check(
  z.regex(
    /^(disk|cdrom|network)(,(disk|cdrom|network)){0,2}$/,
    'disk, cdrom or network, or a comma-separated order of them such as cdrom,disk.',
  ),
  z.refine((order) => new Set(order.split(',')).size === order.split(',').length, {
    message: 'Name each boot device once.',
  }),
);

/** `no`, or `HHMM,plan`: the daily backup time and how many are kept (dailies, weeklies…). */
const simpleBackupSchema = z
  .string()
  .check(
    z.regex(
      /^(no|([01]\d|2[0-3])[0-5]\d,(daily|dailies|weeklies|monthlies))$/,
      'no, or a time and a plan such as 0430,dailies.',
    ),
  );

const remoteAccessPasswordSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(64, 'At most 64 characters.'), plainText());

/** A plan name such as 1xCPU-1GB or custom. */
const planNameSchema = z
  .string()
  .check(z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'A plan name such as 1xCPU-1GB.'));

const sshKeySchema = z.string().check(z.maxLength(16_384), problemCheck(sshKeyProblem));

/** A setup script, or the http(s) URL the server fetches it from (`upctl server create --user-data`). */
const userDataSchema = z.string().check(
  z.maxLength(65_536, 'At most 64 KiB.'),
  z.refine((text) => !/^[A-Za-z][A-Za-z0-9+.-]*:\/\/\S*$/.test(text) || isWebUrl(text), {
    message: 'A script, or a URL that starts with http:// or https://.',
  }),
);

/** Integers or numeric strings: clients send both for cores and memory (api-reference-notes §1.2). */
const countSchema = z.pipe(
  z.union([z.int(), z.string().check(z.regex(/^\d+$/))]),
  z.transform((value) => Number(value)),
);

export const serverStorageDeviceRequestSchema = z.strictObject({
  action: z.enum(['create', 'clone', 'attach']),
  storage: z.optional(uuidSchema),
  title: z.optional(storageTitleSchema),
  size: z.optional(storageSizeSchema),
  tier: z.optional(storageTierSchema),
  address: z.optional(z.string().check(z.regex(deviceAddressPattern, 'Not a device address.'))),
  type: z.optional(z.enum(['disk', 'cdrom'])),
  encrypted: z.optional(yesNoSchema),
  labels: z.optional(labelListSchema(storageLabelSchema)),
  backup_rule: z.optional(backupRuleSchema),
});
export type ServerStorageDeviceRequest = z.input<typeof serverStorageDeviceRequestSchema>;

/** One interface of a new server (api-reference-notes §2.3); `network` is needed for a private one. */
export const serverInterfaceRequestSchema = z.strictObject({
  type: z.enum(['public', 'utility', 'private']),
  index: z.optional(z.int().check(z.minimum(1), z.maximum(255))),
  network: z.optional(uuidSchema),
  ip_addresses: z.optional(
    z.strictObject({
      ip_address: z
        .array(
          z.strictObject({
            family: z.optional(z.enum(['IPv4', 'IPv6'])),
            address: z.optional(ipAddressTextSchema),
          }),
        )
        .check(z.maxLength(1, 'One address per interface.')),
    }),
  ),
  source_ip_filtering: z.optional(yesNoSchema),
  bootable: z.optional(yesNoSchema),
});
export type ServerInterfaceRequest = z.input<typeof serverInterfaceRequestSchema>;

/** Settings a server is created with and that a modify changes alike. */
const serverSettings = {
  metadata: z.optional(yesNoSchema),
  timezone: z.optional(timezoneSchema),
  boot_order: z.optional(bootOrderSchema),
  firewall: z.optional(z.enum(['on', 'off'])),
  nic_model: z.optional(z.enum(['virtio', 'e1000', 'rtl8139'])),
  video_model: z.optional(z.enum(['vga', 'cirrus'])),
};

export const createServerRequestSchema = z.strictObject({
  server: z.strictObject({
    zone: zoneIdSchema,
    title: serverTitleSchema,
    hostname: hostnameSchema,
    plan: z.optional(planNameSchema),
    core_number: z.optional(countSchema.check(z.minimum(1), z.maximum(128))),
    memory_amount: z.optional(countSchema.check(z.minimum(512), z.maximum(1_048_576))),
    storage_devices: z.strictObject({
      storage_device: z
        .array(serverStorageDeviceRequestSchema)
        .check(z.minLength(1), z.maxLength(16)),
    }),
    /** Left out: a utility and a public IPv4 interface (api-reference-notes §2.2). */
    networking: z.optional(
      z.strictObject({
        interfaces: z.strictObject({
          interface: z.array(serverInterfaceRequestSchema).check(z.minLength(1), z.maxLength(8)),
        }),
      }),
    ),
    labels: z.optional(serverLabelsRequestSchema),
    /** A sandbox convenience; the real service tags servers with POST /server/{uuid}/tag/{tags}. */
    tags: z.optional(z.strictObject({ tag: z.array(tagNameSchema) })),
    ...serverSettings,
    password_delivery: z.optional(z.enum(['none', 'email', 'sms'])),
    /** A host of the account's private cloud (UpCloud's Go SDK, CreateServerRequest.Host). */
    host: z.optional(z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))),
    login_user: z.optional(
      z.strictObject({
        username: z.optional(
          z.string().check(z.regex(/^[a-z_][a-z0-9_-]{0,31}$/, 'A Linux user name such as admin.')),
        ),
        create_password: z.optional(yesNoSchema),
        ssh_keys: z.optional(
          z.strictObject({ ssh_key: z.array(sshKeySchema).check(z.maxLength(32)) }),
        ),
      }),
    ),
    user_data: z.optional(userDataSchema),
    simple_backup: z.optional(simpleBackupSchema),
    remote_access_enabled: z.optional(yesNoSchema),
    remote_access_type: z.optional(z.enum(['vnc', 'spice'])),
    remote_access_password: z.optional(remoteAccessPasswordSchema),
    /** The server group it joins (api-reference-notes §16.1). */
    server_group: z.optional(uuidSchema),
  }),
});
export type CreateServerRequest = z.input<typeof createServerRequestSchema>;

export const modifyServerRequestSchema = z.strictObject({
  server: z.strictObject({
    title: z.optional(serverTitleSchema),
    hostname: z.optional(hostnameSchema),
    labels: z.optional(serverLabelsRequestSchema),
    plan: z.optional(planNameSchema),
    core_number: z.optional(countSchema.check(z.minimum(1), z.maximum(128))),
    memory_amount: z.optional(countSchema.check(z.minimum(512), z.maximum(1_048_576))),
    ...serverSettings,
    simple_backup: z.optional(simpleBackupSchema),
    remote_access_enabled: z.optional(yesNoSchema),
    remote_access_type: z.optional(z.enum(['vnc', 'spice'])),
    remote_access_password: z.optional(remoteAccessPasswordSchema),
  }),
});
export type ModifyServerRequest = z.input<typeof modifyServerRequestSchema>;

const stopType = z.optional(z.enum(['soft', 'hard']));
/**
 * Seconds to wait for a soft stop before a hard one. Bounded by the sandbox: 1–3600 (upctl sends
 * 900 with a hard stop; UpCloud's own bound is not published).
 */
const timeout = z.optional(
  z.union([z.int(), z.string().check(z.regex(/^\d+$/))]).check(
    z.refine((value) => Number(value) >= 1 && Number(value) <= 3600, {
      message: 'Wait 1 to 3600 seconds.',
    }),
  ),
);

/** `POST /1.3/server/{uuid}/relocate`: the zone to move to. */
export const relocateServerRequestSchema = z.strictObject({ zone: zoneIdSchema });

/**
 * `POST /1.3/server/{uuid}/rebuild` (api-reference-notes §2.8): the template the OS disk is cloned from
 * again, and optionally a larger size for the new disk.
 */
export const rebuildServerRequestSchema = z.strictObject({
  storage_device: z.strictObject({
    storage: uuidSchema,
    size: z.optional(storageSizeSchema),
  }),
});
export type RebuildServerRequest = z.input<typeof rebuildServerRequestSchema>;

export const stopServerRequestSchema = z.strictObject({
  stop_server: z.strictObject({ stop_type: stopType, timeout }),
});
export const restartServerRequestSchema = z.strictObject({
  restart_server: z.strictObject({
    stop_type: stopType,
    timeout,
    timeout_action: z.optional(z.enum(['destroy', 'ignore'])),
  }),
});
export const startServerRequestSchema = z.strictObject({
  server: z.optional(
    z.strictObject({
      host: z.optional(z.int()),
      avoid_host: z.optional(z.int()),
      start_type: z.optional(z.enum(['sync', 'async'])),
    }),
  ),
});

export const serverEventTypes = [
  'server_create',
  'server_error',
  'server_modify',
  'server_shutdown',
  'server_start',
  'server_start_init',
  'server_stop',
  'server_storage_attach',
  'server_storage_detach',
] as const;

/** Events of a server (api-reference-notes §13), newest first. */
export const serverEventSchema = z.object({
  server: uuidSchema,
  time: z.string(),
  type: z.enum(serverEventTypes),
  email: z.optional(z.string()),
  first_name: z.optional(z.string()),
  last_name: z.optional(z.string()),
});
export type ServerEvent = z.infer<typeof serverEventSchema>;
export const serverEventListResponseSchema = wrappedList('events', 'event', serverEventSchema);

/** `0`/`1`, as a string or (some clients) a number. */
const bootDiskSchema = z.pipe(
  z.union([z.enum(['0', '1']), z.literal(0), z.literal(1)]),
  z.transform((value) => String(value) as '0' | '1'),
);

/**
 * Classic server-centric attach (api-reference-notes §2.1, §3.1): `POST /1.3/server/{uuid}/storage/attach`.
 * `storage` may be left out only for an empty CD-ROM device (api-reference-notes §3.3).
 */
export const serverAttachStorageRequestSchema = z.strictObject({
  storage_device: z.strictObject({
    storage: z.optional(uuidSchema),
    address: z.optional(z.string().check(z.regex(deviceAddressPattern, 'Not a device address.'))),
    type: z.optional(z.enum(['disk', 'cdrom'])),
    boot_disk: z.optional(bootDiskSchema),
  }),
});
export type ServerAttachStorageRequest = z.input<typeof serverAttachStorageRequestSchema>;

/** A device's full address: `virtio:N`, `scsi:0:N` or `ide:C:U` (no bare bus). */
export const fullDeviceAddressPattern =
  /^virtio:([0-9]|1[0-5])$|^scsi:0:([0-9]|1[0-5])$|^ide:[01]:[01]$/;

/** Classic detach: the device `address`, or the `storage` UUID it holds (api-reference-notes §2.1). */
export const serverDetachStorageRequestSchema = z.strictObject({
  storage_device: z.strictObject({
    address: z.optional(
      z.string().check(z.regex(fullDeviceAddressPattern, 'Not a device address.')),
    ),
    storage: z.optional(uuidSchema),
  }),
});
export type ServerDetachStorageRequest = z.input<typeof serverDetachStorageRequestSchema>;

/** `POST /1.3/server/{uuid}/cdrom/load` (api-reference-notes §2.1). */
export const cdromLoadRequestSchema = z.strictObject({
  storage_device: z.strictObject({ storage: uuidSchema }),
});
export type CdromLoadRequest = z.input<typeof cdromLoadRequestSchema>;

/** `GET /1.3/server/{uuid}/networking` (api-reference-notes §5.1). */
export const serverNetworkingResponseSchema = z.object({
  networking: z.object({ interfaces: z.object({ interface: z.array(serverInterfaceSchema) }) }),
});
export const serverInterfaceResponseSchema = z.object({ interface: serverInterfaceSchema });

/** `GET /1.3/timezone` (api-reference-notes §14). */
export const timezoneListResponseSchema = z.object({
  timezones: z.object({ timezone: z.array(z.string()) }),
});

/** `GET /1.3/server_size` (api-reference-notes §2.1): cores and memory as strings. */
export const serverSizeListResponseSchema = z.object({
  server_sizes: z.object({
    server_size: z.array(z.object({ core_number: numericString, memory_amount: numericString })),
  }),
});

/** What becomes of the backups of the storages a server deletion deletes (api-reference-notes §2.1). */
export const serverBackupPolicySchema = z.enum(backupDeletionPolicies);
export type ServerBackupPolicy = z.infer<typeof serverBackupPolicySchema>;

/**
 * Query of `DELETE /1.3/server/{uuid}` (api-reference-notes §2.1): `storages=1` (or `true`) deletes the
 * attached storages too, their backups as `backups` says (`keep` unless said).
 */
export const serverDeleteQuerySchema = z.object({
  storages: z.optional(
    z.pipe(
      z.enum(['0', '1', 'true', 'false']),
      z.transform((value) => value === '1' || value === 'true'),
    ),
  ),
  backups: z.optional(serverBackupPolicySchema),
});
export type ServerDeleteQuery = z.input<typeof serverDeleteQuerySchema>;

/** A server operation that answers the server, with the failures these operations share. */
const serverAction = endpointsAnswering(serverResponseSchema, [400, 403, 404, 409]);

/** Servers (api-reference-notes §2.1), their classic storage and CD-ROM operations and interfaces (§5.1). */
export const serverEndpoints = {
  list: endpoint('GET /server', serverListResponseSchema, [400], { query: serverListQuerySchema }),
  create: endpoint('POST /server', serverResponseSchema, [400, 402, 403, 404, 409], {
    body: createServerRequestSchema,
    status: 202,
  }),
  get: endpoint('GET /server/:uuid', serverResponseSchema, [400, 403, 404]),
  modify: endpoint('PUT /server/:uuid', serverResponseSchema, [400, 403, 404, 409], {
    body: modifyServerRequestSchema,
    status: 202,
  }),
  delete: endpoint('DELETE /server/:uuid', null, [400, 403, 404, 409], {
    query: serverDeleteQuerySchema,
  }),
  /** Classic tagging: comma-separated tag names in the path (api-reference-notes §2.1). */
  tag: endpoint('POST /server/:uuid/tag/:tags', serverResponseSchema, [400, 403, 404]),
  untag: endpoint('POST /server/:uuid/untag/:tags', serverResponseSchema, [400, 403, 404]),
  /** The body may be left out: `{"server":{}}` is the same start. */
  start: endpoint('POST /server/:uuid/start', serverResponseSchema, [400, 402, 403, 404, 409], {
    body: startServerRequestSchema,
  }),
  /**
   * Moves a stopped server and its disks to another zone (UpCloud's Go SDK, RelocateServerRequest;
   * `upctl server relocate`): it is in maintenance while its disks move.
   */
  relocate: serverAction('POST /server/:uuid/relocate', { body: relocateServerRequestSchema }),
  /** Replaces a stopped server's OS disk with a fresh clone of a public template (§2.8). */
  rebuild: serverAction('POST /server/:uuid/rebuild', { body: rebuildServerRequestSchema }),
  /** The body may be left out: a soft stop. */
  stop: serverAction('POST /server/:uuid/stop', { body: stopServerRequestSchema }),
  /** The body may be left out: a soft restart. */
  restart: serverAction('POST /server/:uuid/restart', { body: restartServerRequestSchema }),
  attachStorage: serverAction('POST /server/:uuid/storage/attach', {
    body: serverAttachStorageRequestSchema,
  }),
  detachStorage: serverAction('POST /server/:uuid/storage/detach', {
    body: serverDetachStorageRequestSchema,
  }),
  loadCdrom: serverAction('POST /server/:uuid/cdrom/load', { body: cdromLoadRequestSchema }),
  ejectCdrom: serverAction('POST /server/:uuid/cdrom/eject'),
  networking: endpoint(
    'GET /server/:uuid/networking',
    serverNetworkingResponseSchema,
    [400, 403, 404],
  ),
  interface: endpoint(
    'GET /server/:uuid/networking/interface/:index',
    serverInterfaceResponseSchema,
    [400, 403, 404],
  ),
  /** `GET /1.3/events/{server}/{offset},{count}` (api-reference-notes §13), newest first. */
  events: endpoint(
    'GET /events/:uuid/:offset,:count',
    serverEventListResponseSchema,
    [400, 403, 404],
  ),
};
