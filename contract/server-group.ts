import { z } from 'zod/mini';
import { labelSchema, resourceNameSchema, uuidSchema } from './common';
import { defineEndpoint, endpoint } from './endpoint';
import { labelQuerySchema } from './labels';

/**
 * Server groups (api-reference-notes §16.1): `strict` never lets two members share a host, `yes`
 * tries to keep them apart, `no` leaves placement alone.
 */
export const antiAffinityPolicies = ['yes', 'strict', 'no'] as const;
const antiAffinityPolicySchema = z.enum(antiAffinityPolicies);
export type AntiAffinityPolicy = z.infer<typeof antiAffinityPolicySchema>;

/** At most this many labels and members per group (the sandbox's bounds, api-reference-notes §16.1). */
export const serverGroupLimits = { labels: 32, members: 32 } as const;

const memberStatusSchema = z.object({ uuid: uuidSchema, status: z.enum(['met', 'unmet']) });

export const serverGroupSchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  labels: z.object({ label: z.array(labelSchema) }),
  servers: z.object({ server: z.array(uuidSchema) }),
  anti_affinity: antiAffinityPolicySchema,
  /** One entry per member that runs on a host; a stopped member has none. */
  anti_affinity_status: z.array(memberStatusSchema),
});
export type ServerGroup = z.infer<typeof serverGroupSchema>;

const serverGroupResponseSchema = z.object({ server_group: serverGroupSchema });
const serverGroupListResponseSchema = z.object({
  server_groups: z.object({ server_group: z.array(serverGroupSchema) }),
});

export const serverGroupTitleSchema = resourceNameSchema(255, 'Give a title.');

const groupLabelsSchema = z.strictObject({
  label: z
    .array(labelSchema)
    .check(z.maxLength(serverGroupLimits.labels, `At most ${serverGroupLimits.labels} labels.`)),
});
const groupMembersSchema = z.strictObject({
  server: z
    .array(uuidSchema)
    .check(z.maxLength(serverGroupLimits.members, `At most ${serverGroupLimits.members} servers.`)),
});

/** The fields of a create (CreateServerGroupRequest of UpCloud's Go SDK); a title is required. */
const groupFieldsSchema = z.strictObject({
  title: serverGroupTitleSchema,
  labels: z.optional(groupLabelsSchema),
  servers: z.optional(groupMembersSchema),
  anti_affinity: z.optional(antiAffinityPolicySchema),
});

const createServerGroupRequestSchema = z.strictObject({ server_group: groupFieldsSchema });
export type CreateServerGroupRequest = z.input<typeof createServerGroupRequestSchema>;

/** `PATCH /1.3/server-group/{uuid}`: `servers` and `labels` replace the whole set when given. */
const modifyServerGroupRequestSchema = z.strictObject({
  server_group: z.partial(groupFieldsSchema),
});
export type ModifyServerGroupRequest = z.input<typeof modifyServerGroupRequestSchema>;

const addMemberRequestSchema = z.strictObject({
  server: z.strictObject({ uuid: uuidSchema }),
});

const serverGroupListQuerySchema = z.object({ label: labelQuerySchema });

/** What a create and a modify answer: the record, or a field, member or conflict error. */
const groupAnswer = { response: serverGroupResponseSchema, errors: [400, 403, 404, 409] };

/** Server groups (api-reference-notes §16.1): classic errors, wrapped records and labels. */
export const serverGroupEndpoints = {
  list: endpoint('GET /server-group', serverGroupListResponseSchema, [400], {
    query: serverGroupListQuerySchema,
  }),
  // The recorded service answers a create with 200, not 201 (UpCloud's Go SDK recordings).
  create: defineEndpoint({
    method: 'POST',
    path: '/server-group',
    body: createServerGroupRequestSchema,
    ...groupAnswer,
  }),
  get: endpoint('GET /server-group/:uuid', serverGroupResponseSchema, [400, 404]),
  modify: defineEndpoint({
    method: 'PATCH',
    path: '/server-group/:uuid',
    body: modifyServerGroupRequestSchema,
    ...groupAnswer,
  }),
  delete: endpoint('DELETE /server-group/:uuid', null, [400, 404]),
  addMember: endpoint('POST /server-group/:uuid/servers', null, [400, 403, 404, 409], {
    body: addMemberRequestSchema,
  }),
  removeMember: endpoint('DELETE /server-group/:uuid/servers/:server', null, [400, 404]),
};
