import { z } from 'zod/mini';
import { labelSchema, uuidSchema, zoneIdSchema } from './common';
import { problemEndpoint } from './endpoint';
import type { Endpoint } from './endpoint';
import { labelQuerySchema } from './labels';
import { queryWholeNumberSchema } from './list-query';

/**
 * Managed load balancers (docs/load-balancers.md). A newer service: plain JSON without wrappers,
 * RFC 7807 problem details on failure, and every part of a load balancer (frontend, rule, backend,
 * member, resolver, TLS config, network) named by a `name` unique within its parent.
 */

/** Bounds of one load balancer (docs/load-balancers.md §Bounds). */
export const loadBalancerLimits = {
  frontends: 16,
  backends: 16,
  resolvers: 8,
  members: 64,
  rules: 64,
  matchers: 16,
  actions: 16,
  tlsConfigs: 8,
  networks: 4,
  labels: 32,
  nameservers: 8,
  hostnames: 32,
  /** Characters of a PEM document as sent (base64 of the PEM text). */
  pem: 65_536,
} as const;

const cap = (max: number, what: string) => z.maxLength(max, `At most ${max} ${what}.`);

/** Names of a load balancer and of its parts: letters, digits, `_` and `-`, 1–64 characters. */
export const lbNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;
export const lbNameSchema = z
  .string()
  .check(z.regex(lbNamePattern, 'Use 1–64 letters, digits, “_” or “-”.'));

const unique = <T>(key: (item: T) => string, message: string) =>
  z.refine<T[]>((items) => new Set(items.map(key)).size === items.length, { message });
const uniqueNames = <T extends { name: string }>(what: string) =>
  unique<T>((item) => item.name, `${what} names must be unique.`);
/** The parts of one kind given in a body: at most `max` of them, each name once. */
const partList = <Part extends z.ZodMiniType<{ name: string }>>(
  part: Part,
  max: number,
  plural: string,
  singular: string,
) => z.array(part).check(cap(max, plural), uniqueNames<z.infer<Part>>(singular));

const port = z.int().check(z.minimum(1, 'A port 1–65535.'), z.maximum(65_535, 'A port 1–65535.'));
const timestamp = z.string();
const shortText = (max: number) => z.string().check(z.maxLength(max, `At most ${max} characters.`));

export const lbModes = ['http', 'tcp'] as const;
export const lbModeSchema = z.enum(lbModes);
export const lbConfiguredStatusSchema = z.enum(['started', 'stopped']);
export const lbOperationalStates = [
  'pending',
  'setup-agent',
  'setup-server',
  'setup-network',
  'setup-lb',
  'setup-dns',
  'checkup',
  'running',
  'delete-dns',
  'delete-network',
  'delete-server',
  'delete-service',
] as const;
export const lbOperationalStateSchema = z.enum(lbOperationalStates);
export type LoadBalancerOperationalState = z.infer<typeof lbOperationalStateSchema>;
export const lbNodeStateSchema = z.enum([
  'pending',
  'pull-config',
  'setup-lb',
  'running',
  'failing',
  'agent-upgrade-starting',
  'agent-upgrade-finishing',
  'stopped',
  'not-responding',
]);
export const maintenanceDays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const maintenanceDowSchema = z.enum(maintenanceDays);
/** `HH:MM:SSZ`, UTC. */
export const maintenanceTimeSchema = z
  .string()
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/, 'A UTC time such as 20:01:01Z.'));

const lbLabelsSchema = z.array(labelSchema).check(
  cap(loadBalancerLimits.labels, 'labels'),
  unique<z.infer<typeof labelSchema>>((l) => l.key, 'Each label key may appear only once.'),
);

/* ---------- plans ---------- */

export const lbPlanSchema = z.object({
  name: z.string(),
  per_server_max_sessions: z.int(),
  server_number: z.int(),
});
export type LoadBalancerPlan = z.infer<typeof lbPlanSchema>;
export const lbPlanListSchema = z.array(lbPlanSchema);

/* ---------- matchers and actions of frontend rules ---------- */

export const lbMatcherTypes = [
  'src_ip',
  'src_port',
  'body_size',
  'path',
  'url',
  'url_query',
  'host',
  'http_method',
  'http_status',
  'cookie',
  'header',
  'request_header',
  'response_header',
  'url_param',
  'num_members_up',
] as const;
const stringMethods = z.enum([
  'exact',
  'substring',
  'regexp',
  'starts',
  'ends',
  'domain',
  'ip',
  'exists',
]);
const integerMethods = z.enum([
  'equal',
  'greater_or_equal',
  'greater',
  'less_or_equal',
  'less',
  'range',
]);
const httpMethods = z.enum([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'CONNECT',
  'OPTIONS',
  'TRACE',
]);

