import { z } from 'zod/mini';
import { mayOmit } from './answer-fields';
import {
  checkWith,
  labelSchema,
  resourceNameSchema,
  uuidSchema,
  wrappedList,
  yesNoSchema,
  zoneIdSchema,
} from './common';
import { endpoint } from './endpoint';
import { labelListSchema, labelQuerySchema } from './labels';
import {
  cidrContains,
  cidrTextSchema,
  ipAddressTextSchema,
  ipFamilyOf,
  ipFamilySchema,
  ipToBigInt,
  parseCidr,
} from './ip';
import { serverInterfaceResponseSchema } from './server';

/** `private` SDN networks are the account's own; `utility` and `public` are each zone's shared ones. */
export const networkTypeSchema = z.enum(['private', 'utility', 'public']);
export type NetworkType = z.infer<typeof networkTypeSchema>;

/** Peering states (api-reference-notes §8); `configured_status` is what the user sets, `state` follows. */
export const networkPeeringStates = [
  'pending-peer',
  'provisioning',
  'active',
  'conflict-subnet',
  'missing-local-router',
  'missing-peer-router',
  'deleted-peer-network',
  'disabled',
  'peer-disabled',
  'error',
] as const;
export const networkPeeringStateSchema = z.enum(networkPeeringStates);
export type NetworkPeeringState = z.infer<typeof networkPeeringStateSchema>;

/** Where an effective route comes from (UpCloud's Go SDK, upcloud/network.go). */
export const networkRouteSourceSchema = z.enum(['router-connected-networks', 'static-route']);
export const networkRouteTypeSchema = z.enum(['user', 'service']);

/**
 * Whether DHCP hands out the network's effective routes besides `dhcp_routes`, and which of them.
 * Real clients (the Go SDK from 8.26, so Terraform and upctl) send it on every create and modify.
 */
export const dhcpRoutesConfigurationSchema = z.strictObject({
  effective_routes_auto_population: z.strictObject({
    enabled: yesNoSchema,
    exclude_by_source: z.optional(z.array(networkRouteSourceSchema)),
    filter_by_destination: z.optional(z.array(cidrTextSchema)),
    filter_by_route_type: z.optional(z.array(networkRouteTypeSchema)),
  }),
});
export type DhcpRoutesConfiguration = z.infer<typeof dhcpRoutesConfigurationSchema>;

/** A route the network's router gives it: a network on the same router, or a static route. */
export const effectiveRouteSchema = z.object({
  route: z.string(),
  nexthop: z.optional(z.string()),
  source: networkRouteSourceSchema,
  type: networkRouteTypeSchema,
  source_resource_id: z.string(),
});
export type EffectiveRoute = z.infer<typeof effectiveRouteSchema>;

/** A route DHCP hands out: one of `dhcp_routes`, or an auto-populated effective route. */
export const dhcpEffectiveRouteSchema = z.object({
  route: z.string(),
  nexthop: z.optional(z.string()),
  auto_populated: yesNoSchema,
});

/** One IP network of a network record (api-reference-notes §4.2). */
export const ipNetworkSchema = z.object({
  address: z.string(),
  family: ipFamilySchema,
  gateway: z.optional(z.string()),
  dhcp: yesNoSchema,
  dhcp_default_route: yesNoSchema,
  /** Omitted when empty. */
  dhcp_dns: z.optional(z.array(z.string())),
  /** Omitted when empty. */
  dhcp_routes: z.optional(z.array(z.string())),
  dhcp_bootfile_url: z.optional(z.string()),
  dhcp_routes_configuration: z.optional(dhcpRoutesConfigurationSchema),
  dhcp_effective_routes: z.optional(z.array(dhcpEffectiveRouteSchema)),
});
export type IpNetwork = z.infer<typeof ipNetworkSchema>;

export const networkServerSchema = z.object({ uuid: uuidSchema, title: z.string() });
export type NetworkServer = z.infer<typeof networkServerSchema>;

/** The read-only peering summary a network lists (api-reference-notes §8, OAS). */
export const networkPeeringSummarySchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  state: networkPeeringStateSchema,
});

