import type {
  LoadBalancer,
  LoadBalancerBackend,
  LoadBalancerBackendCreate,
  LoadBalancerFrontend,
  LoadBalancerFrontendCreate,
  LoadBalancerMember,
  LoadBalancerMemberCreate,
  LoadBalancerMemberStatus,
  LoadBalancerNode,
  LoadBalancerOperationalState,
  LoadBalancerPlan,
  LoadBalancerResolver,
  LoadBalancerResolverCreate,
  LoadBalancerRule,
  LoadBalancerRuleCreate,
  LoadBalancerTlsConfigCreate,
} from '../../../contract/load-balancer';
import { lbOperationalStates } from '../../../contract/load-balancer';
import type { PriceEntry } from '../../../contract/price';
import { ApiProblem, invalidAttribute } from '../http/errors';
import type { InterfaceRepository } from '../store/networks';
import type { ServerRepository } from '../store/servers';
import type { LoadBalancerConfig, LoadBalancerRow, StoredNetwork } from './store';
import { configOf, labelsOf } from './store';

/** Plans of the service, as the Go SDK's recorded exchange lists them. */
export const lbPlans: LoadBalancerPlan[] = [
  { name: 'development', per_server_max_sessions: 1000, server_number: 1 },
  { name: 'production-small', per_server_max_sessions: 50_000, server_number: 2 },
];

/** Price-list key of a plan: credits an hour (docs/load-balancers.md §Billing). */
export const lbPlanPriceKey = (plan: string) => `managed_load_balancer_${plan}`;
/** Frankfurt prices, credits an hour: about €10 and €30 a month. */
export const lbPrices: Record<string, PriceEntry> = {
  [lbPlanPriceKey('development')]: { amount: 1, price: 1.37 },
  [lbPlanPriceKey('production-small')]: { amount: 1, price: 4.11 },
};

/** Setup and teardown steps, one every {@link lbStepSeconds} of simulated time. */
export const setupStates: readonly LoadBalancerOperationalState[] = lbOperationalStates.slice(
  0,
  lbOperationalStates.indexOf('running') + 1,
);
export const deleteStates: readonly LoadBalancerOperationalState[] = lbOperationalStates.slice(
  lbOperationalStates.indexOf('delete-dns'),
);
export const lbStepSeconds = 10;
/** Load balancers and certificate bundles one account may hold (docs/load-balancers.md §Bounds). */
export const maxLoadBalancersPerAccount = 20;
export const maxBundlesPerAccount = 100;

const frontendDefaults = {
  timeout_client: 10,
  inbound_proxy_protocol: false,
  http2_enabled: false,
};
/** Backend properties the service fills in (the Go SDK's recorded backend). */
const backendDefaults: LoadBalancerBackend['properties'] = {
  timeout_server: 10,
  timeout_tunnel: 3600,
  health_check_type: 'tcp',
  health_check_interval: 10,
  health_check_fall: 3,
  health_check_rise: 3,
  health_check_url: '/',
  health_check_expected_status: 200,
  health_check_tls_verify: false,
  sticky_session_cookie_name: '',
  outbound_proxy_protocol: '',
  tls_enabled: false,
  tls_verify: false,
  tls_use_system_ca: false,
  http2_enabled: false,
};

export const conflict = (code: string, message: string) => new ApiProblem(409, code, message);
/** The service answers every unknown or foreign part as "not found" (the Go SDK's fixtures). */
export const partNotFound = (what: string, name: string) =>
  new ApiProblem(
    404,
    `${what.toUpperCase().replace(/ /g, '_')}_NOT_FOUND`,
    `The ${what} ${name} does not exist.`,
  );

export const tlsConfigRecord = (body: LoadBalancerTlsConfigCreate, now: string) => ({
  name: body.name,
  certificate_bundle_uuid: body.certificate_bundle_uuid,
  created_at: now,
  updated_at: now,
});

export function ruleRecord(body: LoadBalancerRuleCreate, now: string): LoadBalancerRule {
  return {
    name: body.name,
    priority: body.priority,
    matching_condition: body.matching_condition ?? 'and',
    matchers: body.matchers.map((matcher) => ({ ...matcher, inverse: matcher.inverse ?? false })),
    actions: body.actions.map((action) => ({ ...action })),
    created_at: now,
    updated_at: now,
  };
}