const matchString = z.strictObject({
  method: stringMethods,
  value: z.optional(shortText(1024)),
  ignore_case: z.optional(z.boolean()),
});
const matchStringWithArgument = z.strictObject({
  method: stringMethods,
  name: shortText(256).check(z.minLength(1, 'Name the header, cookie or parameter.')),
  value: z.optional(shortText(1024)),
  ignore_case: z.optional(z.boolean()),
});
const matchInteger = z.strictObject({
  method: integerMethods,
  value: z.optional(z.int().check(z.minimum(0))),
  range_start: z.optional(z.int().check(z.minimum(0))),
  range_end: z.optional(z.int().check(z.minimum(0))),
});
const matchIp = z.strictObject({
  value: z.union([z.ipv4(), z.cidrv4(), z.ipv6(), z.cidrv6()]),
});

/** A rule matcher: `type` names which `match_<type>` object carries its arguments. */
export const lbMatcherSchema = z
  .strictObject({
    type: z.enum(lbMatcherTypes),
    inverse: z.optional(z.boolean()),
    match_src_ip: z.optional(matchIp),
    match_src_port: z.optional(matchInteger),
    match_body_size: z.optional(matchInteger),
    match_path: z.optional(matchString),
    match_url: z.optional(matchString),
    match_url_query: z.optional(matchString),
    match_host: z.optional(z.strictObject({ value: shortText(253).check(z.minLength(1)) })),
    match_http_method: z.optional(z.strictObject({ value: httpMethods })),
    match_http_status: z.optional(matchInteger),
    match_cookie: z.optional(matchStringWithArgument),
    match_header: z.optional(matchStringWithArgument),
    match_request_header: z.optional(matchStringWithArgument),
    match_response_header: z.optional(matchStringWithArgument),
    match_url_param: z.optional(matchStringWithArgument),
    match_num_members_up: z.optional(
      z.strictObject({
        method: integerMethods,
        value: z.int().check(z.minimum(0)),
        backend: lbNameSchema,
      }),
    ),
  })
  .check(
    z.refine(
      (matcher) =>
        Object.keys(matcher)
          .filter((key) => key.startsWith('match_'))
          .join() === `match_${matcher.type}`,
      { message: 'Give exactly the match_<type> object of the matcher’s type.' },
    ),
  );

export const lbActionTypes = [
  'use_backend',
  'tcp_reject',
  'http_return',
  'http_redirect',
  'http_rewrite_path',
  'http_rewrite_uri',
  'set_forwarded_headers',
  'set_request_header',
  'set_response_header',
] as const;
const setHeader = z.strictObject({
  header: shortText(256).check(z.minLength(1)),
  value: z.optional(shortText(1024)),
});
const rewrite = z.strictObject({
  match_pattern: shortText(1024).check(z.minLength(1)),
  rewrite_to: shortText(1024),
});

/** A rule action: `type` names which `action_<type>` object carries its arguments. */
export const lbActionSchema = z
  .strictObject({
    type: z.enum(lbActionTypes),
    action_use_backend: z.optional(z.strictObject({ backend: lbNameSchema })),
    action_tcp_reject: z.optional(z.strictObject({})),
    action_http_return: z.optional(
      z.strictObject({
        status: z.int().check(z.minimum(100), z.maximum(599)),
        content_type: shortText(256).check(z.minLength(1)),
        /** Base64 of the body. */
        payload: shortText(4096),
      }),
    ),
    action_http_redirect: z.optional(
      z.strictObject({
        location: z.optional(shortText(2048)),
        scheme: z.optional(z.enum(['http', 'https'])),
        status: z.optional(z.literal([301, 302, 303, 307, 308])),
      }),
    ),
    action_http_rewrite_path: z.optional(rewrite),
    action_http_rewrite_uri: z.optional(rewrite),
    action_set_forwarded_headers: z.optional(z.strictObject({})),
    action_set_request_header: z.optional(setHeader),
    action_set_response_header: z.optional(setHeader),
  })
  .check(
    z.refine(
      (action) =>
        Object.keys(action)
          .filter((key) => key.startsWith('action_'))
          .join() === `action_${action.type}`,
      { message: 'Give exactly the action_<type> object of the action’s type.' },
    ),
  );

