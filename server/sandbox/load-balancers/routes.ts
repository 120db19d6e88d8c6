import type { FastifyRequest } from 'fastify';
import { uuidPattern, uuidPrefixes } from '../../../contract/common';
import { loadBalancerLimits as limits } from '../../../contract/load-balancer';
import type {
  CertificateBundle,
  LoadBalancerCreate,
  LoadBalancerNetworkCreate,
} from '../../../contract/load-balancer';
import { loadBalancerEndpoints as api } from '../../../contract/load-balancer';
import { rfc3339 } from '../clock';
import { newUuid } from '../credentials';
import type { RouteModule } from '../domain';
import type { Endpoint } from '../../../contract/endpoint';
import { handle } from '../http/endpoint-route';
import type { EndpointInput } from '../http/endpoint-route';
import { invalidAttribute } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import { auditedResource } from '../audited-resource';
import { checkZone, labelFilters } from '../http/validation';
import { checkCertificate } from './certificates';
import { loadBalancerModelOf } from './service';
import {
  backendRecord,
  backendUsers,
  checkReferences,
  conflict,
  frontendRecord,
  lbPlans,
  lbStepSeconds,
  maxBundlesPerAccount,
  maxLoadBalancersPerAccount,
  memberHealth,
  memberRecord,
  partNotFound,
  publicNodeAddress,
  renameBackend,
  resolverRecord,
  ruleRecord,
  serviceDnsName,
  tlsConfigRecord,
  nodeCount,
} from './model';
import type {
  CertificateBundleRow,
  LoadBalancerConfig,
  LoadBalancerRow,
  StoredNetwork,
} from './store';
import { configOf } from './store';

type TlsConfig = ReturnType<typeof tlsConfigRecord>;
type PartParams = Record<string, string | undefined>;
type BodyIn<E extends Endpoint> = EndpointInput<E>['body'];
/** The endpoints of one kind of named part. */
interface PartEndpoints {
  list: Endpoint;
  create: Endpoint;
  get: Endpoint;
  modify: Endpoint;
  delete: Endpoint;
}
/** A change of one named part: the part, the body, its name after the change, the config. */
interface PartChange<Part, Body> {
  item: Part;
  body: Body;
  name: string;
  config: LoadBalancerConfig;
  at: string;
}

type PartName =
  | 'Frontend'
  | 'Rule'
  | 'FrontendTlsConfig'
  | 'BackendTlsConfig'
  | 'Backend'
  | 'Member'
  | 'Resolver';
/** `'Rule'` → `listRules`, `createRule`, `getRule`, `modifyRule`, `deleteRule`. */
const partEndpoints = <N extends PartName>(name: N) => ({
  list: api[`list${name}s`],
  create: api[`create${name}`],
  get: api[`get${name}`],
  modify: api[`modify${name}`],
  delete: api[`delete${name}`],
});

const serviceNotFound = (uuid: string) => partNotFound('load balancer', uuid);

/** Finds a named part in a list, or the service's 404 naming it. */
function part<T extends { name: string }>(items: T[], name: string, what: string): T {
  const found = items.find((item) => item.name === name);
  if (!found) throw partNotFound(what, name);
  return found;
}

/** Refuses a second part of the same name within its parent (409 `<PART>_ALREADY_EXISTS`). */
function uniqueName(
  items: readonly { name: string }[],
  name: string,
  what: string,
  except?: string,
) {
  if (name !== except && items.some((item) => item.name === name)) {
    throw conflict(
      `${what.toUpperCase().replace(/ /g, '_')}_ALREADY_EXISTS`,
      `A ${what} named ${name} already exists here.`,
    );
  }
}

/** At most `max` parts of a kind in one parent (docs/load-balancers.md §Bounds). */
function within(count: number, max: number, what: string) {
  if (count >= max) throw conflict('LIMIT_REACHED', `At most ${max} ${what} are allowed here.`);
}