export function frontendRecord(
  body: LoadBalancerFrontendCreate,
  networks: readonly StoredNetwork[],
  now: string,
): LoadBalancerFrontend {
  // A frontend without networks listens on the service's public networks (the Go SDK's fixture).
  const listening =
    body.networks ??
    networks.filter((network) => network.type === 'public').map(({ name }) => ({ name }));
  return {
    name: body.name,
    mode: body.mode,
    port: body.port,
    default_backend: body.default_backend,
    networks: listening.map(({ name }) => ({ name })),
    rules: (body.rules ?? []).map((rule) => ruleRecord(rule, now)),
    tls_configs: (body.tls_configs ?? []).map((tls) => tlsConfigRecord(tls, now)),
    properties: { ...frontendDefaults, ...body.properties },
    created_at: now,
    updated_at: now,
  };
}

export const memberRecord = (body: LoadBalancerMemberCreate, now: string): LoadBalancerMember => ({
  name: body.name,
  type: body.type,
  ip: body.ip ?? null,
  port: body.port ?? null,
  weight: body.weight,
  max_sessions: body.max_sessions,
  enabled: body.enabled,
  created_at: now,
  updated_at: now,
});

export const backendRecord = (
  body: LoadBalancerBackendCreate,
  now: string,
): LoadBalancerBackend => ({
  name: body.name,
  members: body.members.map((member) => memberRecord(member, now)),
  resolver: body.resolver ?? '',
  properties: { ...backendDefaults, ...body.properties },
  tls_configs: (body.tls_configs ?? []).map((tls) => tlsConfigRecord(tls, now)),
  created_at: now,
  updated_at: now,
});

export const resolverRecord = (
  body: LoadBalancerResolverCreate,
  now: string,
): LoadBalancerResolver => ({
  ...body,
  nameservers: [...body.nameservers],
  created_at: now,
  updated_at: now,
});

const hex = (uuid: string) => uuid.replace(/-/g, '');
export const serviceDnsName = (uuid: string, index: number) =>
  `lb-${hex(uuid)}-${index + 1}.upcloudlb.com`;

/** A public address of a node, derived from the service UUID (docs/load-balancers.md §Networks). */
export const publicNodeAddress = (uuid: string, node: number) => {
  const bytes = hex(uuid);
  return `94.237.${parseInt(bytes.slice(2, 4), 16)}.${((parseInt(bytes.slice(4, 6), 16) + node) % 254) + 1}`;
};

const planOf = (name: string) => lbPlans.find((plan) => plan.name === name);
export const nodeCount = (plan: string) => planOf(plan)?.server_number ?? 1;

function nodeState(row: LoadBalancerRow): LoadBalancerNode['operational_state'] {
  if (row.configured_status === 'stopped') return 'stopped';
  if (row.operational_state === 'running' || row.operational_state === 'checkup') return 'running';
  if (row.operational_state === 'setup-lb') return 'setup-lb';
  return 'pending';
}

/** Nodes exist from `setup-server` on, and while the service is taken down up to `delete-server`. */
const hasNodes = (state: LoadBalancerOperationalState) =>
  !['pending', 'setup-agent', 'delete-service'].includes(state);