const ruleFields = {
  name: lbNameSchema,
  priority: z.int().check(z.minimum(0), z.maximum(100)),
  matching_condition: z.optional(z.enum(['and', 'or'])),
  matchers: z.array(lbMatcherSchema).check(cap(loadBalancerLimits.matchers, 'matchers')),
  actions: z
    .array(lbActionSchema)
    .check(z.minLength(1, 'Give at least one action.'), cap(loadBalancerLimits.actions, 'actions')),
};
/** POST and PUT body of a rule (PUT replaces the whole rule). */
export const lbRuleCreateSchema = z.strictObject(ruleFields);
export type LoadBalancerRuleCreate = z.input<typeof lbRuleCreateSchema>;
export const lbRuleModifySchema = z.strictObject({
  name: z.optional(lbNameSchema),
  priority: z.optional(ruleFields.priority),
  matching_condition: z.optional(z.enum(['and', 'or'])),
});

const matcherAnswer = z.looseObject({ type: z.string(), inverse: z.boolean() });
const actionAnswer = z.looseObject({ type: z.string() });
export const lbRuleSchema = z.object({
  name: z.string(),
  priority: z.int(),
  matching_condition: z.enum(['and', 'or']),
  matchers: z.array(matcherAnswer),
  actions: z.array(actionAnswer),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LoadBalancerRule = z.infer<typeof lbRuleSchema>;

/* ---------- TLS configs ---------- */

export const lbTlsConfigCreateSchema = z.strictObject({
  name: lbNameSchema,
  certificate_bundle_uuid: uuidSchema,
});
export type LoadBalancerTlsConfigCreate = z.input<typeof lbTlsConfigCreateSchema>;
export const lbTlsConfigModifySchema = z.strictObject({
  name: z.optional(lbNameSchema),
  certificate_bundle_uuid: z.optional(uuidSchema),
});
export const lbTlsConfigSchema = z.object({
  name: z.string(),
  certificate_bundle_uuid: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
const tlsConfigList = partList(
  lbTlsConfigCreateSchema,
  loadBalancerLimits.tlsConfigs,
  'TLS configs',
  'TLS config',
);

/* ---------- frontends ---------- */

export const lbFrontendPropertiesSchema = z.strictObject({
  timeout_client: z.optional(z.int().check(z.minimum(1), z.maximum(86_400))),
  inbound_proxy_protocol: z.optional(z.boolean()),
  http2_enabled: z.optional(z.boolean()),
});
const frontendNetworks = z
  .array(z.strictObject({ name: lbNameSchema }))
  .check(cap(loadBalancerLimits.networks, 'networks'));

export const lbFrontendCreateSchema = z.strictObject({
  name: lbNameSchema,
  mode: lbModeSchema,
  port,
  default_backend: lbNameSchema,
  networks: z.optional(frontendNetworks),
  rules: z.optional(partList(lbRuleCreateSchema, loadBalancerLimits.rules, 'rules', 'Rule')),
  tls_configs: z.optional(tlsConfigList),
  properties: z.optional(lbFrontendPropertiesSchema),
});
export type LoadBalancerFrontendCreate = z.input<typeof lbFrontendCreateSchema>;
export const lbFrontendModifySchema = z.strictObject({
  name: z.optional(lbNameSchema),
  mode: z.optional(lbModeSchema),
  port: z.optional(port),
  default_backend: z.optional(lbNameSchema),
  networks: z.optional(frontendNetworks),
  properties: z.optional(lbFrontendPropertiesSchema),
});
export const lbFrontendSchema = z.object({
  name: z.string(),
  mode: lbModeSchema,
  port: z.int(),
  default_backend: z.string(),
  networks: z.array(z.object({ name: z.string() })),
  rules: z.array(lbRuleSchema),
  tls_configs: z.array(lbTlsConfigSchema),
  properties: z.object({
    timeout_client: z.int(),
    inbound_proxy_protocol: z.boolean(),
    http2_enabled: z.boolean(),
  }),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LoadBalancerFrontend = z.infer<typeof lbFrontendSchema>;

/* ---------- backends and members ---------- */

export const lbMemberTypeSchema = z.enum(['static', 'dynamic']);
const weight = z.int().check(z.minimum(0), z.maximum(100));
const maxSessions = z.int().check(z.minimum(0), z.maximum(500_000));
const memberIp = z.union([z.ipv4(), z.ipv6()]);

export const lbMemberCreateSchema = z
  .strictObject({
    name: lbNameSchema,
    type: lbMemberTypeSchema,
    ip: z.optional(z.nullable(memberIp)),
    port: z.optional(z.nullable(port)),
    weight,
    max_sessions: maxSessions,
    enabled: z.boolean(),
  })
  .check(
    z.refine((member) => member.type === 'dynamic' || (!!member.ip && !!member.port), {
      message: 'A static member needs its ip and port.',
      path: ['ip'],
    }),
  );
export type LoadBalancerMemberCreate = z.input<typeof lbMemberCreateSchema>;
export const lbMemberModifySchema = z.strictObject({
  name: z.optional(lbNameSchema),
  type: z.optional(lbMemberTypeSchema),
  ip: z.optional(z.nullable(memberIp)),
  port: z.optional(z.nullable(port)),
  weight: z.optional(weight),
  max_sessions: z.optional(maxSessions),
  enabled: z.optional(z.boolean()),
});
export const lbMemberSchema = z.object({
  name: z.string(),
  type: lbMemberTypeSchema,
  ip: z.nullable(z.string()),
  port: z.nullable(z.int()),
  weight: z.int(),
  max_sessions: z.int(),
  enabled: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LoadBalancerMember = z.infer<typeof lbMemberSchema>;

/** Health checks and timeouts of a backend (docs/load-balancers.md §Backends). */
export const lbBackendPropertiesSchema = z.strictObject({
  timeout_server: z.optional(z.int().check(z.minimum(1), z.maximum(86_400))),
  timeout_tunnel: z.optional(z.int().check(z.minimum(1), z.maximum(3_024_000))),
  health_check_type: z.optional(z.enum(['tcp', 'http'])),
  health_check_interval: z.optional(z.int().check(z.minimum(1), z.maximum(86_400))),
  health_check_fall: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  health_check_rise: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  health_check_url: z.optional(shortText(255)),
  health_check_expected_status: z.optional(z.int().check(z.minimum(100), z.maximum(599))),
  health_check_tls_verify: z.optional(z.boolean()),
  sticky_session_cookie_name: z.optional(shortText(64)),
  outbound_proxy_protocol: z.optional(z.enum(['', 'v1', 'v2'])),
  tls_enabled: z.optional(z.boolean()),
  tls_verify: z.optional(z.boolean()),
  tls_use_system_ca: z.optional(z.boolean()),
  http2_enabled: z.optional(z.boolean()),
});

const memberList = partList(lbMemberCreateSchema, loadBalancerLimits.members, 'members', 'Member');
export const lbBackendCreateSchema = z.strictObject({
  name: lbNameSchema,
  members: memberList,
  resolver: z.optional(z.union([lbNameSchema, z.literal('')])),
  properties: z.optional(lbBackendPropertiesSchema),
  tls_configs: z.optional(tlsConfigList),
});
export type LoadBalancerBackendCreate = z.input<typeof lbBackendCreateSchema>;
export const lbBackendModifySchema = z.strictObject({
  name: z.optional(lbNameSchema),
  resolver: z.optional(z.union([lbNameSchema, z.literal('')])),
  properties: z.optional(lbBackendPropertiesSchema),
});
export const lbBackendSchema = z.object({
  name: z.string(),
  members: z.array(lbMemberSchema),
  resolver: z.string(),
  properties: z.object({
    timeout_server: z.int(),
    timeout_tunnel: z.int(),
    health_check_type: z.enum(['tcp', 'http']),
    health_check_interval: z.int(),
    health_check_fall: z.int(),
    health_check_rise: z.int(),
    health_check_url: z.string(),
    health_check_expected_status: z.int(),
    health_check_tls_verify: z.boolean(),
    sticky_session_cookie_name: z.string(),
    outbound_proxy_protocol: z.string(),
    tls_enabled: z.boolean(),
    tls_verify: z.boolean(),
    tls_use_system_ca: z.boolean(),
    http2_enabled: z.boolean(),
  }),
  tls_configs: z.array(lbTlsConfigSchema),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LoadBalancerBackend = z.infer<typeof lbBackendSchema>;

/* ---------- resolvers ---------- */

const nameserver = z
  .string()
  .check(
    z.regex(
      /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}:\d{1,5}$/,
      'An IPv4 address and port, such as 94.237.127.9:53.',
    ),
  );
const resolverFields = {
  name: lbNameSchema,
  nameservers: z
    .array(nameserver)
    .check(
      z.minLength(1, 'Give at least one nameserver.'),
      cap(loadBalancerLimits.nameservers, 'nameservers'),
    ),
  retries: z.int().check(z.minimum(1), z.maximum(10)),
  timeout: z.int().check(z.minimum(1), z.maximum(60)),
  timeout_retry: z.int().check(z.minimum(1), z.maximum(60)),
  cache_valid: z.int().check(z.minimum(1), z.maximum(86_400)),
  cache_invalid: z.int().check(z.minimum(1), z.maximum(86_400)),
};
export const lbResolverCreateSchema = z.strictObject(resolverFields);
export type LoadBalancerResolverCreate = z.input<typeof lbResolverCreateSchema>;
export const lbResolverModifySchema = z.strictObject({
  name: z.optional(resolverFields.name),
  nameservers: z.optional(resolverFields.nameservers),
  retries: z.optional(resolverFields.retries),
  timeout: z.optional(resolverFields.timeout),
  timeout_retry: z.optional(resolverFields.timeout_retry),
  cache_valid: z.optional(resolverFields.cache_valid),
  cache_invalid: z.optional(resolverFields.cache_invalid),
});
export const lbResolverSchema = z.object({
  name: z.string(),
  nameservers: z.array(z.string()),
  retries: z.int(),
  timeout: z.int(),
  timeout_retry: z.int(),
  cache_valid: z.int(),
  cache_invalid: z.int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LoadBalancerResolver = z.infer<typeof lbResolverSchema>;

/* ---------- networks, nodes, addresses ---------- */

export const lbNetworkCreateSchema = z
  .strictObject({
    name: lbNameSchema,
    type: z.enum(['public', 'private']),
    family: z.literal('IPv4'),
    uuid: z.optional(uuidSchema),
  })
  .check(
    z.refine((network) => (network.type === 'private') === (network.uuid !== undefined), {
      message: 'A private network names its SDN network by uuid; a public one has none.',
      path: ['uuid'],
    }),
  );
export type LoadBalancerNetworkCreate = z.input<typeof lbNetworkCreateSchema>;
export const lbNetworkModifySchema = z.strictObject({ name: lbNameSchema });
const ipAddressSchema = z.object({ address: z.string(), listen: z.boolean() });
export const lbNetworkSchema = z.object({
  uuid: z.optional(z.string()),
  name: z.string(),
  type: z.enum(['public', 'private']),
  family: z.literal('IPv4'),
  dns_name: z.string(),
  ip_addresses: z.array(ipAddressSchema),
  created_at: timestamp,
  updated_at: timestamp,
});
export const lbNodeSchema = z.object({
  operational_state: lbNodeStateSchema,
  networks: z.array(
    z.object({
      name: z.string(),
      type: z.enum(['public', 'private']),
      ip_addresses: z.array(ipAddressSchema),
    }),
  ),
});
export type LoadBalancerNode = z.infer<typeof lbNodeSchema>;

/** A floating IP address of the service, on one of its public networks. */
export const lbFloatingAddressCreateSchema = z.strictObject({
  address: z.ipv4(),
  network_name: lbNameSchema,
});
export const lbFloatingAddressSchema = z.object({
  address: z.string(),
  network_name: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export const lbFloatingAddressListSchema = z.array(lbFloatingAddressSchema);

/* ---------- the load balancer ---------- */

export const loadBalancerCreateSchema = z
  .strictObject({
    name: lbNameSchema,
    plan: z.string().check(z.minLength(1, 'Choose a plan.'), z.maxLength(64)),
    zone: zoneIdSchema,
    /** Deprecated (Go SDK): a private SDN network; the service gets a public network beside it. */
    network_uuid: z.optional(uuidSchema),
    networks: z.optional(
      partList(lbNetworkCreateSchema, loadBalancerLimits.networks, 'networks', 'Network').check(
        z.minLength(1, 'Give at least one network.'),
      ),
    ),
    configured_status: lbConfiguredStatusSchema,
    frontends: partList(
      lbFrontendCreateSchema,
      loadBalancerLimits.frontends,
      'frontends',
      'Frontend',
    ),
    backends: partList(lbBackendCreateSchema, loadBalancerLimits.backends, 'backends', 'Backend'),
    resolvers: partList(
      lbResolverCreateSchema,
      loadBalancerLimits.resolvers,
      'resolvers',
      'Resolver',
    ),
    labels: z.optional(lbLabelsSchema),
    maintenance_dow: z.optional(maintenanceDowSchema),
    maintenance_time: z.optional(maintenanceTimeSchema),
  })
  .check(
    z.refine((body) => (body.network_uuid === undefined) !== (body.networks === undefined), {
      message: 'Give either networks or the deprecated network_uuid, not both.',
      path: ['networks'],
    }),
  );
export type LoadBalancerCreate = z.input<typeof loadBalancerCreateSchema>;

export const loadBalancerModifySchema = z.strictObject({
  name: z.optional(lbNameSchema),
  plan: z.optional(z.string().check(z.minLength(1, 'Choose a plan.'), z.maxLength(64))),
  configured_status: z.optional(lbConfiguredStatusSchema),
  labels: z.optional(lbLabelsSchema),
  maintenance_dow: z.optional(maintenanceDowSchema),
  maintenance_time: z.optional(maintenanceTimeSchema),
});

export const loadBalancerSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  zone: z.string(),
  plan: z.string(),
  network_uuid: z.optional(z.string()),
  networks: z.array(lbNetworkSchema),
  ip_addresses: z.array(lbFloatingAddressSchema),
  dns_name: z.string(),
  labels: z.array(labelSchema),
  configured_status: lbConfiguredStatusSchema,
  operational_state: lbOperationalStateSchema,
  frontends: z.array(lbFrontendSchema),
  backends: z.array(lbBackendSchema),
  resolvers: z.array(lbResolverSchema),
  nodes: z.array(lbNodeSchema),
  maintenance_dow: maintenanceDowSchema,
  maintenance_time: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LoadBalancer = z.infer<typeof loadBalancerSchema>;
export const loadBalancerListSchema = z.array(loadBalancerSchema);

/** `limit` 1–100 (default 100) and `offset` of a list, as the Go SDK pages it. */
export const lbPageQuerySchema = z.object({
  limit: z._default(queryWholeNumberSchema.check(z.minimum(1), z.maximum(100)), 100),
  offset: z._default(queryWholeNumberSchema.check(z.maximum(1_000_000)), 0),
});
export const loadBalancerListQuerySchema = z.extend(lbPageQuerySchema, {
  label: labelQuerySchema,
});

/* ---------- member health ---------- */

/**
 * Member health: `up` when the member's address belongs to a started server of the account,
 * `down` otherwise, `maint` when the member is disabled (docs/load-balancers.md §Member health).
 */
export const lbMemberStatusSchema = z.enum(['up', 'down', 'maint']);
export type LoadBalancerMemberStatus = z.infer<typeof lbMemberStatusSchema>;
export const lbMetricsSchema = z.object({
  frontends: z.array(
    z.object({ name: z.string(), current_sessions: z.int(), session_rate: z.int() }),
  ),
  backends: z.array(
    z.object({
      name: z.string(),
      members: z.array(
        z.object({
          name: z.string(),
          ip: z.nullable(z.string()),
          port: z.nullable(z.int()),
          status: lbMemberStatusSchema,
        }),
      ),
    }),
  ),
});

/* ---------- certificate bundles ---------- */

export const certificateBundleTypes = ['manual', 'authority', 'dynamic'] as const;
export const certificateBundleTypeSchema = z.enum(certificateBundleTypes);
const pem = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(loadBalancerLimits.pem, 'The PEM document is too long.'),
    z.regex(/^[A-Za-z0-9+/=\s]+$/, 'The PEM document, base64-encoded.'),
  );
const hostname = z
  .string()
  .check(
    z.regex(
      /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      'A DNS name such as app.example.com.',
    ),
  );
const hostnames = z.array(hostname).check(
  z.minLength(1, 'Give at least one hostname.'),
  cap(loadBalancerLimits.hostnames, 'hostnames'),
  unique<string>((name) => name, 'Each hostname may appear only once.'),
);
export const certificateBundleCreateSchema = z
  .strictObject({
    type: certificateBundleTypeSchema,
    name: lbNameSchema,
    certificate: z.optional(pem),
    intermediates: z.optional(z.union([pem, z.literal('')])),
    private_key: z.optional(pem),
    key_type: z.optional(z.enum(['rsa', 'ecdsa'])),
    hostnames: z.optional(hostnames),
  })
  .check(
    z.refine(
      (bundle) =>
        bundle.type === 'dynamic'
          ? bundle.hostnames !== undefined && bundle.certificate === undefined
          : bundle.certificate !== undefined && bundle.hostnames === undefined,
      {
        message:
          'A dynamic bundle gives hostnames (and key_type); a manual or authority bundle gives its certificate.',
        path: ['certificate'],
      },
    ),
    z.refine((bundle) => (bundle.type === 'manual') === (bundle.private_key !== undefined), {
      message: 'A manual bundle gives its private_key; other types have none.',
      path: ['private_key'],
    }),
  );
export const certificateBundleModifySchema = z.strictObject({
  name: z.optional(lbNameSchema),
  certificate: z.optional(pem),
  intermediates: z.optional(z.union([pem, z.literal('')])),
  private_key: z.optional(pem),
  hostnames: z.optional(hostnames),
});
export const certificateBundleSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  type: certificateBundleTypeSchema,
  certificate: z.optional(z.string()),
  intermediates: z.optional(z.string()),
  hostnames: z.optional(z.array(z.string())),
  key_type: z.optional(z.string()),
  not_before: timestamp,
  not_after: timestamp,
  operational_state: z.enum(['idle', 'pending', 'setup-challenge', 'complete-challenge']),
  labels: z.array(labelSchema),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CertificateBundle = z.infer<typeof certificateBundleSchema>;
export const certificateBundleListSchema = z.array(certificateBundleSchema);
export const dnsChallengeDomainSchema = z.object({ domain: z.string() });

/* ---------- endpoints ---------- */

const lb = '/load-balancer/:uuid';
const fe = `${lb}/frontends/:frontend`;
const be = `${lb}/backends/:backend`;

type Schema = z.ZodMiniType;

/** The operations on one kind of named part, keyed `list<Name>s`, `create<Name>`, `get<Name>`… */
type NamedPartEndpoints<
  Name extends string,
  Collection extends string,
  Param extends string,
  Part extends Schema,
  Create extends Schema,
  Modify extends Schema,
> = Record<`list${Name}s`, Endpoint<Collection, undefined, undefined, z.ZodMiniArray<Part>>> &
  Record<`create${Name}`, Endpoint<Collection, undefined, Create, Part>> &
  Record<`get${Name}`, Endpoint<`${Collection}/:${Param}`, undefined, undefined, Part>> &
  Record<`modify${Name}`, Endpoint<`${Collection}/:${Param}`, undefined, Modify, Part>> &
  Record<`delete${Name}`, Endpoint<`${Collection}/:${Param}`, undefined, undefined, null>>;

/**
 * Every kind of named part below a load balancer (frontends, rules, backends, members, resolvers,
 * TLS configs) has the same five operations: list them, create one (201), get, modify (PATCH) and
 * delete one by its name at `<collection>/:<param>`. A change may be refused as invalid (400) or as
 * a duplicate name (409); an unknown parent or part is 404.
 */
function namedPartEndpoints<
  const Name extends string,
  const Collection extends string,
  const Param extends string,
  Part extends Schema,
  Create extends Schema,
  Modify extends Schema,
>(
  name: Name,
  collection: Collection,
  param: Param,
  schemas: { part: Part; create: Create; modify: Modify },
  deleteErrors: readonly number[] = [404],
) {
  const item = `${collection}/:${param}` as const;
  return {
    [`list${name}s`]: problemEndpoint(`GET ${collection}`, z.array(schemas.part), [404]),
    [`create${name}`]: problemEndpoint(`POST ${collection}`, schemas.part, [400, 404, 409], {
      body: schemas.create,
      status: 201,
    }),
    [`get${name}`]: problemEndpoint(`GET ${item}`, schemas.part, [404]),
    [`modify${name}`]: problemEndpoint(`PATCH ${item}`, schemas.part, [400, 404, 409], {
      body: schemas.modify,
    }),
    [`delete${name}`]: problemEndpoint(`DELETE ${item}`, null, deleteErrors),
  } as NamedPartEndpoints<Name, Collection, Param, Part, Create, Modify>;
}

const tlsConfigSchemas = {
  part: lbTlsConfigSchema,
  create: lbTlsConfigCreateSchema,
  modify: lbTlsConfigModifySchema,
};

/**
 * Managed load balancers (docs/load-balancers.md). Another account's load balancer or bundle is
 * 404, as the service answers ("Service not found."); the parts below a load balancer are named,
 * not numbered, so their paths carry names.
 */
export const loadBalancerEndpoints = {
  plans: problemEndpoint('GET /load-balancer/plans', lbPlanListSchema, [400], {
    query: lbPageQuerySchema,
  }),
  list: problemEndpoint('GET /load-balancer', loadBalancerListSchema, [400], {
    query: loadBalancerListQuerySchema,
  }),
  create: problemEndpoint('POST /load-balancer', loadBalancerSchema, [400, 402, 404, 409], {
    body: loadBalancerCreateSchema,
    status: 201,
  }),
  get: problemEndpoint(`GET ${lb}`, loadBalancerSchema, [404]),
  modify: problemEndpoint(`PATCH ${lb}`, loadBalancerSchema, [400, 402, 404, 409], {
    body: loadBalancerModifySchema,
  }),
  delete: problemEndpoint(`DELETE ${lb}`, null, [404]),
  metrics: problemEndpoint(`GET ${lb}/metrics`, lbMetricsSchema, [404]),

  listNetworks: problemEndpoint(`GET ${lb}/networks`, z.array(lbNetworkSchema), [404]),
  modifyNetwork: problemEndpoint(
    `PATCH ${lb}/networks/:network`,
    lbNetworkSchema,
    [400, 404, 409],
    { body: lbNetworkModifySchema },
  ),
  listIpAddresses: problemEndpoint(`GET ${lb}/ip-addresses`, lbFloatingAddressListSchema, [404]),
  attachIpAddress: problemEndpoint(
    `POST ${lb}/ip-addresses`,
    lbFloatingAddressSchema,
    [400, 404, 409],
    { body: lbFloatingAddressCreateSchema, status: 201 },
  ),
  removeIpAddress: problemEndpoint(`DELETE ${lb}/ip-addresses/:address`, null, [404]),

  ...namedPartEndpoints('Frontend', `${lb}/frontends`, 'frontend', {
    part: lbFrontendSchema,
    create: lbFrontendCreateSchema,
    modify: lbFrontendModifySchema,
  }),
  ...namedPartEndpoints('Rule', `${fe}/rules`, 'rule', {
    part: lbRuleSchema,
    create: lbRuleCreateSchema,
    modify: lbRuleModifySchema,
  }),
  replaceRule: problemEndpoint(`PUT ${fe}/rules/:rule`, lbRuleSchema, [400, 404, 409], {
    body: lbRuleCreateSchema,
  }),
  ...namedPartEndpoints('FrontendTlsConfig', `${fe}/tls-configs`, 'name', tlsConfigSchemas),
  /** Deleting a backend is refused with 409 `BACKEND_IN_USE` while a frontend or rule uses it. */
  ...namedPartEndpoints(
    'Backend',
    `${lb}/backends`,
    'backend',
    { part: lbBackendSchema, create: lbBackendCreateSchema, modify: lbBackendModifySchema },
    [404, 409],
  ),
  ...namedPartEndpoints('Member', `${be}/members`, 'member', {
    part: lbMemberSchema,
    create: lbMemberCreateSchema,
    modify: lbMemberModifySchema,
  }),
  ...namedPartEndpoints('BackendTlsConfig', `${be}/tls-configs`, 'name', tlsConfigSchemas),
  /** Deleting a resolver is refused with 409 `RESOLVER_IN_USE` while a backend uses it. */
  ...namedPartEndpoints(
    'Resolver',
    `${lb}/resolvers`,
    'resolver',
    { part: lbResolverSchema, create: lbResolverCreateSchema, modify: lbResolverModifySchema },
    [404, 409],
  ),

  listCertificateBundles: problemEndpoint(
    'GET /load-balancer/certificate-bundles',
    certificateBundleListSchema,
    [400],
    { query: lbPageQuerySchema },
  ),
  createCertificateBundle: problemEndpoint(
    'POST /load-balancer/certificate-bundles',
    certificateBundleSchema,
    [400, 409],
    { body: certificateBundleCreateSchema, status: 201 },
  ),
  getCertificateBundle: problemEndpoint(
    'GET /load-balancer/certificate-bundles/:uuid',
    certificateBundleSchema,
    [404],
  ),
  modifyCertificateBundle: problemEndpoint(
    'PATCH /load-balancer/certificate-bundles/:uuid',
    certificateBundleSchema,
    [400, 404, 409],
    { body: certificateBundleModifySchema },
  ),
  /** Refused with 409 `CERTIFICATE_BUNDLE_IN_USE` while a TLS config uses the bundle. */
  deleteCertificateBundle: problemEndpoint(
    'DELETE /load-balancer/certificate-bundles/:uuid',
    null,
    [404, 409],
  ),
  dnsChallengeDomain: problemEndpoint(
    'GET /load-balancer/certificate-bundles/dns-challenge-domain',
    dnsChallengeDomainSchema,
  ),
};