export const networkSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  type: networkTypeSchema,
  zone: zoneIdSchema,
  /** Present only while a router is attached. */
  router: z.optional(uuidSchema),
  ip_networks: z.object({ ip_network: z.array(ipNetworkSchema) }),
  /** Omitted when no server is attached. */
  servers: z.optional(z.object({ server: z.array(networkServerSchema) })),
  /** Plain array, as in recorded traffic (api-reference-notes §1.3). */
  labels: mayOmit(z.array(labelSchema)),
  /** Private networks only: the peerings this network takes part in. */
  peerings: z.optional(z.object({ peering: z.array(networkPeeringSummarySchema) })),
  effective_routes: z.optional(z.array(effectiveRouteSchema)),
});
export type Network = z.infer<typeof networkSchema>;

export const networkListResponseSchema = wrappedList('networks', 'network', networkSchema);
export type NetworkListResponse = z.infer<typeof networkListResponseSchema>;
export const networkResponseSchema = z.object({ network: networkSchema });
export type NetworkResponse = z.infer<typeof networkResponseSchema>;

/** `GET /1.3/network`: repeatable `label`, optional `zone` (api-reference-notes §4.1). */
export const networkListQuerySchema = z.object({
  label: labelQuerySchema,
  zone: z.optional(zoneIdSchema),
});
export type NetworkListQuery = z.input<typeof networkListQuerySchema>;

export const networkNameSchema = resourceNameSchema(64, 'Give the network a name.');

/** IPv4 blocks from /8 to /29, IPv6 blocks from /48 to /64: room for a gateway and servers. */
export const prefixLimits = { IPv4: { min: 8, max: 29 }, IPv6: { min: 48, max: 64 } } as const;

/**
 * One IP network of a create or modify request, with the rules a form can check before sending:
 * the block matches `family`, the gateway, DNS servers and routes fit it. An address with host
 * bits set (`192.168.86.1/24`) is accepted and echoed as given, as the real service does.
 */
export const ipNetworkRequestSchema = z
  .strictObject({
    address: cidrTextSchema,
    family: ipFamilySchema,
    dhcp: yesNoSchema,
    dhcp_default_route: z.optional(yesNoSchema),
    gateway: z.optional(ipAddressTextSchema),
    dhcp_dns: z.optional(
      z.array(ipAddressTextSchema).check(z.maxLength(4, 'At most 4 DNS servers.')),
    ),
    dhcp_routes: z.optional(z.array(cidrTextSchema).check(z.maxLength(32, 'At most 32 routes.'))),
    dhcp_bootfile_url: z.optional(
      z.string().check(z.regex(/^https?:\/\/\S+$/, 'An http:// or https:// address.')),
    ),
    dhcp_routes_configuration: z.optional(dhcpRoutesConfigurationSchema),
  })
  .check(
    checkWith((entry, report) => {
      const cidr = parseCidr(entry.address);
      if (!cidr) return;
      if (cidr.family !== entry.family) {
        report(`The address is not an ${entry.family} block.`, 'address');
        return;
      }
      const limits = prefixLimits[cidr.family];
      if (cidr.prefix < limits.min || cidr.prefix > limits.max) {
        report(
          `An ${cidr.family} network needs a prefix from /${limits.min} to /${limits.max}.`,
          'address',
        );
      }
      if (entry.gateway !== undefined && !cidrContains(cidr, entry.gateway)) {
        report(`The gateway must be an address inside ${entry.address}.`, 'gateway');
      } else if (entry.gateway !== undefined) {
        const last =
          entry.family === 'IPv4' ? cidr.base + (1n << BigInt(32 - cidr.prefix)) - 1n : -1n;
        const value = ipToBigInt(entry.gateway);
        if (value === cidr.base || value === last) {
          report('The gateway cannot be the network or broadcast address.', 'gateway');
        }
      }
      const foreignDns = entry.dhcp_dns?.find((dns) => ipFamilyOf(dns) !== entry.family);
      if (foreignDns !== undefined) {
        report(`The DNS server ${foreignDns} is not an ${entry.family} address.`, 'dhcp_dns');
      }
      const foreignRoute = entry.dhcp_routes?.find(
        (route) => parseCidr(route)?.family !== entry.family,
      );
      if (foreignRoute !== undefined) {
        report(`The route ${foreignRoute} is not an ${entry.family} block.`, 'dhcp_routes');
      }
      if (entry.dhcp === 'no' && (entry.dhcp_dns?.length || entry.dhcp_routes?.length)) {
        report('DNS servers and routes are handed out by DHCP; turn DHCP on to give them.', 'dhcp');
      }
    }),
  );
