import type { Clock } from './clock';
import { systemClock } from './clock';
import { createAuditLog } from './audit';
import type { PriceEntry } from '../../contract/price';
import { createBillingLedger } from './billing';
import { zonePriceLists } from './catalog';
import { createFaults } from './faults';
import { changeVersion, createResponseCache } from './response-cache';
import { createAuthenticator } from './http/auth';
import { createJobRunner } from './jobs';
import { createResources } from './resources';
import { seedSandbox } from './seed';
import { registerTransitions } from './transitions';
import { createAccountRepository } from './store/accounts';
import type { Db } from './store/database';
import { clearDatabase, migrateDomain, openDatabase } from './store/database';
import type { SandboxDomain } from './domain';
import { sandboxDomains } from './domains';
import { createServerRepository } from './store/servers';
import { createStorageRepository } from './store/storages';
import { createTokenRepository } from './store/tokens';
import { createKubernetesRepository } from './store/kubernetes';
import { createKubernetesModel } from './kubernetes/model';
import { billKubernetesNodes } from './kubernetes/billing';
import {
  createInterfaceRepository,
  createNetworkRepository,
  createPeeringRepository,
} from './store/networks';
import { createNetworking, registerNetworkTransitions } from './networking';
import { defaultPasswordCost, hashPassword } from './credentials';

export interface SandboxOptions {
  /** SQLite file, or `:memory:` for a private throwaway database. */
  database: string;
  /** Empty the database and seed it again. */
  reset?: boolean;
  /** How much faster than real time simulated operations run (SANDBOX_TIME_SCALE). */
  timeScale?: number;
  clock?: Clock;
  /** Failed authentications one address may make per window (default 20 a minute). */
  authFailureLimit?: number;
  authFailureWindowMs?: number;
  /** Keep answers of cacheable reads in memory (default); benchmarks of the database turn it off. */
  cacheResponses?: boolean;
  /** Start in maintenance: every API request answers 503 until switched off (SANDBOX_MAINTENANCE). */
  maintenance?: boolean;
  /** Check every answer against its endpoint's response schema (tests). */
  checkAnswers?: boolean;
  /** The resource groups served (every group unless a test narrows or extends it). */
  domains?: readonly SandboxDomain[];
  /** scrypt's N for the passwords this sandbox hashes (SANDBOX_PASSWORD_COST; default 16,384). */
  passwordCost?: number;
  /** Where a failed background transition is reported. */
  onJobError?: (error: unknown, job: { kind: string; resource_id: string }) => void;
}

export function createSandboxContext(options: SandboxOptions) {
  const db: Db = openDatabase(options.database);
  // Before the repositories: their statements may name a column a domain migration adds.
  const domains = options.domains ?? sandboxDomains;
  for (const domain of domains) migrateDomain(db, domain.name, domain.migrations ?? []);
  const clock = options.clock ?? systemClock;
  const accounts = createAccountRepository(db);
  const tokens = createTokenRepository(db);
  const prices = zonePriceLists(
    Object.assign({}, ...domains.map((domain) => domain.prices ?? {})) as Record<
      string,
      PriceEntry
    >,
  );
  const billing = createBillingLedger(db, clock, prices);
  const storages = billing.trackStorages(createStorageRepository(db));
  const servers = billing.trackServers(createServerRepository(db));
  const networks = createNetworkRepository(db);
  const interfaces = billing.trackAddresses(createInterfaceRepository(db));
  const peerings = createPeeringRepository(db);
  const networking = createNetworking({ networks, interfaces, peerings, servers, clock });
  if (options.reset) clearDatabase(db);
  db.transaction(networking.ensureSharedNetworks)();
  const passwordCost = options.passwordCost ?? defaultPasswordCost;
  const hash = (password: string) => hashPassword(password, passwordCost);
  const fresh = accounts.isEmpty();
  const audit = createAuditLog(db, clock);
  if (fresh) {
    seedSandbox({ db, accounts, storages, servers, clock, networking, audit, hashPassword: hash });
  }
  const timeScale = options.timeScale ?? 1;
  const jobs = createJobRunner({
    db,
    clock,
    timeScale,
    onError: options.onJobError ?? ((error) => console.error('sandbox job failed', error)),
  });
  const resources = createResources({ storages, servers, jobs, clock, networking });
  registerTransitions({ jobs, storages, servers, resources });
  const kubernetes = billKubernetesNodes(db, billing, createKubernetesRepository(db));
  const kubernetesModel = createKubernetesModel({ kubernetes, jobs, clock });
  kubernetesModel.registerTransitions();
  registerNetworkTransitions({ jobs, networks, peerings, networking });
  const context = {
    /** Hashes a new password at this sandbox's cost. */
    hashPassword: hash,
    domains,
    db,
    clock,
    timeScale,
    jobs,
    resources,
    audit,
    accounts,
    tokens,
    storages,
    servers,
    billing,
    /** Every zone's price list, with the domains' entries. */
    prices,
    kubernetes,
    kubernetesModel,
    faults: createFaults({ maintenance: options.maintenance ?? false }),
    responses: options.cacheResponses === false ? undefined : createResponseCache(db),
    networks,
    interfaces,
    peerings,
    networking,
    authenticate: createAuthenticator({
      hashPassword: hash,
      accounts,
      tokens,
      clock,
      failureLimit: options.authFailureLimit ?? 20,
      failureWindowMs: options.authFailureWindowMs ?? 60_000,
      version: changeVersion(db),
    }),
    checkAnswers: options.checkAnswers ?? false,
    /** Every registered API route, for the authentication matrix test and for 405 answers. */
    routes: [] as { method: string; url: string }[],
  };
  for (const domain of domains) domain.setup?.(context);
  if (fresh) for (const domain of domains) db.transaction(() => domain.seed?.(context))();
  return context;
}
export type SandboxContext = ReturnType<typeof createSandboxContext>;
