import { z } from 'zod/mini';
import { plainText, uuidSchema } from './common';
import { endpoint } from './endpoint';
import { tagNameSchema } from './server';

/** A tag of the account and the servers carrying it (api-reference-notes §16). */
export const tagSchema = z.object({
  name: z.string(),
  description: z.string(),
  servers: z.object({ server: z.array(uuidSchema) }),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagListResponseSchema = z.object({ tags: z.object({ tag: z.array(tagSchema) }) });
export const tagResponseSchema = z.object({ tag: tagSchema });

export const tagDescriptionSchema = z
  .string()
  .check(z.maxLength(255, 'At most 255 characters.'), plainText());

/** The servers a tag is on: the request's list replaces the tag's servers. */
const tagServersSchema = z.strictObject({ server: z.array(uuidSchema) });

/** `POST /1.3/tag`: UpCloud's Go SDK always sends `servers`, often `{"server":[]}`. */
export const createTagRequestSchema = z.strictObject({
  tag: z.strictObject({
    name: tagNameSchema,
    description: z.optional(tagDescriptionSchema),
    servers: z.optional(tagServersSchema),
  }),
});

/** `PUT /1.3/tag/{name}`: a new `name` renames the tag on every server carrying it. */
export const modifyTagRequestSchema = z.strictObject({
  tag: z.strictObject({
    name: z.optional(tagNameSchema),
    description: z.optional(tagDescriptionSchema),
    servers: z.optional(tagServersSchema),
  }),
});

/** Tags (api-reference-notes §16): one set per account, shared by its subaccounts. */
export const tagEndpoints = {
  list: endpoint('GET /tag', tagListResponseSchema),
  create: endpoint('POST /tag', tagResponseSchema, [400, 403, 404, 409], {
    body: createTagRequestSchema,
    status: 201,
  }),
  modify: endpoint('PUT /tag/:name', tagResponseSchema, [400, 403, 404, 409], {
    body: modifyTagRequestSchema,
  }),
  delete: endpoint('DELETE /tag/:name', null, [400, 404]),
};
