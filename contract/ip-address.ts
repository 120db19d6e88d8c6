import { z } from 'zod/mini';
import { mayOmit } from './answer-fields';
import { uuidSchema, wrappedList, yesNoSchema, zoneIdSchema } from './common';
import { endpoint } from './endpoint';
import { ipAddressTextSchema, ipFamilySchema, macAddressSchema } from './ip';

export const ipAccessSchema = z.enum(['public', 'utility', 'private']);
export type IpAccess = z.infer<typeof ipAccessSchema>;

/** `release`: deleted with its server; `keep`: kept as a detached floating address (api-reference-notes §7.1). */
export const releasePolicySchema = z.enum(['release', 'keep']);
export type ReleasePolicy = z.infer<typeof releasePolicySchema>;

/** IP address record (api-reference-notes §7.1); `server` and `mac` are absent while detached. */
export const ipAddressSchema = z.object({
  address: z.string(),
  access: ipAccessSchema,
  family: ipFamilySchema,
  part_of_plan: mayOmit(yesNoSchema),
  ptr_record: z.string(),
  server: z.optional(uuidSchema),
  mac: z.optional(z.string()),
  floating: mayOmit(yesNoSchema),
  zone: zoneIdSchema,
  release_policy: mayOmit(releasePolicySchema),
  /** The network the address belongs to (a sandbox convenience for panels). */
  network: z.optional(uuidSchema),
});
export type IpAddress = z.infer<typeof ipAddressSchema>;

export const ipAddressListResponseSchema = wrappedList(
  'ip_addresses',
  'ip_address',
  ipAddressSchema,
);
export type IpAddressListResponse = z.infer<typeof ipAddressListResponseSchema>;
export const ipAddressResponseSchema = z.object({ ip_address: ipAddressSchema });
export type IpAddressResponse = z.infer<typeof ipAddressResponseSchema>;

/** A reverse DNS name: dot-separated labels of letters, digits and hyphens, at most 253. */
export const ptrRecordSchema = z
  .string()
  .check(
    z.maxLength(253, 'At most 253 characters.'),
    z.regex(
      /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/,
      'A host name, such as www.example.com.',
    ),
  );

/**
 * `POST /1.3/ip_address` (api-reference-notes §7.2): to a server (`server`, by `access`; `mac` picks one
 * of its interfaces), or floating (`floating: yes` with `zone` or the `mac` to bind it to).
 */
export const addIpAddressRequestSchema = z.strictObject({
  ip_address: z.strictObject({
    family: z.optional(ipFamilySchema),
    access: z.optional(ipAccessSchema),
    server: z.optional(uuidSchema),
    floating: z.optional(yesNoSchema),
    mac: z.optional(macAddressSchema),
    zone: z.optional(zoneIdSchema),
    release_policy: z.optional(releasePolicySchema),
    ptr_record: z.optional(ptrRecordSchema),
  }),
});
export type AddIpAddressRequest = z.input<typeof addIpAddressRequestSchema>;

/** What a modify and a replace may set besides `ptr_record`. */
const ipAddressChangeFields = {
  mac: z.optional(z.nullable(macAddressSchema)),
  release_policy: z.optional(releasePolicySchema),
};

/**
 * `PATCH /1.3/ip_address/{address}`: `mac` moves a floating address to that interface,
 * `mac: null` detaches it (api-reference-notes §7.2).
 */
export const modifyIpAddressRequestSchema = z.strictObject({
  ip_address: z.strictObject({ ptr_record: z.optional(ptrRecordSchema), ...ipAddressChangeFields }),
});
export type ModifyIpAddressRequest = z.input<typeof modifyIpAddressRequestSchema>;

/** `PUT /1.3/ip_address/{address}`: `ptr_record` is required here (api-reference-notes §7.2). */
export const replaceIpAddressRequestSchema = z.strictObject({
  ip_address: z.strictObject({ ptr_record: ptrRecordSchema, ...ipAddressChangeFields }),
});
export type ReplaceIpAddressRequest = z.input<typeof replaceIpAddressRequestSchema>;

/** One item of a bulk change: the address and what to change on it. */
export const bulkIpAddressItemSchema = z.strictObject({
  address: ipAddressTextSchema,
  ptr_record: z.optional(ptrRecordSchema),
  release_policy: z.optional(releasePolicySchema),
  mac: z.optional(z.nullable(macAddressSchema)),
  /** OAS fields: the owner, and the subaccount the address is delegated to (null: none). */
  main_account_id: z.optional(z.int()),
  delegated_to_account_id: z.optional(z.nullable(z.int())),
});
export type BulkIpAddressItem = z.input<typeof bulkIpAddressItemSchema>;

/** `PATCH /1.3/ip_address/bulk` → 204; every item applies or none does (api-rules §4.5). */
export const bulkModifyIpAddressRequestSchema = z.strictObject({
  ip_addresses: z
    .array(bulkIpAddressItemSchema)
    .check(
      z.minLength(1, 'Give at least one address.'),
      z.maxLength(100, 'At most 100 addresses.'),
    ),
});
export type BulkModifyIpAddressRequest = z.input<typeof bulkModifyIpAddressRequestSchema>;

export const maxIpAddressesPerServer = 5;

/**
 * IP addresses (api-rules §4.5; api-reference-notes §7), by their text: IPv6 in any of its spellings. There are
 * no list filters: the panel reads them all and searches them itself.
 */
export const ipAddressEndpoints = {
  list: endpoint('GET /ip_address', ipAddressListResponseSchema),
  create: endpoint('POST /ip_address', ipAddressResponseSchema, [400, 402, 403, 404, 409], {
    body: addIpAddressRequestSchema,
    status: 201,
  }),
  bulkModify: endpoint('PATCH /ip_address/bulk', null, [400, 403, 404, 409], {
    body: bulkModifyIpAddressRequestSchema,
  }),
  get: endpoint('GET /ip_address/:address', ipAddressResponseSchema, [400, 403, 404]),
  replace: endpoint('PUT /ip_address/:address', ipAddressResponseSchema, [400, 403, 404, 409], {
    body: replaceIpAddressRequestSchema,
    status: 202,
  }),
  modify: endpoint('PATCH /ip_address/:address', ipAddressResponseSchema, [400, 403, 404, 409], {
    body: modifyIpAddressRequestSchema,
    status: 202,
  }),
  release: endpoint('DELETE /ip_address/:address', null, [400, 403, 404, 409]),
};
