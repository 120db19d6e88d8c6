import { ApiProblem } from './http/errors';
import type { AccountRow } from './store/accounts';
import type { Db } from './store/database';

/** Counts keyed like `resource_limits` (api-reference-notes §10.1, §10.5). */
export type ResourceUsage = Record<string, number>;

/**
 * The code of each limit's refusal: UpCloud's own where its Go SDK names one
 * (`SERVER_CORE_LIMIT_REACHED`, `SERVER_MEMORY_LIMIT_REACHED`, `MAXIOPS_STORAGE_LIMIT_REACHED`,
 * `IP_ADDRESS_LIMIT_REACHED`), otherwise the same `…_LIMIT_REACHED` scheme (api-reference-notes §17.1).
 */
const limitCodes: Record<string, string> = {
  cores: 'SERVER_CORE_LIMIT_REACHED',
  memory: 'SERVER_MEMORY_LIMIT_REACHED',
  storage_maxiops: 'MAXIOPS_STORAGE_LIMIT_REACHED',
  storage_standard: 'STANDARD_STORAGE_LIMIT_REACHED',
  storage_hdd: 'HDD_STORAGE_LIMIT_REACHED',
  storage_total: 'STORAGE_LIMIT_REACHED',
  public_ipv4: 'IP_ADDRESS_LIMIT_REACHED',
  public_ipv6: 'IP_ADDRESS_LIMIT_REACHED',
  detached_floating_ips: 'IP_ADDRESS_LIMIT_REACHED',
  networks: 'NETWORK_LIMIT_REACHED',
  network_peerings: 'NETWORK_PEERING_LIMIT_REACHED',
  routers: 'ROUTER_LIMIT_REACHED',
  managed_kubernetes: 'CLUSTER_LIMIT_REACHED',
  tags: 'TAG_LIMIT_REACHED',
};

const units: Record<string, string> = {
  memory: ' MiB',
  storage_maxiops: ' GiB',
  storage_standard: ' GiB',
  storage_hdd: ' GiB',
  storage_total: ' GiB',
};

/**
 * What an account uses of each limited resource, and the check that keeps it within its limits.
 * The check runs after a change's writes, inside its transaction: a change that takes a resource
 * over its limit throws, and the transaction leaves nothing changed. Growth is refused, not the
 * state: an account already over a limit (a limit lowered later) may still shrink or change other
 * things.
 */
export function createQuotas(db: Db) {
  const counts = db.prepare<{ owner: number }, ResourceUsage>(`
    SELECT
      (SELECT COALESCE(SUM(core_number), 0) FROM servers WHERE account_id = @owner) AS cores,
      (SELECT COALESCE(SUM(memory_amount), 0) FROM servers WHERE account_id = @owner) AS memory,
      (SELECT COALESCE(SUM(size), 0) FROM storages
        WHERE account_id = @owner AND type IN ('normal', 'template')) AS storage_total,
      (SELECT COALESCE(SUM(size), 0) FROM storages
        WHERE account_id = @owner AND type IN ('normal', 'template') AND tier = 'maxiops') AS storage_maxiops,
      (SELECT COALESCE(SUM(size), 0) FROM storages
        WHERE account_id = @owner AND type IN ('normal', 'template') AND tier = 'standard') AS storage_standard,
      (SELECT COALESCE(SUM(size), 0) FROM storages
        WHERE account_id = @owner AND type IN ('normal', 'template') AND tier = 'hdd') AS storage_hdd,
      (SELECT COUNT(*) FROM ip_addresses
        WHERE account_id = @owner AND access = 'public' AND family = 'IPv4') AS public_ipv4,
      (SELECT COUNT(*) FROM ip_addresses
        WHERE account_id = @owner AND access = 'public' AND family = 'IPv6') AS public_ipv6,
      (SELECT COUNT(*) FROM ip_addresses
        WHERE account_id = @owner AND floating = 1 AND interface_uuid IS NULL) AS detached_floating_ips,
      (SELECT COUNT(*) FROM networks WHERE account_id = @owner AND type = 'private') AS networks,
      (SELECT COUNT(*) FROM network_peerings WHERE account_id = @owner) AS network_peerings,
      (SELECT COUNT(*) FROM routers WHERE account_id = @owner AND type = 'normal') AS routers,
      (SELECT COUNT(*) FROM kubernetes_clusters WHERE account_id = @owner) AS managed_kubernetes,
      (SELECT COUNT(*) FROM (
        SELECT js_lower(name) FROM tags WHERE account_id = @owner
        UNION
        SELECT js_lower(tag.value) FROM servers, json_each(servers.tags) AS tag
          WHERE servers.account_id = @owner)) AS tags`);
  const limitsOf = db.prepare<[number], { resource_limits: string }>(
    'SELECT resource_limits FROM accounts WHERE id = ?',
  );

  const usage = (ownerId: number): ResourceUsage => counts.get({ owner: ownerId })!;

  /** Refuses the growth of any resource past its limit since `before` (409 and the resource's code). */
  function refuseGrowthPastLimits(ownerId: number, before: ResourceUsage) {
    const limits = JSON.parse(limitsOf.get(ownerId)?.resource_limits ?? '{}') as Record<
      string,
      number | null
    >;
    const after = usage(ownerId);
    for (const [key, limit] of Object.entries(limits)) {
      const used = after[key];
      if (typeof limit !== 'number' || used === undefined) continue;
      if (used > limit && used > (before[key] ?? 0)) {
        const unit = units[key] ?? '';
        throw new ApiProblem(
          409,
          limitCodes[key] ?? `${key.toUpperCase()}_LIMIT_REACHED`,
          `This would bring the account's ${key} to ${used}${unit}; its limit is ${limit}${unit} (resource_limits in GET /1.3/account).`,
        );
      }
    }
  }

  return {
    usage,
    /**
     * `write` with the limit check after it: pass the result as an audited change's `write`, or
     * call it inside a transaction, so a refusal rolls the writes back.
     */
    guard(owner: Pick<AccountRow, 'id'>, write: () => void): () => void {
      return () => {
        const before = usage(owner.id);
        write();
        refuseGrowthPastLimits(owner.id, before);
      };
    },
  };
}
