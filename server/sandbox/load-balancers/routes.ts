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
import { handle } from '../http/endpoint-route';
import { invalidAttribute } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
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
    return audit.change(auditContext(request), {
      action: 'create',
      resourceType: 'managed-loadbalancer',
      resourceId: uuid,
      write: () => {
        repo.insert(row);
        context.jobs.schedule(model.stepJob, uuid, lbStepSeconds);
      },
      after: () => model.record(row),
    }).current;
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
    return audit.change(auditContext(request), {
      action: 'update',
      resourceType: 'managed-loadbalancer',
      resourceId: row.uuid,
      before: () => model.record(row),
      write: () => {
        if (final.plan !== row.plan) model.closeBilling(row, false);
        repo.update(final);
      },
      after: () => model.record(final),
    }).current;
  });

  handle(scope, api.delete, async ({ request, params }) => {
    const row = changeableService(request, params.uuid);
    const next: LoadBalancerRow = {
      ...row,
      deleting: 1,
      operational_state: 'delete-dns',
      updated_at: now(),
    };
    audit.change(auditContext(request), {
      action: 'delete',
      resourceType: 'managed-loadbalancer',
      resourceId: row.uuid,
      before: () => model.record(row),
      write: () => {
        model.closeBilling(row, true);
        context.jobs.cancel(row.uuid);
        model.repo.update(next);
        context.jobs.schedule(model.stepJob, row.uuid, lbStepSeconds);
      },
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

  /* ---------- frontends, rules, frontend TLS configs ---------- */

  handle(
    scope,
    api.listFrontends,
    async ({ request, params }) => configOf(ownService(request, params.uuid)).frontends,
  );
  handle(scope, api.createFrontend, async ({ request, params, body }) =>
    changeConfig(
      request,
      params.uuid,
      'frontend',
      (config, at) => {
        uniqueName(config.frontends, body.name, 'frontend');
        within(config.frontends.length, limits.frontends, 'frontends');
        config.frontends.push(frontendRecord(body, config.networks, at));
      },
      (config) => part(config.frontends, body.name, 'frontend'),
    ),
  );
  handle(scope, api.getFrontend, async ({ request, params }) =>
    part(configOf(ownService(request, params.uuid)).frontends, params.frontend, 'frontend'),
  );
  handle(scope, api.modifyFrontend, async ({ request, params, body }) => {
    const name = body.name ?? params.frontend;
    return changeConfig(
      request,
      params.uuid,
      'frontend',
      (config, at) => {
        const frontend = part(config.frontends, params.frontend, 'frontend');
        uniqueName(config.frontends, name, 'frontend', frontend.name);
        Object.assign(frontend, {
          name,
          mode: body.mode ?? frontend.mode,
          port: body.port ?? frontend.port,
          default_backend: body.default_backend ?? frontend.default_backend,
          networks: body.networks ?? frontend.networks,
          properties: { ...frontend.properties, ...body.properties },
          updated_at: at,
        });
      },
      (config) => part(config.frontends, name, 'frontend'),
    );
  });
  handle(scope, api.deleteFrontend, async ({ request, params }) => {
    changeConfig(
      request,
      params.uuid,
      'frontend',
      (config) => {
        part(config.frontends, params.frontend, 'frontend');
        config.frontends = config.frontends.filter((item) => item.name !== params.frontend);
      },
      () => undefined,
    );
  });

  const frontendOf = (config: LoadBalancerConfig, name: string) =>
    part(config.frontends, name, 'frontend');

  handle(
    scope,
    api.listRules,
    async ({ request, params }) =>
      frontendOf(configOf(ownService(request, params.uuid)), params.frontend).rules,
  );
  handle(scope, api.createRule, async ({ request, params, body }) =>
    changeConfig(
      request,
      params.uuid,
      'frontend-rule',
      (config, at) => {
        const frontend = frontendOf(config, params.frontend);
        uniqueName(frontend.rules, body.name, 'rule');
        within(frontend.rules.length, limits.rules, 'rules');
        frontend.rules.push(ruleRecord(body, at));
      },
      (config) => part(frontendOf(config, params.frontend).rules, body.name, 'rule'),
    ),
  );
  handle(scope, api.getRule, async ({ request, params }) =>
    part(
      frontendOf(configOf(ownService(request, params.uuid)), params.frontend).rules,
      params.rule,
      'rule',
    ),
  );
  handle(scope, api.replaceRule, async ({ request, params, body }) =>
    changeConfig(
      request,
      params.uuid,
      'frontend-rule',
      (config, at) => {
        const frontend = frontendOf(config, params.frontend);
        const rule = part(frontend.rules, params.rule, 'rule');
        uniqueName(frontend.rules, body.name, 'rule', rule.name);
        Object.assign(rule, { ...ruleRecord(body, at), created_at: rule.created_at });
      },
      (config) => part(frontendOf(config, params.frontend).rules, body.name, 'rule'),
    ),
  );
  handle(scope, api.modifyRule, async ({ request, params, body }) => {
    const name = body.name ?? params.rule;
    return changeConfig(
      request,
      params.uuid,
      'frontend-rule',
      (config, at) => {
        const frontend = frontendOf(config, params.frontend);
        const rule = part(frontend.rules, params.rule, 'rule');
        uniqueName(frontend.rules, name, 'rule', rule.name);
        Object.assign(rule, {
          name,
          priority: body.priority ?? rule.priority,
          matching_condition: body.matching_condition ?? rule.matching_condition,
          updated_at: at,
        });
      },
      (config) => part(frontendOf(config, params.frontend).rules, name, 'rule'),
    );
  });
  handle(scope, api.deleteRule, async ({ request, params }) => {
    changeConfig(
      request,
      params.uuid,
      'frontend-rule',
      (config) => {
        const frontend = frontendOf(config, params.frontend);
        part(frontend.rules, params.rule, 'rule');
        frontend.rules = frontend.rules.filter((item) => item.name !== params.rule);
      },
      () => undefined,
    );
  });

  /** The TLS config operations of a frontend or a backend, which behave alike. */
  function tlsConfigRoutes(
    kind: 'frontend' | 'backend',
    holder: (
      config: LoadBalancerConfig,
      params: Record<string, string>,
    ) => {
      tls_configs: ReturnType<typeof tlsConfigRecord>[];
    },
  ) {
    const endpoints =
      kind === 'frontend'
        ? {
            list: api.listFrontendTlsConfigs,
            create: api.createFrontendTlsConfig,
            get: api.getFrontendTlsConfig,
            modify: api.modifyFrontendTlsConfig,
            delete: api.deleteFrontendTlsConfig,
          }
        : {
            list: api.listBackendTlsConfigs,
            create: api.createBackendTlsConfig,
            get: api.getBackendTlsConfig,
            modify: api.modifyBackendTlsConfig,
            delete: api.deleteBackendTlsConfig,
          };
    const subType = `${kind}-tls-config`;
    handle(
      scope,
      endpoints.list,
      async ({ request, params }) =>
        holder(configOf(ownService(request, params.uuid)), params).tls_configs,
    );
    handle(scope, endpoints.get, async ({ request, params }) =>
      part(
        holder(configOf(ownService(request, params.uuid)), params).tls_configs,
        params.name,
        'TLS config',
      ),
    );
    handle(scope, endpoints.create, async ({ request, params, body }) =>
      changeConfig(
        request,
        params.uuid,
        subType,
        (config, at) => {
          const target = holder(config, params);
          uniqueName(target.tls_configs, body.name, 'TLS config');
          within(target.tls_configs.length, limits.tlsConfigs, 'TLS configs');
          target.tls_configs.push(tlsConfigRecord(body, at));
        },
        (config) => part(holder(config, params).tls_configs, body.name, 'TLS config'),
      ),
    );
    handle(scope, endpoints.modify, async ({ request, params, body }) => {
      const name = body.name ?? params.name;
      return changeConfig(
        request,
        params.uuid,
        subType,
        (config, at) => {
          const target = holder(config, params);
          const tls = part(target.tls_configs, params.name, 'TLS config');
          uniqueName(target.tls_configs, name, 'TLS config', tls.name);
          Object.assign(tls, {
            name,
            certificate_bundle_uuid: body.certificate_bundle_uuid ?? tls.certificate_bundle_uuid,
            updated_at: at,
          });
        },
        (config) => part(holder(config, params).tls_configs, name, 'TLS config'),
      );
    });
    handle(scope, endpoints.delete, async ({ request, params }) => {
      changeConfig(
        request,
        params.uuid,
        subType,
        (config) => {
          const target = holder(config, params);
          part(target.tls_configs, params.name, 'TLS config');
          target.tls_configs = target.tls_configs.filter((item) => item.name !== params.name);
        },
        () => undefined,
      );
    });
  }
  tlsConfigRoutes('frontend', (config, params) => frontendOf(config, params.frontend!));
  tlsConfigRoutes('backend', (config, params) => part(config.backends, params.backend!, 'backend'));

  /* ---------- backends and members ---------- */

  handle(
    scope,
    api.listBackends,
    async ({ request, params }) => configOf(ownService(request, params.uuid)).backends,
  );
  handle(scope, api.createBackend, async ({ request, params, body }) =>
    changeConfig(
      request,
      params.uuid,
      'backend',
      (config, at) => {
        uniqueName(config.backends, body.name, 'backend');
        within(config.backends.length, limits.backends, 'backends');
        config.backends.push(backendRecord(body, at));
      },
      (config) => part(config.backends, body.name, 'backend'),
    ),
  );
  handle(scope, api.getBackend, async ({ request, params }) =>
    part(configOf(ownService(request, params.uuid)).backends, params.backend, 'backend'),
  );
  handle(scope, api.modifyBackend, async ({ request, params, body }) => {
    const name = body.name ?? params.backend;
    return changeConfig(
      request,
      params.uuid,
      'backend',
      (config, at) => {
        const backend = part(config.backends, params.backend, 'backend');
        uniqueName(config.backends, name, 'backend', backend.name);
        if (name !== backend.name) renameBackend(config, backend.name, name);
        Object.assign(backend, {
          name,
          resolver: body.resolver ?? backend.resolver,
          properties: { ...backend.properties, ...body.properties },
          updated_at: at,
        });
      },
      (config) => part(config.backends, name, 'backend'),
    );
  });
  handle(scope, api.deleteBackend, async ({ request, params }) => {
    changeConfig(
      request,
      params.uuid,
      'backend',
      (config) => {
        part(config.backends, params.backend, 'backend');
        const users = backendUsers(config, params.backend);
        if (users.length > 0) {
          throw conflict(
            'BACKEND_IN_USE',
            `The backend ${params.backend} is used by ${users.join(', ')}; change or remove them first.`,
          );
        }
        config.backends = config.backends.filter((item) => item.name !== params.backend);
      },
      () => undefined,
    );
  });

  const backendOf = (config: LoadBalancerConfig, name: string) =>
    part(config.backends, name, 'backend');

  handle(
    scope,
    api.listMembers,
    async ({ request, params }) =>
      backendOf(configOf(ownService(request, params.uuid)), params.backend).members,
  );
  handle(scope, api.createMember, async ({ request, params, body }) =>
    changeConfig(
      request,
      params.uuid,
      'backend-member',
      (config, at) => {
        const backend = backendOf(config, params.backend);
        uniqueName(backend.members, body.name, 'member');
        within(backend.members.length, limits.members, 'members');
        backend.members.push(memberRecord(body, at));
      },
      (config) => part(backendOf(config, params.backend).members, body.name, 'member'),
    ),
  );
  handle(scope, api.getMember, async ({ request, params }) =>
    part(
      backendOf(configOf(ownService(request, params.uuid)), params.backend).members,
      params.member,
      'member',
    ),
  );
  handle(scope, api.modifyMember, async ({ request, params, body }) => {
    const name = body.name ?? params.member;
    return changeConfig(
      request,
      params.uuid,
      'backend-member',
      (config, at) => {
        const backend = backendOf(config, params.backend);
        const member = part(backend.members, params.member, 'member');
        uniqueName(backend.members, name, 'member', member.name);
        const next = {
          ...member,
          name,
          type: body.type ?? member.type,
          ip: body.ip === undefined ? member.ip : body.ip,
          port: body.port === undefined ? member.port : body.port,
          weight: body.weight ?? member.weight,
          max_sessions: body.max_sessions ?? member.max_sessions,
          enabled: body.enabled ?? member.enabled,
          updated_at: at,
        };
        if (next.type === 'static' && (!next.ip || !next.port)) {
          throw invalidAttribute('ip', 'A static member needs its ip and port.');
        }
        Object.assign(member, next);
      },
      (config) => part(backendOf(config, params.backend).members, name, 'member'),
    );
  });
  handle(scope, api.deleteMember, async ({ request, params }) => {
    changeConfig(
      request,
      params.uuid,
      'backend-member',
      (config) => {
        const backend = backendOf(config, params.backend);
        part(backend.members, params.member, 'member');
        backend.members = backend.members.filter((item) => item.name !== params.member);
      },
      () => undefined,
    );
  });

  /* ---------- resolvers ---------- */

  handle(
    scope,
    api.listResolvers,
    async ({ request, params }) => configOf(ownService(request, params.uuid)).resolvers,
  );
  handle(scope, api.createResolver, async ({ request, params, body }) =>
    changeConfig(
      request,
      params.uuid,
      'resolver',
      (config, at) => {
        uniqueName(config.resolvers, body.name, 'resolver');
        within(config.resolvers.length, limits.resolvers, 'resolvers');
        config.resolvers.push(resolverRecord(body, at));
      },
      (config) => part(config.resolvers, body.name, 'resolver'),
    ),
  );
  handle(scope, api.getResolver, async ({ request, params }) =>
    part(configOf(ownService(request, params.uuid)).resolvers, params.resolver, 'resolver'),
  );
  handle(scope, api.modifyResolver, async ({ request, params, body }) => {
    const name = body.name ?? params.resolver;
    return changeConfig(
      request,
      params.uuid,
      'resolver',
      (config, at) => {
        const resolver = part(config.resolvers, params.resolver, 'resolver');
        uniqueName(config.resolvers, name, 'resolver', resolver.name);
        for (const backend of config.backends) {
          if (backend.resolver === resolver.name) backend.resolver = name;
        }
        Object.assign(resolver, { ...body, name, updated_at: at });
      },
      (config) => part(config.resolvers, name, 'resolver'),
    );
  });
  handle(scope, api.deleteResolver, async ({ request, params }) => {
    changeConfig(
      request,
      params.uuid,
      'resolver',
      (config) => {
        part(config.resolvers, params.resolver, 'resolver');
        const users = config.backends.filter((backend) => backend.resolver === params.resolver);
        if (users.length > 0) {
          throw conflict(
            'RESOLVER_IN_USE',
            `The resolver ${params.resolver} is used by backend ${users.map((item) => item.name).join(', ')}.`,
          );
        }
        config.resolvers = config.resolvers.filter((item) => item.name !== params.resolver);
      },
      () => undefined,
    );
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
    return audit.change(auditContext(request), {
      action: 'create',
      resourceType: 'managed-loadbalancer-certificate-bundle',
      resourceId: row.uuid,
      write: () => repo.insertBundle(row),
      after: () => bundleRecord(row),
    }).current;
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
    return audit.change(auditContext(request), {
      action: 'update',
      resourceType: 'managed-loadbalancer-certificate-bundle',
      resourceId: row.uuid,
      before: () => bundleRecord(row),
      write: () => repo.updateBundle(next),
      after: () => bundleRecord(next),
    }).current;
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
    audit.change(auditContext(request), {
      action: 'delete',
      resourceType: 'managed-loadbalancer-certificate-bundle',
      resourceId: row.uuid,
      before: () => bundleRecord(row),
      write: () => model.repo.deleteBundle(row.uuid),
    });
  });
};
