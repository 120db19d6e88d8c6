/**
 * Bulk seeding for the benchmarks: rows go straight into the repositories in one transaction,
 * shaped like what the API makes, so a benchmark measures reads of a big account, not its setup.
 */
import crypto from 'node:crypto';
import { monotonicFactory } from 'ulid';
import { uuidPrefixes } from '../../contract/common';
import type { SandboxContext } from '../../server/sandbox/context';
import { newUuid } from '../../server/sandbox/credentials';
import { serverSettingDefaults } from '../../server/sandbox/store/servers';
import { newStorageDefaults } from '../../server/sandbox/store/storages';

const zones = ['de-fra1', 'fi-hel1', 'uk-lon1', 'nl-ams1'];
const envs = ['prod', 'dev', 'staging', 'test'];
const teams = ['web', 'data', 'platform', 'ml', 'ops'];
const base = Date.parse('2025-01-01T00:00:00Z');
const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `count` storages with env/team/shard labels; every tenth a backup. */
export function seedStorages(sandbox: SandboxContext, accountId: number, count: number) {
  sandbox.db.transaction(() => {
    for (let n = 0; n < count; n += 1) {
      sandbox.storages.insert(
        {
          uuid: newUuid(uuidPrefixes.storage),
          account_id: accountId,
          ...newStorageDefaults,
          title: `disk-${String(n).padStart(5, '0')}`,
          type: n % 10 === 0 ? 'backup' : 'normal',
          size: 10 + (n % 500),
          tier: n % 10 === 0 ? null : 'maxiops',
          state: 'online',
          zone: zones[n % zones.length]!,
          created: rfc3339(base + n * 60_000),
        },
        [
          { key: 'env', value: envs[n % envs.length]! },
          { key: 'team', value: teams[n % teams.length]! },
          { key: 'shard', value: String(n % 100) },
        ],
      );
    }
  })();
}

/** `count` servers (every third stopped) with env/team labels and their network interfaces. */
export function seedServers(sandbox: SandboxContext, accountId: number, count: number) {
  sandbox.db.transaction(() => {
    for (let n = 0; n < count; n += 1) {
      const row = {
        uuid: newUuid(uuidPrefixes.server),
        account_id: accountId,
        title: `node-${String(n).padStart(4, '0')}`,
        hostname: `node-${n}.example.com`,
        zone: zones[n % zones.length]!,
        plan: '1xCPU-2GB',
        core_number: 1,
        memory_amount: 2048,
        state: n % 3 === 0 ? ('stopped' as const) : ('started' as const),
        created: Math.floor((base + n * 60_000) / 1000),
        host: 5_872_304_771,
        ...serverSettingDefaults,
        metadata: 'yes' as const,
        remote_access_password: 'Bench0Vnc',
        labels: JSON.stringify([
          { key: 'env', value: envs[n % envs.length]! },
          { key: 'team', value: teams[n % teams.length]! },
        ]),
      };
      sandbox.servers.insert(row);
      sandbox.networking.createServerInterfaces(row);
    }
  })();
}

/**
 * `count` audit rows over the year before `end`: mostly storage and server changes by several
 * users from several addresses, some sign-ins, a few rare actions. Returns the resource ids and
 * addresses the rows name, for queries that should match.
 */
export function seedAuditRows(
  sandbox: SandboxContext,
  accountId: number,
  count: number,
  end: number,
) {
  const yearMs = 365 * 24 * 3600 * 1000;
  const start = end - yearMs;
  const servers = Array.from({ length: 300 }, () => newUuid(uuidPrefixes.server));
  const storages = Array.from({ length: 1500 }, () => newUuid(uuidPrefixes.storage));
  const addresses = Array.from({ length: 40 }, (_, n) => `198.51.100.${n + 1}`);
  const users = ['demo', 'demo', 'demo', 'demo_viewer'];
  const storageActions = ['create', 'update', 'update', 'attach', 'detach', 'clone', 'delete'];
  const serverActions = ['create', 'start', 'stop', 'stop', 'start', 'update', 'delete'];
  const insert = sandbox.db.prepare(`
    INSERT INTO audit_logs (cloud_event_id, account_id, time, correlation_id, auth_type,
      account_username, resource_type, resource_sub_type, action, origin, ip_address, resource_id,
      current_state, previous_state)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const nextId = monotonicFactory();
  sandbox.db.transaction(() => {
    for (let n = 0; n < count; n += 1) {
      const at = start + Math.floor((n / count) * yearMs);
      const kind = n % 20;
      const gui = n % 3 === 0;
      const [type, action, resource, subType] =
        kind === 0
          ? [
              'auth',
              n % 40 === 0 ? 'login' : 'logout',
              newUuid(uuidPrefixes.token),
              'session-api-token',
            ]
          : kind < 12
            ? [
                'storage',
                storageActions[n % storageActions.length]!,
                storages[n % storages.length]!,
                null,
              ]
            : [
                'server',
                serverActions[n % serverActions.length]!,
                servers[n % servers.length]!,
                null,
              ];
      const state = JSON.stringify({ uuid: resource, title: `resource ${n % 997}`, size: n % 500 });
      insert.run(
        nextId(at),
        accountId,
        rfc3339(at),
        crypto.randomUUID(),
        gui ? 'gui' : n % 2 === 0 ? 'api' : 'basic_auth',
        users[n % users.length]!,
        type,
        subType,
        action,
        gui ? 'gui' : 'api',
        addresses[n % addresses.length]!,
        resource,
        action === 'delete' ? null : state,
        action === 'create' ? null : state,
      );
    }
  })();
  return { servers, storages, addresses };
}