export type IpNetworkRequest = z.input<typeof ipNetworkRequestSchema>;

const ipNetworksRequestSchema = z
  .strictObject({
    ip_network: z
      .array(ipNetworkRequestSchema)
      .check(
        z.minLength(1, 'Give at least one IP network.'),
        z.maxLength(2, 'At most one IPv4 and one IPv6 network.'),
      ),
  })
  .check(
    z.refine(
      (value) =>
        new Set(value.ip_network.map((entry) => entry.family)).size === value.ip_network.length,
      { message: 'At most one IP network per family.', path: ['ip_network'] },
    ),
  );

/** `POST /1.3/network`: only SDN private networks can be created (api-rules §4.6). */
export const createNetworkRequestSchema = z.strictObject({
  network: z.strictObject({
    name: networkNameSchema,
    zone: zoneIdSchema,
    type: z.optional(z.literal('private')),
    router: z.optional(uuidSchema),
    ip_networks: ipNetworksRequestSchema,
    labels: z.optional(labelListSchema(labelSchema)),
  }),
});
export type CreateNetworkRequest = z.input<typeof createNetworkRequestSchema>;

/** `PUT /1.3/network/{uuid}`: changed fields only; `router: null` detaches the router (api-reference-notes §4.3). */
export const modifyNetworkRequestSchema = z.strictObject({
  network: z.strictObject({
    name: z.optional(networkNameSchema),
    router: z.optional(z.nullable(uuidSchema)),
    ip_networks: z.optional(ipNetworksRequestSchema),
    labels: z.optional(labelListSchema(labelSchema)),
  }),
});
export type ModifyNetworkRequest = z.input<typeof modifyNetworkRequestSchema>;

/** A network interface (api-reference-notes §5): on a server, or standalone under /1.3/network/interface. */
export const interfaceIpAddressSchema = z.object({
  address: z.string(),
  family: ipFamilySchema,
  floating: yesNoSchema,
  dhcp_provided: z.optional(yesNoSchema),
  release_policy: z.optional(z.enum(['release', 'keep'])),
});

export const networkInterfaceSchema = z.object({
  uuid: z.string(),
  /** Position on its server, 1 upwards; absent on an interface no server holds. */
  index: z.optional(z.int()),
  type: networkTypeSchema,
  network: uuidSchema,
  mac: z.string(),
  source_ip_filtering: yesNoSchema,
  bootable: yesNoSchema,
  /** The server holding the interface, when one does. */
  server: z.optional(uuidSchema),
  ip_addresses: z.object({ ip_address: z.array(interfaceIpAddressSchema) }),
  labels: z.array(labelSchema),
});
export type NetworkInterface = z.infer<typeof networkInterfaceSchema>;

export const networkInterfaceListResponseSchema = wrappedList(
  'interfaces',
  'interface',
  networkInterfaceSchema,
);
export const networkInterfaceResponseSchema = z.object({ interface: networkInterfaceSchema });

/**
 * `POST /1.3/network/interface` (api-reference-notes §5.2). `server` is a sandbox addition: it places the
 * interface on that (stopped) server, within the 24 devices-plus-interfaces limit (api-rules §8).
 */
/** A new interface's addresses: at most one. */
const newInterfaceAddressesSchema = z.strictObject({
  ip_address: z
    .array(
      z.strictObject({
        family: z.optional(ipFamilySchema),
        address: z.optional(ipAddressTextSchema),
      }),
    )
    .check(z.maxLength(1, 'One address per new interface.')),
});

