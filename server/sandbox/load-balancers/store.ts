import type { Label } from '../../../contract/common';
import type { LabelFilter } from '../../../contract/labels';
import type {
  LoadBalancerBackend,
  LoadBalancerFrontend,
  LoadBalancerOperationalState,
  LoadBalancerResolver,
} from '../../../contract/load-balancer';
import type { DomainMigration } from '../domain';
import type { Db } from '../store/database';
import { labelFiltersParameter } from '../store/list-queries';

/** The group's own tables (docs/load-balancers.md §Storage), numbered within the domain. */
export const loadBalancerMigrations: readonly DomainMigration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE load_balancers (
        uuid TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        zone TEXT NOT NULL,
        plan TEXT NOT NULL,
        network_uuid TEXT,
        configured_status TEXT NOT NULL,
        operational_state TEXT NOT NULL,
        deleting INTEGER NOT NULL DEFAULT 0,
        labels TEXT NOT NULL,
        maintenance_dow TEXT NOT NULL,
        maintenance_time TEXT NOT NULL,
        config TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX load_balancers_account ON load_balancers (account_id, created_at);
      CREATE TABLE load_balancer_certificate_bundles (
        uuid TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        certificate TEXT,
        intermediates TEXT,
        private_key TEXT,
        key_type TEXT,
        hostnames TEXT,
        not_before TEXT NOT NULL,
        not_after TEXT NOT NULL,
        operational_state TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX load_balancer_bundles_account ON load_balancer_certificate_bundles (account_id, created_at);
    `,
  },
];

/** A network of the service as stored: its record's fields and the node addresses on it. */
export interface StoredNetwork {
  name: string;
  type: 'public' | 'private';
  family: 'IPv4';
  uuid?: string;
  dns_name: string;
  /** The node's addresses: on a private network the first listens, the second is the node's own. */
  addresses: string[];
  created_at: string;
  updated_at: string;
}

export interface StoredFloatingAddress {
  address: string;
  network_name: string;
  created_at: string;
  updated_at: string;
}

/** Everything below the service, stored as one document: it is read and written whole. */
export interface LoadBalancerConfig {
  networks: StoredNetwork[];
  ip_addresses: StoredFloatingAddress[];
  frontends: LoadBalancerFrontend[];
  backends: LoadBalancerBackend[];
  resolvers: LoadBalancerResolver[];
}

export interface LoadBalancerRow {
  uuid: string;
  account_id: number;
  name: string;
  zone: string;
  plan: string;
  network_uuid: string | null;
  configured_status: 'started' | 'stopped';
  operational_state: LoadBalancerOperationalState;
  deleting: number;
  labels: string;
  maintenance_dow: string;
  maintenance_time: string;
  config: string;
  created_at: string;
  updated_at: string;
}

export interface CertificateBundleRow {
  uuid: string;
  account_id: number;
  name: string;
  type: 'manual' | 'authority' | 'dynamic';
  certificate: string | null;
  intermediates: string | null;
  private_key: string | null;
  key_type: string | null;
  hostnames: string | null;
  not_before: string;
  not_after: string;
  operational_state: 'idle' | 'pending' | 'setup-challenge' | 'complete-challenge';
  created_at: string;
  updated_at: string;
}

export const configOf = (row: LoadBalancerRow) => JSON.parse(row.config) as LoadBalancerConfig;
export const labelsOf = (row: LoadBalancerRow) => JSON.parse(row.labels) as Label[];

export function createLoadBalancerRepository(db: Db) {
  const byUuid = db.prepare<[string], LoadBalancerRow>(
    'SELECT * FROM load_balancers WHERE uuid = ?',
  );
  // Label keys compare without case (api-rules §2.8.3): the filters come lower-cased. `+@limit`
  // page bounds are planned once (store/list-queries.ts).
  const page = db.prepare<
    { account_id: number; label_filters: string; limit: number; offset: number },
    LoadBalancerRow
  >(`SELECT * FROM load_balancers s WHERE account_id = @account_id
      AND NOT EXISTS (SELECT 1 FROM json_each(@label_filters) f WHERE NOT EXISTS (
        SELECT 1 FROM json_each(s.labels) l WHERE lower(l.value ->> 'key') = f.value ->> 'key'
          AND (f.value ->> 'value' IS NULL OR l.value ->> 'value' = f.value ->> 'value')))
      ORDER BY created_at, uuid LIMIT +@limit OFFSET +@offset`);
  const ofAccount = db.prepare<[number], LoadBalancerRow>(
    'SELECT * FROM load_balancers WHERE account_id = ? ORDER BY created_at, uuid',
  );
  const named = db.prepare<[number, string], LoadBalancerRow>(
    'SELECT * FROM load_balancers WHERE account_id = ? AND name = ?',
  );
  const insert = db.prepare(`
    INSERT INTO load_balancers (uuid, account_id, name, zone, plan, network_uuid,
      configured_status, operational_state, deleting, labels, maintenance_dow, maintenance_time,
      config, created_at, updated_at)
    VALUES (@uuid, @account_id, @name, @zone, @plan, @network_uuid, @configured_status,
      @operational_state, @deleting, @labels, @maintenance_dow, @maintenance_time, @config,
      @created_at, @updated_at)`);
  const update = db.prepare(`
    UPDATE load_balancers SET name = @name, plan = @plan, configured_status = @configured_status,
      operational_state = @operational_state, deleting = @deleting, labels = @labels,
      maintenance_dow = @maintenance_dow, maintenance_time = @maintenance_time, config = @config,
      updated_at = @updated_at
    WHERE uuid = @uuid`);
  const remove = db.prepare('DELETE FROM load_balancers WHERE uuid = ?');

  const bundle = db.prepare<[string], CertificateBundleRow>(
    'SELECT * FROM load_balancer_certificate_bundles WHERE uuid = ?',
  );
  const bundlePage = db.prepare<[number, number, number], CertificateBundleRow>(
    `SELECT * FROM load_balancer_certificate_bundles WHERE account_id = ?
      ORDER BY created_at, uuid LIMIT +? OFFSET +?`,
  );
  const bundleNamed = db.prepare<[number, string], CertificateBundleRow>(
    'SELECT * FROM load_balancer_certificate_bundles WHERE account_id = ? AND name = ?',
  );
  const bundleCount = db.prepare<[number], { n: number }>(
    'SELECT COUNT(*) AS n FROM load_balancer_certificate_bundles WHERE account_id = ?',
  );
  const insertBundle = db.prepare(`
    INSERT INTO load_balancer_certificate_bundles (uuid, account_id, name, type, certificate,
      intermediates, private_key, key_type, hostnames, not_before, not_after, operational_state,
      created_at, updated_at)
    VALUES (@uuid, @account_id, @name, @type, @certificate, @intermediates, @private_key,
      @key_type, @hostnames, @not_before, @not_after, @operational_state, @created_at,
      @updated_at)`);
  const updateBundle = db.prepare(`
    UPDATE load_balancer_certificate_bundles SET name = @name, certificate = @certificate,
      intermediates = @intermediates, private_key = @private_key, hostnames = @hostnames,
      not_before = @not_before, not_after = @not_after, operational_state = @operational_state,
      updated_at = @updated_at
    WHERE uuid = @uuid`);
  const removeBundle = db.prepare('DELETE FROM load_balancer_certificate_bundles WHERE uuid = ?');
  const lastBilledEnd = db.prepare<[string], { end_at: number | null }>(
    'SELECT MAX(end_at) AS end_at FROM billing_history WHERE resource_id = ?',
  );

  return {
    find: (uuid: string) => byUuid.get(uuid),
    page: (accountId: number, filters: readonly LabelFilter[], limit: number, offset: number) =>
      page.all({
        account_id: accountId,
        label_filters: labelFiltersParameter(filters),
        limit,
        offset,
      }),
    ofAccount: (accountId: number) => ofAccount.all(accountId),
    named: (accountId: number, name: string) => named.get(accountId, name),
    insert: (row: LoadBalancerRow) => void insert.run(row),
    update: (row: LoadBalancerRow) => void update.run(row),
    delete: (uuid: string) => void remove.run(uuid),
    findBundle: (uuid: string) => bundle.get(uuid),
    bundlePage: (accountId: number, limit: number, offset: number) =>
      bundlePage.all(accountId, limit, offset),
    bundleNamed: (accountId: number, name: string) => bundleNamed.get(accountId, name),
    bundleCount: (accountId: number) => bundleCount.get(accountId)?.n ?? 0,
    insertBundle: (row: CertificateBundleRow) => void insertBundle.run(row),
    updateBundle: (row: CertificateBundleRow) => void updateBundle.run(row),
    deleteBundle: (uuid: string) => void removeBundle.run(uuid),
    /** When the service's last closed billing period ended (ms), if one did. */
    lastBilledEnd: (uuid: string) => lastBilledEnd.get(uuid)?.end_at ?? undefined,
  };
}