/** Managed load balancers (docs/load-balancers.md): every operation of the contract. */
export const loadBalancerRoutes: RouteModule = (scope, context) => {
  const model = loadBalancerModelOf(context);
  const { audit, clock, billing, networks, interfaces, servers } = context;
  const audited = auditedResource(audit, {
    resourceType: 'managed-loadbalancer',
    record: (row: LoadBalancerRow) => model.record(row),
  });
  const now = () => rfc3339(clock.now());

  /** The caller's service: another account's, a malformed UUID and a removed one are all 404. */
  function ownService(request: FastifyRequest, uuid: string): LoadBalancerRow {
    const row = uuidPattern.test(uuid) ? model.repo.find(uuid) : undefined;
    if (!row || row.account_id !== principalOf(request).owner.id) throw serviceNotFound(uuid);
    return row;
  }
  /** As {@link ownService}, for a change: a service being deleted takes none. */
  function changeableService(request: FastifyRequest, uuid: string) {
    const row = ownService(request, uuid);
    if (row.deleting) throw serviceNotFound(uuid);
    return row;
  }
  function ownBundle(request: FastifyRequest, uuid: string): CertificateBundleRow {
    const row = uuidPattern.test(uuid) ? model.repo.findBundle(uuid) : undefined;
    if (!row || row.account_id !== principalOf(request).owner.id) {
      throw partNotFound('certificate bundle', uuid);
    }
    return row;
  }
  const bundleCheck = (accountId: number) => (uuid: string) =>
    model.repo.findBundle(uuid)?.account_id === accountId;

  /**
   * Changes the configuration of a service and audits it (an `update` of the service, with the
   * part as sub-type); answers what `answer` picks from the new configuration.
   */
  function changeConfig<T>(
    request: FastifyRequest,
    uuid: string,
    subType: string,
    change: (config: LoadBalancerConfig, at: string) => void,
    answer: (config: LoadBalancerConfig) => T,
  ): T {
    const row = changeableService(request, uuid);
    const at = now();
    const config = configOf(row);
    change(config, at);
    checkReferences(config, bundleCheck(row.account_id));
    const next = model.reconfigured({ ...row, config: JSON.stringify(config), updated_at: at });
    audit.change(auditContext(request), {
      action: 'update',
      resourceType: 'managed-loadbalancer',
      resourceSubType: subType,
      resourceId: row.uuid,
      before: () => model.record(row),
      write: () => model.repo.update(next),
      after: () => model.record(next),
    });
    return answer(config);
  }

  /** The networks of a new service, with their node addresses. */
  function serviceNetworks(
    ownerId: number,
    uuid: string,
    body: LoadBalancerCreate,
    at: string,
  ): StoredNetwork[] {
    const requested: LoadBalancerNetworkCreate[] = body.networks ?? [
      { name: 'public-IPv4', type: 'public', family: 'IPv4' },
      { name: 'private-IPv4', type: 'private', family: 'IPv4', uuid: body.network_uuid! },
    ];
    const nodes = nodeCount(body.plan);
    return requested.map((network, index) => ({
      name: network.name,
      type: network.type,
      family: 'IPv4',
      ...(network.uuid ? { uuid: network.uuid } : {}),
      dns_name: serviceDnsName(uuid, index),
      addresses:
        network.type === 'public'
          ? Array.from({ length: nodes }, (_, node) => publicNodeAddress(uuid, node))
          : privateAddresses(ownerId, body.zone, network.uuid!, nodes),
      created_at: at,
      updated_at: at,
    }));
  }

  /** Free addresses at the top of an SDN network's IPv4 block, for the nodes on it. */
  function privateAddresses(ownerId: number, zone: string, networkUuid: string, count: number) {
    const network = networks.find(networkUuid);
    if (!network || network.account_id !== ownerId) {
      throw partNotFound('network', networkUuid);
    }
    if (network.type !== 'private') {
      throw invalidAttribute(
        'uuid',
        'A private network of the service is one of your SDN networks.',
      );
    }
    if (network.zone !== zone) {
      throw invalidAttribute(
        'uuid',
        `The network ${networkUuid} is in ${network.zone}, not ${zone}.`,
      );
    }
    const block = networks.ipNetworks(networkUuid).find((item) => item.family === 'IPv4');
    if (!block) throw invalidAttribute('uuid', 'The network has no IPv4 block.');
    const [base, bits] = block.address.split('/') as [string, string];
    const start = base.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
    const size = 2 ** (32 - Number(bits));
    const usedByServices = new Set(
      model.repo
        .ofAccount(ownerId)
        .flatMap((row) => configOf(row).networks.flatMap((item) => item.addresses)),
    );
    const found: string[] = [];
    for (let offset = size - 2; offset > 1 && found.length < count; offset -= 1) {
      const value = start + offset;
      const text = [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
      if (text === block.gateway || usedByServices.has(text)) continue;
      if (interfaces.isTaken(networkUuid, text)) continue;
      found.push(text);
    }
    if (found.length < count) {
      throw conflict('NETWORK_FULL', `The network ${networkUuid} has no free address left.`);
    }
    return found;
  }

  handle(scope, api.plans, async ({ query }) =>
    lbPlans.slice(query.offset, query.offset + query.limit),
  );

  handle(scope, api.list, async ({ request, query }) => {
    const { owner } = principalOf(request);
    return model.repo
      .page(owner.id, labelFilters(query.label), query.limit, query.offset)
      .map((row) => model.record(row));
  });

  handle(scope, api.create, async ({ request, body }) => {
    const { owner } = principalOf(request);
    checkZone(body.zone);
    if (!lbPlans.some((plan) => plan.name === body.plan)) {
      throw invalidAttribute('plan', `There is no plan ${body.plan}.`);
    }
    const repo = model.repo;
    if (repo.named(owner.id, body.name)) {
      throw conflict(
        'LOAD_BALANCER_ALREADY_EXISTS',
        `A load balancer named ${body.name} already exists.`,
      );
    }
    within(repo.ofAccount(owner.id).length, maxLoadBalancersPerAccount, 'load balancers');
    const uuid = newUuid(uuidPrefixes.loadBalancer);
    const at = now();
    const config: LoadBalancerConfig = {
      networks: serviceNetworks(owner.id, uuid, body, at),
      ip_addresses: [],
      backends: body.backends.map((backend) => backendRecord(backend, at)),
      resolvers: body.resolvers.map((resolver) => resolverRecord(resolver, at)),
      frontends: [],
    };
    config.frontends = body.frontends.map((frontend) =>
      frontendRecord(frontend, config.networks, at),
    );
    checkReferences(config, bundleCheck(owner.id));
    billing.requireCredits(owner);
    const row: LoadBalancerRow = {
      uuid,
      account_id: owner.id,
      name: body.name,
      zone: body.zone,
      plan: body.plan,
      network_uuid: body.network_uuid ?? null,
      configured_status: body.configured_status,
      operational_state: 'pending',
      deleting: 0,
      labels: JSON.stringify(body.labels ?? []),
      maintenance_dow: body.maintenance_dow ?? 'sunday',
      maintenance_time: body.maintenance_time ?? '20:00:00Z',
      config: JSON.stringify(config),
      created_at: at,
      updated_at: at,
    };
    return audited.create(request, row, () => {
      repo.insert(row);
      context.jobs.schedule(model.stepJob, uuid, lbStepSeconds);
    });
  });

  handle(scope, api.get, async ({ request, params }) =>
    model.record(ownService(request, params.uuid)),
  );

  handle(scope, api.modify, async ({ request, params, body }) => {
    const row = changeableService(request, params.uuid);
    const { owner } = principalOf(request);
    const repo = model.repo;
    if (body.plan !== undefined && !lbPlans.some((plan) => plan.name === body.plan)) {
      throw invalidAttribute('plan', `There is no plan ${body.plan}.`);
    }
    if (body.name !== undefined && body.name !== row.name && repo.named(owner.id, body.name)) {
      throw conflict(
        'LOAD_BALANCER_ALREADY_EXISTS',
        `A load balancer named ${body.name} already exists.`,
      );
    }
    if (body.configured_status === 'started' && row.configured_status === 'stopped') {
      billing.requireCredits(owner);
    }
    let next: LoadBalancerRow = {
      ...row,
      name: body.name ?? row.name,
      plan: body.plan ?? row.plan,
      configured_status: body.configured_status ?? row.configured_status,
      labels: body.labels ? JSON.stringify(body.labels) : row.labels,
      maintenance_dow: body.maintenance_dow ?? row.maintenance_dow,
      maintenance_time: body.maintenance_time ?? row.maintenance_time,
      updated_at: now(),
    };
    if (next.plan !== row.plan) {
      // A new plan brings a different number of nodes: their public addresses follow.
      const config = configOf(row);
      for (const network of config.networks) {
        if (network.type === 'public') {
          network.addresses = Array.from({ length: nodeCount(next.plan) }, (_, node) =>
            publicNodeAddress(row.uuid, node),
          );
        }
      }
      next = model.reconfigured({ ...next, config: JSON.stringify(config) });
    } else if (next.configured_status !== row.configured_status) {
      next = model.reconfigured(next);
    }
    const final = next;
    return audited.update(request, row, final, () => {
      if (final.plan !== row.plan) model.closeBilling(row, false);
      repo.update(final);
    });
  });

  handle(scope, api.delete, async ({ request, params }) => {
    const row = changeableService(request, params.uuid);
    const next: LoadBalancerRow = {
      ...row,
      deleting: 1,
      operational_state: 'delete-dns',
      updated_at: now(),
    };
    audited.delete(request, row, () => {
      model.closeBilling(row, true);
      context.jobs.cancel(row.uuid);
      model.repo.update(next);
      context.jobs.schedule(model.stepJob, row.uuid, lbStepSeconds);
    });
  });

  handle(scope, api.metrics, async ({ request, params }) => {
    const row = ownService(request, params.uuid);
    const config = configOf(row);
    return {
      frontends: config.frontends.map(({ name }) => ({
        name,
        current_sessions: 0,
        session_rate: 0,
      })),
      backends: config.backends.map((backend) => ({
        name: backend.name,
        members: backend.members.map((member) => ({
          name: member.name,
          ip: member.ip,
          port: member.port,
          status: memberHealth({ interfaces, servers }, row.account_id, member),
        })),
      })),
    };
  });

  /* ---------- networks and addresses ---------- */

  const recordNetworks = (row: LoadBalancerRow) => model.record(row).networks;

  handle(scope, api.listNetworks, async ({ request, params }) =>
    recordNetworks(ownService(request, params.uuid)),
  );
  handle(scope, api.modifyNetwork, async ({ request, params, body }) => {
    let renamed = params.network;
    const current = changeConfig(
      request,
      params.uuid,
      'network',
      (config, at) => {
        const network = part(config.networks, params.network, 'network');
        uniqueName(config.networks, body.name, 'network', network.name);
        for (const frontend of config.frontends) {
          for (const item of frontend.networks)
            if (item.name === network.name) item.name = body.name;
        }
        for (const address of config.ip_addresses) {
          if (address.network_name === network.name) address.network_name = body.name;
        }
        network.name = body.name;
        network.updated_at = at;
        renamed = body.name;
      },
      (config) => config,
    );
    const { addresses, ...network } = part(current.networks, renamed, 'network');
    return { ...network, ip_addresses: addresses.map((address) => ({ address, listen: true })) };
  });

  handle(
    scope,
    api.listIpAddresses,
    async ({ request, params }) => configOf(ownService(request, params.uuid)).ip_addresses,
  );
  handle(scope, api.attachIpAddress, async ({ request, params, body }) => {
    const { owner } = principalOf(request);
    const owned = interfaces
      .addressesNamed(body.address)
      .find((address) => address.account_id === owner.id && address.floating === 1);
    if (!owned) throw partNotFound('floating IP address', body.address);
    if (owned.interface_uuid !== null) {
      throw conflict('IP_ADDRESS_IN_USE', `The address ${body.address} is attached to a server.`);
    }
    const taken = model.repo
      .ofAccount(owner.id)
      .some((row) => configOf(row).ip_addresses.some((item) => item.address === body.address));
    if (taken) {
      throw conflict(
        'IP_ADDRESS_IN_USE',
        `The address ${body.address} is already on a load balancer.`,
      );
    }
    return changeConfig(
      request,
      params.uuid,
      'ip-address',
      (config, at) => {
        const network = part(config.networks, body.network_name, 'network');
        if (network.type !== 'public') {
          throw invalidAttribute('network_name', 'Floating addresses go on a public network.');
        }
        config.ip_addresses.push({ ...body, created_at: at, updated_at: at });
      },
      (config) => config.ip_addresses.find((item) => item.address === body.address)!,
    );
  });
  handle(scope, api.removeIpAddress, async ({ request, params }) => {
    changeConfig(
      request,
      params.uuid,
      'ip-address',
      (config) => {
        part(
          config.ip_addresses.map((item) => ({ ...item, name: item.address })),
          params.address,
          'IP address',
        );
        config.ip_addresses = config.ip_addresses.filter((item) => item.address !== params.address);
      },
      () => undefined,
    );
  });

  /* ---------- named parts: frontends, rules, TLS configs, backends, members, resolvers ---------- */

  /**
   * The five operations of a kind of named part below a service (list, create, get, modify,
   * delete), which behave alike: 404 naming the part, 409 `<PART>_ALREADY_EXISTS` for a second of
   * a name, `LIMIT_REACHED` past the kind's bound, each change audited as an update of the
   * service. What differs by kind is in `record`, `modify` and `inUse`.
   */
  function namedPartRoutes<Part extends { name: string }, E extends PartEndpoints>(spec: {
    endpoints: E;
    /** The path parameter that names the part (the kind unless said). */
    param?: string;
    /** How the service names the kind in its messages ('TLS config'); plural with an s. */
    kind: string;
    /** The audit sub-type of its changes (the kind unless said). */
    subType?: string;
    limit: number;
    /** The parts of this kind in their parent, found from the path (its 404 first). */
    collection: (config: LoadBalancerConfig, params: PartParams) => Part[];
    record: (body: BodyIn<E['create']>, at: string, config: LoadBalancerConfig) => Part;
    /** Applies a change under its new `name` (checked unique already). */
    modify: (change: PartChange<Part, BodyIn<E['modify']>>) => void;
    /** Throws where the part is still used and may not go. */
    inUse?: (config: LoadBalancerConfig, name: string) => void;
  }) {
    const { endpoints, kind, param = kind, subType = kind, collection } = spec;
    const on = <Body>(
      endpoint: Endpoint,
      handler: (input: { request: FastifyRequest; params: PartParams; body: Body }) => unknown,
    ) => handle(scope, endpoint, handler as never);
    const read = (request: FastifyRequest, params: PartParams) =>
      collection(configOf(ownService(request, params.uuid!)), params);
    const named = (config: LoadBalancerConfig, params: PartParams, name: string) =>
      part(collection(config, params), name, kind);

    on(endpoints.list, async ({ request, params }) => read(request, params));
    on(endpoints.get, async ({ request, params }) =>
      part(read(request, params), params[param]!, kind),
    );
    on<BodyIn<E['create']> & { name: string }>(
      endpoints.create,
      async ({ request, params, body }) =>
        changeConfig(
          request,
          params.uuid!,
          subType,
          (config, at) => {
            const items = collection(config, params);
            uniqueName(items, body.name, kind);
            within(items.length, spec.limit, `${kind}s`);
            items.push(spec.record(body, at, config));
          },
          (config) => named(config, params, body.name),
        ),
    );
    on<BodyIn<E['modify']> & { name?: string }>(
      endpoints.modify,
      async ({ request, params, body }) => {
        const name = body.name ?? params[param]!;
        return changeConfig(
          request,
          params.uuid!,
          subType,
          (config, at) => {
            const items = collection(config, params);
            const item = part(items, params[param]!, kind);
            uniqueName(items, name, kind, item.name);
            spec.modify({ item, body, name, config, at });
          },
          (config) => named(config, params, name),
        );
      },
    );
    on(endpoints.delete, async ({ request, params }) => {
      changeConfig(
        request,
        params.uuid!,
        subType,
        (config) => {
          const items = collection(config, params);
          const item = part(items, params[param]!, kind);
          spec.inUse?.(config, item.name);
          items.splice(items.indexOf(item), 1);
        },
        () => undefined,
      );
    });
  }

  const frontendOf = (config: LoadBalancerConfig, name: string) =>
    part(config.frontends, name, 'frontend');
  const backendOf = (config: LoadBalancerConfig, name: string) =>
    part(config.backends, name, 'backend');

  namedPartRoutes({
    endpoints: partEndpoints('Frontend'),
    kind: 'frontend',
    limit: limits.frontends,
    collection: (config) => config.frontends,
    record: (body, at, config) => frontendRecord(body, config.networks, at),
    modify: ({ item, body, name, at }) =>
      Object.assign(item, {
        name,
        mode: body.mode ?? item.mode,
        port: body.port ?? item.port,
        default_backend: body.default_backend ?? item.default_backend,
        networks: body.networks ?? item.networks,
        properties: { ...item.properties, ...body.properties },
        updated_at: at,
      }),
  });

  const rules = (config: LoadBalancerConfig, params: PartParams) =>
    frontendOf(config, params.frontend!).rules;
  namedPartRoutes({
    endpoints: partEndpoints('Rule'),
    kind: 'rule',
    subType: 'frontend-rule',
    limit: limits.rules,
    collection: rules,
    record: ruleRecord,
    modify: ({ item, body, name, at }) =>
      Object.assign(item, {
        name,
        priority: body.priority ?? item.priority,
        matching_condition: body.matching_condition ?? item.matching_condition,
        updated_at: at,
      }),
  });
  /** A rule replaced whole (PUT): a new record under the body's name, its creation time kept. */
  handle(scope, api.replaceRule, async ({ request, params, body }) =>
    changeConfig(
      request,
      params.uuid,
      'frontend-rule',
      (config, at) => {
        const items = rules(config, params);
        const rule = part(items, params.rule, 'rule');
        uniqueName(items, body.name, 'rule', rule.name);
        Object.assign(rule, { ...ruleRecord(body, at), created_at: rule.created_at });
      },
      (config) => part(rules(config, params), body.name, 'rule'),
    ),
  );

  const tlsConfigs = {
    param: 'name',
    kind: 'TLS config',
    limit: limits.tlsConfigs,
    record: tlsConfigRecord,
    modify: ({
      item,
      body,
      name,
      at,
    }: PartChange<TlsConfig, BodyIn<typeof api.modifyFrontendTlsConfig>>) =>
      Object.assign(item, {
        name,
        certificate_bundle_uuid: body.certificate_bundle_uuid ?? item.certificate_bundle_uuid,
        updated_at: at,
      }),
  };
  namedPartRoutes({
    ...tlsConfigs,
    endpoints: partEndpoints('FrontendTlsConfig'),
    subType: 'frontend-tls-config',
    collection: (config, params) => frontendOf(config, params.frontend!).tls_configs,
  });
  namedPartRoutes({
    ...tlsConfigs,
    endpoints: partEndpoints('BackendTlsConfig'),
    subType: 'backend-tls-config',
    collection: (config, params) => backendOf(config, params.backend!).tls_configs,
  });

  namedPartRoutes({
    endpoints: partEndpoints('Backend'),
    kind: 'backend',
    limit: limits.backends,
    collection: (config) => config.backends,
    record: backendRecord,
    modify: ({ item, body, name, config, at }) => {
      if (name !== item.name) renameBackend(config, item.name, name);
      Object.assign(item, {
        name,
        resolver: body.resolver ?? item.resolver,
        properties: { ...item.properties, ...body.properties },
        updated_at: at,
      });
    },
    inUse: (config, name) => {
      const users = backendUsers(config, name);
      if (users.length > 0) {
        throw conflict(
          'BACKEND_IN_USE',
          `The backend ${name} is used by ${users.join(', ')}; change or remove them first.`,
        );
      }
    },
  });

  namedPartRoutes({
    endpoints: partEndpoints('Member'),
    kind: 'member',
    subType: 'backend-member',
    limit: limits.members,
    collection: (config, params) => backendOf(config, params.backend!).members,
    record: memberRecord,
    modify: ({ item, body, name, at }) => {
      const next = {
        ...item,
        name,
        type: body.type ?? item.type,
        ip: body.ip === undefined ? item.ip : body.ip,
        port: body.port === undefined ? item.port : body.port,
        weight: body.weight ?? item.weight,
        max_sessions: body.max_sessions ?? item.max_sessions,
        enabled: body.enabled ?? item.enabled,
        updated_at: at,
      };
      if (next.type === 'static' && (!next.ip || !next.port)) {
        throw invalidAttribute('ip', 'A static member needs its ip and port.');
      }
      Object.assign(item, next);
    },
  });

  namedPartRoutes({
    endpoints: partEndpoints('Resolver'),
    kind: 'resolver',
    limit: limits.resolvers,
    collection: (config) => config.resolvers,
    record: resolverRecord,
    modify: ({ item, body, name, config, at }) => {
      for (const backend of config.backends) {
        if (backend.resolver === item.name) backend.resolver = name;
      }
      Object.assign(item, { ...body, name, updated_at: at });
    },
    inUse: (config, name) => {
      const users = config.backends.filter((backend) => backend.resolver === name);
      if (users.length > 0) {
        throw conflict(
          'RESOLVER_IN_USE',
          `The resolver ${name} is used by backend ${users.map((item) => item.name).join(', ')}.`,
        );
      }
    },
  });

  /* ---------- certificate bundles ---------- */

  const bundleRecord = (row: CertificateBundleRow): CertificateBundle => ({
    uuid: row.uuid,
    name: row.name,
    type: row.type,
    ...(row.certificate !== null ? { certificate: row.certificate } : {}),
    ...(row.intermediates !== null ? { intermediates: row.intermediates } : {}),
    ...(row.hostnames !== null ? { hostnames: JSON.parse(row.hostnames) as string[] } : {}),
    ...(row.key_type !== null ? { key_type: row.key_type } : {}),
    not_before: row.not_before,
    not_after: row.not_after,
    operational_state: row.operational_state,
    labels: [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  });
  const auditedBundle = auditedResource(audit, {
    resourceType: 'managed-loadbalancer-certificate-bundle',
    record: bundleRecord,
  });

  /** A dynamic bundle has no certificate until its challenge completes: zero times, as the service shows. */
  const zeroTime = '0001-01-01T00:00:00Z';

  handle(scope, api.dnsChallengeDomain, async ({ request }) => {
    const { owner } = principalOf(request);
    const digest = Buffer.from(`${owner.id}:${owner.username}`).toString('hex').padEnd(48, '0');
    return { domain: `_acme-challenge.${digest.slice(0, 48)}.upcloudlb.com` };
  });
  handle(scope, api.listCertificateBundles, async ({ request, query }) =>
    model.repo
      .bundlePage(principalOf(request).owner.id, query.limit, query.offset)
      .map(bundleRecord),
  );
  handle(scope, api.getCertificateBundle, async ({ request, params }) =>
    bundleRecord(ownBundle(request, params.uuid)),
  );
  handle(scope, api.createCertificateBundle, async ({ request, body }) => {
    const { owner } = principalOf(request);
    const repo = model.repo;
    if (repo.bundleNamed(owner.id, body.name)) {
      throw conflict(
        'CERTIFICATE_BUNDLE_ALREADY_EXISTS',
        `A certificate bundle named ${body.name} already exists.`,
      );
    }
    within(repo.bundleCount(owner.id), maxBundlesPerAccount, 'certificate bundles');
    const at = now();
    const checked =
      body.type === 'dynamic'
        ? undefined
        : checkCertificate(body.certificate!, body.private_key, body.intermediates || undefined);
    const row: CertificateBundleRow = {
      uuid: newUuid(uuidPrefixes.loadBalancer),
      account_id: owner.id,
      name: body.name,
      type: body.type,
      certificate: body.certificate ?? null,
      intermediates: body.intermediates ?? null,
      private_key: body.private_key ?? null,
      key_type: body.type === 'dynamic' ? (body.key_type ?? 'rsa') : checked!.key_type,
      hostnames: JSON.stringify(body.hostnames ?? checked?.hostnames ?? []),
      not_before: checked?.not_before ?? zeroTime,
      not_after: checked?.not_after ?? zeroTime,
      operational_state: 'idle',
      created_at: at,
      updated_at: at,
    };
    return auditedBundle.create(request, row, () => repo.insertBundle(row));
  });
  handle(scope, api.modifyCertificateBundle, async ({ request, params, body }) => {
    const row = ownBundle(request, params.uuid);
    const repo = model.repo;
    if (
      body.name !== undefined &&
      body.name !== row.name &&
      repo.bundleNamed(row.account_id, body.name)
    ) {
      throw conflict(
        'CERTIFICATE_BUNDLE_ALREADY_EXISTS',
        `A certificate bundle named ${body.name} already exists.`,
      );
    }
    if (row.type === 'dynamic' && (body.certificate ?? body.private_key) !== undefined) {
      throw invalidAttribute(
        'certificate',
        'A dynamic bundle’s certificate is issued by the service.',
      );
    }
    if (row.type !== 'dynamic' && body.hostnames !== undefined) {
      throw invalidAttribute('hostnames', 'Only a dynamic bundle takes hostnames.');
    }
    const certificate = body.certificate ?? row.certificate;
    const privateKey = body.private_key ?? row.private_key;
    const intermediates = body.intermediates ?? row.intermediates;
    const checked =
      row.type === 'dynamic'
        ? undefined
        : checkCertificate(certificate!, privateKey ?? undefined, intermediates || undefined);
    const next: CertificateBundleRow = {
      ...row,
      name: body.name ?? row.name,
      certificate,
      private_key: privateKey,
      intermediates,
      hostnames: JSON.stringify(
        body.hostnames ?? checked?.hostnames ?? JSON.parse(row.hostnames ?? '[]'),
      ),
      not_before: checked?.not_before ?? row.not_before,
      not_after: checked?.not_after ?? row.not_after,
      updated_at: now(),
    };
    return auditedBundle.update(request, row, next, () => repo.updateBundle(next));
  });
  handle(scope, api.deleteCertificateBundle, async ({ request, params }) => {
    const row = ownBundle(request, params.uuid);
    const users = model.repo.ofAccount(row.account_id).filter((service) => {
      const config = configOf(service);
      return [...config.frontends, ...config.backends].some((item) =>
        item.tls_configs.some((tls) => tls.certificate_bundle_uuid === row.uuid),
      );
    });
    if (users.length > 0) {
      throw conflict(
        'CERTIFICATE_BUNDLE_IN_USE',
        `The certificate bundle ${row.uuid} is used by load balancer ${users.map((item) => item.name).join(', ')}.`,
      );
    }
    auditedBundle.delete(request, row, () => model.repo.deleteBundle(row.uuid));
  });
};