export function loadBalancerRecord(row: LoadBalancerRow): LoadBalancer {
  const config = configOf(row);
  const nodes = hasNodes(row.operational_state)
    ? Array.from({ length: nodeCount(row.plan) }, (_, node) => ({
        operational_state: nodeState(row),
        networks: config.networks.map((network) => ({
          name: network.name,
          type: network.type,
          ip_addresses: network.addresses
            .filter((_, index) => index % nodeCount(row.plan) === node)
            .map((address) => ({ address, listen: true })),
        })),
      }))
    : [];
  return {
    uuid: row.uuid,
    name: row.name,
    zone: row.zone,
    plan: row.plan,
    ...(row.network_uuid ? { network_uuid: row.network_uuid } : {}),
    networks: config.networks.map(({ addresses, ...network }) => ({
      ...network,
      ip_addresses: addresses.map((address) => ({ address, listen: true })),
    })),
    ip_addresses: config.ip_addresses,
    dns_name: serviceDnsName(row.uuid, 0),
    labels: labelsOf(row),
    configured_status: row.configured_status,
    operational_state: row.operational_state,
    frontends: config.frontends,
    backends: config.backends,
    resolvers: config.resolvers,
    nodes,
    maintenance_dow: row.maintenance_dow as LoadBalancer['maintenance_dow'],
    maintenance_time: row.maintenance_time,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Whether everything a configuration names exists (docs/load-balancers.md §References): default
 * backends, backends of rule actions and matchers, resolvers, frontend networks, certificate
 * bundles of TLS configs; and that HTTP/2 on a frontend has a TLS config, as the service requires.
 */
export function checkReferences(
  config: LoadBalancerConfig,
  bundleExists: (uuid: string) => boolean,
) {
  const backends = new Set(config.backends.map((backend) => backend.name));
  const resolvers = new Set(config.resolvers.map((resolver) => resolver.name));
  const networks = new Set(config.networks.map((network) => network.name));
  const needBackend = (name: string, attribute: string) => {
    if (!backends.has(name)) throw invalidAttribute(attribute, `There is no backend ${name}.`);
  };
  const needBundle = (uuid: string) => {
    if (!bundleExists(uuid)) {
      throw invalidAttribute('certificate_bundle_uuid', `There is no certificate bundle ${uuid}.`);
    }
  };
  const ports = new Set<number>();
  for (const frontend of config.frontends) {
    needBackend(frontend.default_backend, 'default_backend');
    if (ports.has(frontend.port)) {
      throw conflict('PORT_IN_USE', `Another frontend already listens on port ${frontend.port}.`);
    }
    ports.add(frontend.port);
    for (const network of frontend.networks) {
      if (!networks.has(network.name)) {
        throw invalidAttribute('networks', `The service has no network ${network.name}.`);
      }
    }
    if (frontend.properties.http2_enabled && frontend.tls_configs.length === 0) {
      throw invalidAttribute(
        'http2_enabled',
        'At least one certificate bundle must be attached to enable HTTP/2.',
      );
    }
    frontend.tls_configs.forEach((tls) => needBundle(tls.certificate_bundle_uuid));
    for (const rule of frontend.rules) {
      for (const action of rule.actions) {
        const backend = (action.action_use_backend as { backend?: string } | undefined)?.backend;
        if (backend !== undefined) needBackend(backend, 'backend');
      }
      for (const matcher of rule.matchers) {
        const backend = (matcher.match_num_members_up as { backend?: string } | undefined)?.backend;
        if (backend !== undefined) needBackend(backend, 'backend');
      }
    }
  }
  for (const backend of config.backends) {
    if (backend.resolver && !resolvers.has(backend.resolver)) {
      throw invalidAttribute('resolver', `There is no resolver ${backend.resolver}.`);
    }
    if (backend.members.some((member) => member.type === 'dynamic') && !backend.resolver) {
      throw invalidAttribute('resolver', 'Dynamic members need a resolver on their backend.');
    }
    backend.tls_configs.forEach((tls) => needBundle(tls.certificate_bundle_uuid));
  }
}

/** Where a backend is used: the frontends and rules that name it, for the 409 that refuses its deletion. */
export function backendUsers(config: LoadBalancerConfig, backend: string): string[] {
  const users: string[] = [];
  for (const frontend of config.frontends) {
    if (frontend.default_backend === backend) users.push(`frontend ${frontend.name}`);
    for (const rule of frontend.rules) {
      const inActions = rule.actions.some(
        (action) =>
          (action.action_use_backend as { backend?: string } | undefined)?.backend === backend,
      );
      const inMatchers = rule.matchers.some(
        (matcher) =>
          (matcher.match_num_members_up as { backend?: string } | undefined)?.backend === backend,
      );
      if (inActions || inMatchers) users.push(`rule ${rule.name} of frontend ${frontend.name}`);
    }
  }
  return users;
}

/** Renames a backend everywhere the configuration names it. */
export function renameBackend(config: LoadBalancerConfig, from: string, to: string) {
  for (const frontend of config.frontends) {
    if (frontend.default_backend === from) frontend.default_backend = to;
    for (const rule of frontend.rules) {
      for (const action of rule.actions) {
        const use = action.action_use_backend as { backend?: string } | undefined;
        if (use?.backend === from) use.backend = to;
      }
      for (const matcher of rule.matchers) {
        const up = matcher.match_num_members_up as { backend?: string } | undefined;
        if (up?.backend === from) up.backend = to;
      }
    }
  }
}

/**
 * A member's health (docs/load-balancers.md §Member health): `maint` when disabled, `up` when its
 * address belongs to a started server of the account, `down` otherwise (a stopped server, an
 * address no server has).
 */
export function memberHealth(
  { interfaces, servers }: { interfaces: InterfaceRepository; servers: ServerRepository },
  accountId: number,
  member: LoadBalancerMember,
): LoadBalancerMemberStatus {
  if (!member.enabled) return 'maint';
  if (!member.ip) return 'down';
  const started = interfaces
    .addressesNamed(member.ip)
    .filter((address) => address.account_id === accountId && address.interface_uuid !== null)
    .some((address) => {
      const serverUuid = interfaces.find(address.interface_uuid!)?.server_uuid;
      return serverUuid ? servers.find(serverUuid)?.state === 'started' : false;
    });
  return started ? 'up' : 'down';
}