export const createNetworkInterfaceRequestSchema = z.strictObject({
  interface: z.strictObject({
    type: networkTypeSchema,
    network: uuidSchema,
    source_ip_filtering: z.optional(yesNoSchema),
    bootable: z.optional(yesNoSchema),
    server: z.optional(uuidSchema),
    /** A private interface's address; the sandbox picks a free one when left out. */
    ip_addresses: z.optional(newInterfaceAddressesSchema),
    labels: z.optional(labelListSchema(labelSchema)),
  }),
});
export type CreateNetworkInterfaceRequest = z.input<typeof createNetworkInterfaceRequestSchema>;

/** `POST /1.3/server/{uuid}/networking/interface` (api-reference-notes §5.1). */
export const createServerInterfaceRequestSchema = z.strictObject({
  interface: z.strictObject({
    type: networkTypeSchema,
    network: z.optional(uuidSchema),
    index: z.optional(z.int().check(z.minimum(1), z.maximum(255))),
    source_ip_filtering: z.optional(yesNoSchema),
    bootable: z.optional(yesNoSchema),
    ip_addresses: z.optional(newInterfaceAddressesSchema),
  }),
});
export type CreateServerInterfaceRequest = z.input<typeof createServerInterfaceRequestSchema>;

/** `PUT /1.3/server/{uuid}/networking/interface/{index}`: type and network cannot change (api-reference-notes §5.1). */
export const modifyServerInterfaceRequestSchema = z.strictObject({
  interface: z.strictObject({
    index: z.optional(z.int().check(z.minimum(1), z.maximum(255))),
    source_ip_filtering: z.optional(yesNoSchema),
    bootable: z.optional(yesNoSchema),
  }),
});
export type ModifyServerInterfaceRequest = z.input<typeof modifyServerInterfaceRequestSchema>;

/** Networks (api-reference-notes §4): private ones are the account's, shared ones only readable. */
export const networkEndpoints = {
  list: endpoint('GET /network', networkListResponseSchema, [400], {
    query: networkListQuerySchema,
  }),
  create: endpoint('POST /network', networkResponseSchema, [400, 403, 404, 409], {
    body: createNetworkRequestSchema,
    status: 201,
  }),
  get: endpoint('GET /network/:uuid', networkResponseSchema, [400, 403, 404]),
  /** Also attaches (`router`) or detaches (`router: null`) a router (api-reference-notes §9). */
  modify: endpoint('PUT /network/:uuid', networkResponseSchema, [400, 403, 404, 409], {
    body: modifyNetworkRequestSchema,
  }),
  delete: endpoint('DELETE /network/:uuid', null, [400, 403, 404, 409]),
};

/** Standalone network interfaces (api-reference-notes §5.2). */
export const networkInterfaceEndpoints = {
  list: endpoint('GET /network/interface', networkInterfaceListResponseSchema),
  create: endpoint(
    'POST /network/interface',
    networkInterfaceResponseSchema,
    [400, 403, 404, 409],
    { body: createNetworkInterfaceRequestSchema, status: 201 },
  ),
  get: endpoint('GET /network/interface/:uuid', networkInterfaceResponseSchema, [400, 403, 404]),
  delete: endpoint('DELETE /network/interface/:uuid', null, [400, 403, 404, 409]),
};

/**
 * Changes of a server's own interfaces (api-reference-notes §5.1), on a stopped server; reading them is a
 * server endpoint (contract/server.ts).
 */
export const serverInterfaceEndpoints = {
  create: endpoint(
    'POST /server/:uuid/networking/interface',
    serverInterfaceResponseSchema,
    [400, 403, 404, 409],
    { body: createServerInterfaceRequestSchema, status: 201 },
  ),
  modify: endpoint(
    'PUT /server/:uuid/networking/interface/:index',
    serverInterfaceResponseSchema,
    [400, 403, 404, 409],
    { body: modifyServerInterfaceRequestSchema },
  ),
  delete: endpoint('DELETE /server/:uuid/networking/interface/:index', null, [403, 404, 409]),
};
