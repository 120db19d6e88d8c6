import { z } from 'zod/mini';
import { labelSchema, resourceNameSchema, uuidSchema, wrappedList } from './common';
import { endpoint } from './endpoint';
import { ipFamilySchema } from './ip';
import { labelListSchema, labelQuerySchema } from './labels';
import { networkPeeringStateSchema } from './network';

export { networkPeeringStates, networkPeeringStateSchema } from './network';
export type { NetworkPeeringState } from './network';

export const configuredStatusSchema = z.enum(['active', 'disabled']);
export type ConfiguredStatus = z.infer<typeof configuredStatusSchema>;

/** One side of a peering; `ip_networks` of the peer only once both sides defined it. */
export const peeringNetworkSchema = z.object({
  uuid: uuidSchema,
  ip_networks: z.optional(
    z.object({ ip_network: z.array(z.object({ address: z.string(), family: ipFamilySchema })) }),
  ),
});
export type PeeringNetwork = z.infer<typeof peeringNetworkSchema>;

/** Network peering record (api-reference-notes §8). */
export const networkPeeringSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  configured_status: configuredStatusSchema,
  state: networkPeeringStateSchema,
  network: peeringNetworkSchema,
  peer_network: peeringNetworkSchema,
  labels: z.array(labelSchema),
  created_at: z.string(),
  /** Null until the first modification. */
  updated_at: z.nullable(z.string()),
});
export type NetworkPeering = z.infer<typeof networkPeeringSchema>;

export const networkPeeringListResponseSchema = wrappedList(
  'network_peerings',
  'network_peering',
  networkPeeringSchema,
);
export type NetworkPeeringListResponse = z.infer<typeof networkPeeringListResponseSchema>;
export const networkPeeringResponseSchema = z.object({ network_peering: networkPeeringSchema });
export type NetworkPeeringResponse = z.infer<typeof networkPeeringResponseSchema>;

/** `GET /1.3/network-peering` queries (api-rules §4.7); `label` repeatable. */
export const networkPeeringListQuerySchema = z.object({
  uuid: z.optional(uuidSchema),
  network_uuid_local: z.optional(uuidSchema),
  network_uuid_peer: z.optional(uuidSchema),
  label: labelQuerySchema,
});
export type NetworkPeeringListQuery = z.input<typeof networkPeeringListQuerySchema>;

export const peeringNameSchema = resourceNameSchema(255, 'Give the peering a name.');

/** What a create and a modify may set after the name and the networks. */
const peeringSettings = {
  configured_status: z.optional(configuredStatusSchema),
  labels: z.optional(labelListSchema(labelSchema)),
};

/** `POST /1.3/network-peering` → 201; `configured_status` defaults to `active`. */
export const createNetworkPeeringRequestSchema = z.strictObject({
  network_peering: z.strictObject({
    name: peeringNameSchema,
    network: z.strictObject({ uuid: uuidSchema }),
    peer_network: z.strictObject({ uuid: uuidSchema }),
    ...peeringSettings,
  }),
});
export type CreateNetworkPeeringRequest = z.input<typeof createNetworkPeeringRequestSchema>;

/** `PATCH /1.3/network-peering/{uuid}` → 200. */
export const modifyNetworkPeeringRequestSchema = z.strictObject({
  network_peering: z.strictObject({ name: z.optional(peeringNameSchema), ...peeringSettings }),
});
export type ModifyNetworkPeeringRequest = z.input<typeof modifyNetworkPeeringRequestSchema>;

/** Network peerings (api-rules §4.7; api-reference-notes §8); each side defines its own half. */
export const networkPeeringEndpoints = {
  list: endpoint('GET /network-peering', networkPeeringListResponseSchema, [400], {
    query: networkPeeringListQuerySchema,
  }),
  create: endpoint('POST /network-peering', networkPeeringResponseSchema, [400, 403, 404, 409], {
    body: createNetworkPeeringRequestSchema,
    status: 201,
  }),
  get: endpoint('GET /network-peering/:uuid', networkPeeringResponseSchema, [400, 403, 404]),
  modify: endpoint('PATCH /network-peering/:uuid', networkPeeringResponseSchema, [400, 403, 404], {
    body: modifyNetworkPeeringRequestSchema,
  }),
  delete: endpoint('DELETE /network-peering/:uuid', null, [400, 403, 404, 409]),
};
