import type { Label } from '../../../contract/common';
import type { BillingPeriod, createBillingLedger } from '../billing';
import { namedResourcePeriod } from '../billing';
import type { DomainMigration } from '../domain';
import type { Db } from '../store/database';
import type { KubernetesRepository } from '../store/kubernetes';
import type { NodeGroupSettings } from './model';

const billedType = 'kubernetes_node';

/** The Kubernetes group's own migrations: when each worker node was created, for its bill. */
export const kubernetesMigrations: readonly DomainMigration[] = [
  { version: 1, sql: 'ALTER TABLE kubernetes_nodes ADD COLUMN created_at TEXT;' },
];

/** A worker node with what its bill needs from its group and cluster. */
interface BilledNodeRow {
  uuid: string;
  name: string;
  created_at: string | null;
  settings: string;
  account_id: number;
  zone: string;
  labels: string;
  cluster_created_at: string;
}

/**
 * Worker nodes bill by the hour from their creation to their removal, priced as servers of their
 * group's plan (a custom plan by its cores and memory), as the cluster wizard previews them; the
 * control plane has no list price. They show in the summary under `managed_kubernetes`. Returns the
 * repository to use everywhere: removing a node, a group or a cluster closes the nodes' periods.
 */
export function billKubernetesNodes(
  db: Db,
  billing: ReturnType<typeof createBillingLedger>,
  repo: KubernetesRepository,
): KubernetesRepository {
  const select = `SELECT n.uuid, n.name, n.created_at, g.settings, c.account_id, c.zone, c.labels,
      c.created_at AS cluster_created_at
    FROM kubernetes_nodes n
    JOIN kubernetes_node_groups g ON g.cluster_uuid = n.cluster_uuid AND g.name = n.node_group
    JOIN kubernetes_clusters c ON c.uuid = n.cluster_uuid`;
  const nodesOfAccount = db.prepare<[number], BilledNodeRow>(
    `${select} WHERE c.account_id = ? ORDER BY c.created_at, g.position, n.position`,
  );
  const node = db.prepare<[string], BilledNodeRow>(`${select} WHERE n.uuid = ?`);
  const nodesOfGroup = db.prepare<[string, string], BilledNodeRow>(
    `${select} WHERE n.cluster_uuid = ? AND n.node_group = ?`,
  );
  const nodesOfCluster = db.prepare<[string], BilledNodeRow>(`${select} WHERE n.cluster_uuid = ?`);

  function period(row: BilledNodeRow): BillingPeriod {
    const settings = JSON.parse(row.settings) as NodeGroupSettings;
    return namedResourcePeriod(billedType, row, {
      plan: settings.plan,
      cores: settings.custom_plan?.cores ?? null,
      memory: settings.custom_plan?.memory ?? null,
      labels: JSON.parse(row.labels) as Label[],
      start: Date.parse(row.created_at ?? row.cluster_created_at),
    });
  }

  const close = (rows: BilledNodeRow[]) => {
    for (const row of rows) billing.closePeriod(period(row), true);
  };

  billing.register({
    type: billedType,
    category: ['managed_kubernetes', 'managed_kubernetes'],
    pricedAs: 'server',
    openPeriods: (accountId) => nodesOfAccount.all(accountId).map(period),
    ownerOf: (resourceId) => node.get(resourceId)?.account_id,
  });

  return {
    ...repo,
    deleteNode(uuid) {
      close(node.all(uuid));
      repo.deleteNode(uuid);
    },
    deleteGroup(cluster, name) {
      close(nodesOfGroup.all(cluster, name));
      repo.deleteGroup(cluster, name);
    },
    deleteCluster(uuid) {
      close(nodesOfCluster.all(uuid));
      repo.deleteCluster(uuid);
    },
  };
}
