import type { ClusterPlan, ClusterVersion } from '../../../contract/kubernetes';

/** Control-plane plans (api-reference-notes §9.3): the union of the OAS and Go records. */
export const clusterPlans: ClusterPlan[] = [
  {
    name: 'development',
    description: 'One control-plane node, for development and testing; no high availability.',
    server_number: 1,
    max_nodes: 30,
    deprecated: false,
  },
  {
    name: 'dev-md',
    description: 'Development, medium: one control-plane node for up to 100 worker nodes.',
    server_number: 1,
    max_nodes: 100,
    deprecated: false,
  },
  {
    name: 'production-small',
    description: 'Three control-plane nodes for up to 50 worker nodes (replaced by prod-md).',
    server_number: 3,
    max_nodes: 50,
    deprecated: true,
  },
  {
    name: 'prod-md',
    description: 'Production, medium: three control-plane nodes for up to 200 worker nodes.',
    server_number: 3,
    max_nodes: 200,
    deprecated: false,
  },
  {
    name: 'prod-md-ha',
    description: 'Production, medium, highly available control plane spread over hosts.',
    server_number: 3,
    max_nodes: 200,
    deprecated: false,
  },
];

/** Offered versions, oldest first (api-reference-notes §9.3: `{id, version}`). */
export const clusterVersions: ClusterVersion[] = [
  { id: '1.30', version: 'v1.30.14' },
  { id: '1.31', version: 'v1.31.12' },
  { id: '1.32', version: 'v1.32.8' },
  { id: '1.33', version: 'v1.33.4' },
];

/**
 * Versions a cluster on `current` can move to: the next minor version only, as Kubernetes
 * upgrades the control plane one minor version at a time.
 */
export function availableUpgrades(current: string): string[] {
  const index = clusterVersions.findIndex((version) => version.id === current);
  const next = index === -1 ? undefined : clusterVersions[index + 1];
  return next ? [next.id] : [];
}

export const kubeletVersionOf = (id: string) =>
  clusterVersions.find((version) => version.id === id)?.version ?? `v${id}.0`;

/** Simulated seconds each operation takes at time scale 1. */
export const kubernetesDurations = {
  clusterCreate: 90,
  clusterDelete: 30,
  clusterUpgrade: 60,
  nodeGroupCreate: 45,
  nodeGroupScale: 30,
  nodeGroupDelete: 20,
  nodeReplace: 30,
} as const;

export const kubernetesJobs = {
  clusterReady: 'kubernetes.cluster-ready',
  clusterDeleted: 'kubernetes.cluster-deleted',
  clusterUpgraded: 'kubernetes.cluster-upgraded',
  nodeGroupReady: 'kubernetes.node-group-ready',
  nodeGroupDeleted: 'kubernetes.node-group-deleted',
  nodeReplaced: 'kubernetes.node-replaced',
} as const;
