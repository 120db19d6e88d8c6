import { z } from 'zod/mini';
import { mayOmit } from './answer-fields';
import { checkWith, labelSchema, uniqueBy, uuidSchema, zoneIdSchema } from './common';
import { problemEndpoint } from './endpoint';
import { labelQuerySchema, maxLabels, repeatedQueryValueSchema } from './labels';
import { issuerListSchema, issuerSchema } from './kubernetes-oidc';

/** Cluster, node group and OIDC entry names: a Kubernetes DNS label (api-reference-notes §9.1). */
export const kubernetesNamePattern = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
export const kubernetesNameSchema = z
  .string()
  .check(
    z.minLength(1, 'Give a name.'),
    z.maxLength(63, 'At most 63 characters.'),
    z.regex(
      kubernetesNamePattern,
      'Lowercase letters, digits and hyphens; start and end with a letter or digit.',
    ),
  );

/** States of api-reference-notes §9.4. */
export const clusterStates = [
  'pending',
  'running',
  'terminating',
  'terminated',
  'failed',
  'unknown',
  'suspended',
  'upgrading',
  'upgrade-pending',
  'upgrade-failed',
] as const;
export const clusterStateSchema = z.enum(clusterStates);
export type ClusterState = z.infer<typeof clusterStateSchema>;

export const nodeGroupStates = [
  'pending',
  'running',
  'scaling-up',
  'scaling-down',
  'terminating',
  'failed',
  'unknown',
] as const;
export const nodeGroupStateSchema = z.enum(nodeGroupStates);
export type NodeGroupState = z.infer<typeof nodeGroupStateSchema>;

export const nodeStateSchema = z.enum(['pending', 'running', 'terminating', 'failed', 'unknown']);
export type NodeState = z.infer<typeof nodeStateSchema>;

/** Cluster (control-plane) plans: the union of the OAS and Go records (api-reference-notes §9.3, §19 #22). */
export const clusterPlanSchema = z.object({
  name: z.string(),
  description: z.string(),
  server_number: z.int(),
  max_nodes: z.int(),
  deprecated: z.boolean(),
});
export type ClusterPlan = z.infer<typeof clusterPlanSchema>;
export const clusterPlanListSchema = z.array(clusterPlanSchema);

export const clusterVersionSchema = z.object({ id: z.string(), version: z.string() });
export type ClusterVersion = z.infer<typeof clusterVersionSchema>;
export const clusterVersionListSchema = z.array(clusterVersionSchema);

export const storageEncryptionSchema = z.enum(['data-at-rest', 'none']);
export type StorageEncryption = z.infer<typeof storageEncryptionSchema>;

/** The template every node boots from unless a node group names another (api-reference-notes §18). */
export const defaultNodeTemplate = '01000000-0000-4000-8000-000160010100';

/** Nodes per node group and node groups per cluster (api-reference-notes §9.1, §9.2). */
export const maxNodesPerGroup = 16;
export const maxNodeGroups = 16;

export const taintEffects = ['NoExecute', 'NoSchedule', 'PreferNoSchedule'] as const;

/** Label keys and values as Kubernetes allows them on nodes: an optional DNS prefix and a name. */
const k8sLabelKeyPattern =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?$/;
const k8sLabelValuePattern = /^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

export const nodeLabelSchema = z.object({
  key: z
    .string()
    .check(
      z.maxLength(253, 'At most 253 characters.'),
      z.regex(k8sLabelKeyPattern, 'A Kubernetes label key, such as app or example.com/tier.'),
    ),
  value: z
    .string()
    .check(
      z.maxLength(63, 'At most 63 characters.'),
      z.regex(k8sLabelValuePattern, 'Letters, digits, -, _ and .; at most 63 characters.'),
    ),
});

export const taintSchema = z.strictObject({
  effect: z.enum(taintEffects),
  key: nodeLabelSchema.shape.key,
  value: nodeLabelSchema.shape.value,
});
export type Taint = z.infer<typeof taintSchema>;

export const kubeletArgSchema = z.strictObject({
  key: z
    .string()
    .check(z.regex(/^[a-z][a-z0-9-]{0,62}$/, 'A kubelet flag name without dashes in front.')),
  value: z.string().check(z.minLength(1, 'Give a value.'), z.maxLength(255)),
});
export type KubeletArg = z.infer<typeof kubeletArgSchema>;

export const sshKeySchema = z
  .string()
  .check(
    z.regex(
      /^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) AAAA[A-Za-z0-9+/]+=*( .*)?$/,
      'An OpenSSH public key, such as ssh-ed25519 AAAA… user@host.',
    ),
  );

export const customPlanSchema = z.strictObject({
  cores: z.int().check(z.minimum(1, 'At least 1 core.'), z.maximum(20, 'At most 20 cores.')),
  memory: z
    .int()
    .check(z.minimum(1024, 'At least 1024 MB.'), z.maximum(131_072, 'At most 131072 MB.')),
  storage_size: z
    .int()
    .check(z.minimum(25, 'At least 25 GB.'), z.maximum(1024, 'At most 1024 GB.')),
  storage_tier: z.optional(z.enum(['maxiops', 'standard', 'hdd'])),
});

export const scheduleDays = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'daily',
] as const;

export const nodeUpdatesSchema = z.strictObject({
  kubernetes_patches: z.boolean(),
  schedule_dow: z.enum(scheduleDays),
  schedule_time: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A UTC time as HH:MM.')),
});

export const nodeCountSchema = z
  .int()
  .check(
    z.minimum(0, 'At least 0 nodes.'),
    z.maximum(maxNodesPerGroup, `At most ${maxNodesPerGroup} nodes.`),
  );

/** At most this many taints, kubelet arguments or SSH keys in a node group (the sandbox's bound). */
const maxNodeSettings = 100;
const atMost = (what: string, max = maxNodeSettings) => z.maxLength(max, `At most ${max} ${what}.`);

const nodeLabelsSchema = z.array(nodeLabelSchema).check(
  atMost('labels', maxLabels),
  uniqueBy<z.infer<typeof nodeLabelSchema>>((l) => l.key, 'Each label key may appear only once.'),
);
const taintsSchema = z.array(taintSchema).check(atMost('taints'));
const kubeletArgsSchema = z.array(kubeletArgSchema).check(
  atMost('kubelet arguments'),
  uniqueBy<KubeletArg>((arg) => arg.key, 'Each kubelet argument may appear only once.'),
);

/** A node group as created (api-reference-notes §9.2); `plan` is a server plan name or `custom`. */
export const nodeGroupCreateSchema = z
  .strictObject({
    name: kubernetesNameSchema,
    count: nodeCountSchema,
    plan: z.string().check(z.minLength(1, 'Choose a plan.'), z.maxLength(64)),
    custom_plan: z.optional(customPlanSchema),
    storage: z.optional(uuidSchema),
    storage_encryption: z.optional(storageEncryptionSchema),
    labels: z.optional(nodeLabelsSchema),
    taints: z.optional(taintsSchema),
    kubelet_args: z.optional(kubeletArgsSchema),
    ssh_keys: z.optional(z.array(sshKeySchema).check(atMost('SSH keys'))),
    anti_affinity: z.optional(z.boolean()),
    utility_network_access: z.optional(z.boolean()),
    node_updates: z.optional(nodeUpdatesSchema),
  })
  .check(
    checkWith((group, report) => {
      if (group.plan === 'custom' && !group.custom_plan) {
        report('A custom plan needs custom_plan (cores, memory, storage_size).', 'custom_plan');
      }
      if (group.plan !== 'custom' && group.custom_plan) {
        report('custom_plan goes only with plan "custom".', 'custom_plan');
      }
    }),
  );
export type NodeGroupCreate = z.input<typeof nodeGroupCreateSchema>;

/** What PATCH may change on a node group (api-reference-notes §9.2 names count; the rest are node settings). */
export const nodeGroupModifySchema = z.strictObject({
  count: z.optional(nodeCountSchema),
  labels: z.optional(nodeLabelsSchema),
  taints: z.optional(taintsSchema),
  kubelet_args: z.optional(kubeletArgsSchema),
  node_updates: z.optional(nodeUpdatesSchema),
});
export type NodeGroupModify = z.input<typeof nodeGroupModifySchema>;

export const nodeSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  state: nodeStateSchema,
  kubelet_version: mayOmit(z.string()),
});
export type KubernetesNode = z.infer<typeof nodeSchema>;

export const nodeGroupSchema = z.object({
  name: z.string(),
  count: z.int(),
  plan: z.string(),
  custom_plan: z.optional(customPlanSchema),
  storage: z.string(),
  storage_encryption: mayOmit(storageEncryptionSchema),
  labels: z.array(labelSchema),
  taints: mayOmit(z.array(taintSchema)),
  kubelet_args: z.array(kubeletArgSchema),
  ssh_keys: z.array(z.string()),
  anti_affinity: mayOmit(z.boolean()),
  utility_network_access: mayOmit(z.boolean()),
  node_updates: z.optional(nodeUpdatesSchema),
  state: mayOmit(nodeGroupStateSchema),
});
export type NodeGroup = z.infer<typeof nodeGroupSchema>;
export const nodeGroupListSchema = z.array(nodeGroupSchema);
export const nodeGroupDetailsSchema = z.extend(nodeGroupSchema, { nodes: z.array(nodeSchema) });
export type NodeGroupDetails = z.infer<typeof nodeGroupDetailsSchema>;

const ipFilterEntrySchema = z.union([
  z.ipv4({ message: 'An IPv4 address or CIDR block.' }),
  z.cidrv4({ message: 'An IPv4 address or CIDR block.' }),
]);
export const controlPlaneIpFilterSchema = z.array(ipFilterEntrySchema).check(
  z.maxLength(100, 'At most 100 entries.'),
  uniqueBy<string>((item) => item, 'Each entry may appear only once.'),
);

const clusterLabelsSchema = z.array(labelSchema).check(
  atMost('labels', maxLabels),
  uniqueBy<z.infer<typeof labelSchema>>((l) => l.key, 'Each label key may appear only once.'),
);

export const clusterCreateSchema = z.strictObject({
  name: kubernetesNameSchema,
  zone: zoneIdSchema,
  network: uuidSchema,
  network_cidr: z.cidrv4({ message: 'An IPv4 CIDR block, such as 172.16.1.0/24.' }),
  version: z.string().check(z.minLength(1, 'Choose a version.'), z.maxLength(16)),
  plan: z.optional(z.string().check(z.minLength(1, 'Choose a plan.'), z.maxLength(64))),
  node_groups: z.array(nodeGroupCreateSchema).check(
    z.maxLength(maxNodeGroups, `At most ${maxNodeGroups} node groups.`),
    uniqueBy<NodeGroupCreate>((item) => item.name, 'Node group names must be unique.'),
  ),
  control_plane_ip_filter: z.optional(controlPlaneIpFilterSchema),
  private_node_groups: z.optional(z.boolean()),
  storage_encryption: z.optional(storageEncryptionSchema),
  labels: z.optional(clusterLabelsSchema),
  authentication: z.optional(z.array(issuerSchema)),
});
export type ClusterCreate = z.input<typeof clusterCreateSchema>;

/** PATCH body (api-reference-notes §9.1): labels, control-plane IP filter and plan. */
export const clusterModifySchema = z.strictObject({
  labels: z.optional(clusterLabelsSchema),
  control_plane_ip_filter: z.optional(controlPlaneIpFilterSchema),
  plan: z.optional(z.string().check(z.minLength(1, 'Choose a plan.'), z.maxLength(64))),
});
export type ClusterModify = z.input<typeof clusterModifySchema>;

export const clusterSchema = z.object({
  uuid: uuidSchema,
  name: z.string(),
  zone: z.string(),
  network: z.string(),
  network_cidr: z.string(),
  version: mayOmit(z.string()),
  plan: mayOmit(z.string()),
  state: clusterStateSchema,
  node_groups: z.array(nodeGroupSchema),
  control_plane_ip_filter: mayOmit(z.nullable(z.array(z.string()))),
  private_node_groups: mayOmit(z.boolean()),
  storage_encryption: z.optional(storageEncryptionSchema),
  labels: mayOmit(z.array(labelSchema)),
  authentication: z.optional(z.array(issuerSchema)),
});
export type Cluster = z.infer<typeof clusterSchema>;
export const clusterListSchema = z.array(clusterSchema);

export const upgradeStrategySchema = z.enum(['manual', 'rolling-update']);
export const clusterUpgradeSchema = z.strictObject({
  version: z.string().check(z.minLength(1, 'Choose a version.'), z.maxLength(16)),
  strategy: z.optional(z.strictObject({ type: upgradeStrategySchema })),
});
export type ClusterUpgrade = z.input<typeof clusterUpgradeSchema>;
export const clusterUpgradeResponseSchema = z.object({
  version: z.string(),
  strategy: z.object({ type: upgradeStrategySchema }),
});
export const availableUpgradesSchema = z.object({ versions: z.array(z.string()) });

export const kubeconfigResponseSchema = z.object({ kubeconfig: z.string() });
export const acceptedResponseSchema = z.object({ message: z.string() });

/** `?label=` filters of the cluster list (api-reference-notes §1.3). */
export const clusterListQuerySchema = z.object({
  label: labelQuerySchema,
});

/** An `AuthenticationConfiguration` document to import: YAML, or the document as a JSON string. */
export const authenticationImportSchema = z.string();

/** `?audience=` of an OIDC kubeconfig: one of the entry's audiences (its first unless given). */
export const issuerKubeconfigQuerySchema = z.object({
  audience: z.optional(repeatedQueryValueSchema),
});

/**
 * Managed Kubernetes (api-rules §4.3; api-reference-notes §9). A newer service: failures are RFC 7807 problem
 * details, and each operation declares exactly its failure statuses; where it declares both 400
 * and 422, a body of the wrong shape is 400 and unacceptable values are 422.
 */
export const kubernetesEndpoints = {
  plans: problemEndpoint('GET /kubernetes/plans', clusterPlanListSchema),
  versions: problemEndpoint('GET /kubernetes/versions', clusterVersionListSchema),
  list: problemEndpoint('GET /kubernetes', clusterListSchema, [400], {
    query: clusterListQuerySchema,
  }),
  create: problemEndpoint('POST /kubernetes', clusterSchema, [400, 404, 422], {
    body: clusterCreateSchema,
    status: 201,
  }),
  get: problemEndpoint('GET /kubernetes/:uuid', clusterSchema, [400, 404]),
  modify: problemEndpoint('PATCH /kubernetes/:uuid', clusterSchema, [400, 404], {
    body: clusterModifySchema,
  }),
  delete: problemEndpoint('DELETE /kubernetes/:uuid', acceptedResponseSchema, [404], {
    status: 202,
  }),
  kubeconfig: problemEndpoint('GET /kubernetes/:uuid/kubeconfig', kubeconfigResponseSchema, [404]),
  availableUpgrades: problemEndpoint(
    'GET /kubernetes/:uuid/available-upgrades',
    availableUpgradesSchema,
    [404],
  ),
  upgrade: problemEndpoint(
    'POST /kubernetes/:uuid/available-upgrades',
    clusterUpgradeResponseSchema,
    [404, 422],
    { body: clusterUpgradeSchema, status: 201 },
  ),
};

/** Node groups and their nodes (api-reference-notes §9.2). */
export const kubernetesNodeGroupEndpoints = {
  list: problemEndpoint('GET /kubernetes/:uuid/node-groups', nodeGroupListSchema, [404]),
  create: problemEndpoint('POST /kubernetes/:uuid/node-groups', nodeGroupSchema, [404, 422], {
    body: nodeGroupCreateSchema,
    status: 201,
  }),
  get: problemEndpoint('GET /kubernetes/:uuid/node-groups/:name', nodeGroupDetailsSchema, [404]),
  modify: problemEndpoint(
    'PATCH /kubernetes/:uuid/node-groups/:name',
    nodeGroupSchema,
    [404, 422],
    { body: nodeGroupModifySchema },
  ),
  delete: problemEndpoint(
    'DELETE /kubernetes/:uuid/node-groups/:name',
    acceptedResponseSchema,
    [404],
    { status: 202 },
  ),
  /** Replaces one node (experimental). */
  deleteNode: problemEndpoint(
    'DELETE /kubernetes/:uuid/node-groups/:name/:node',
    acceptedResponseSchema,
    [404],
    { status: 202 },
  ),
};

/** OIDC issuer entries of a cluster (api-reference-notes §9.5); `:name` is the entry's name. */
export const kubernetesAuthenticationEndpoints = {
  list: problemEndpoint('GET /kubernetes/:uuid/authentication', issuerListSchema, [404]),
  /** Replaces the whole set (an empty list clears it); the set is validated first. */
  replace: problemEndpoint('PUT /kubernetes/:uuid/authentication', issuerListSchema, [400, 404], {
    body: issuerListSchema,
  }),
  create: problemEndpoint('POST /kubernetes/:uuid/authentication', issuerSchema, [400, 404, 409], {
    body: issuerSchema,
    status: 201,
  }),
  /** Replaces the whole set from an API-server v1 AuthenticationConfiguration document. */
  import: problemEndpoint(
    'PUT /kubernetes/:uuid/authentication/import',
    issuerListSchema,
    [400, 404, 413],
    { body: authenticationImportSchema },
  ),
  get: problemEndpoint('GET /kubernetes/:uuid/authentication/:name', issuerSchema, [404]),
  /** The name in the path is authoritative: a body's own `name` is replaced by it. */
  update: problemEndpoint('PUT /kubernetes/:uuid/authentication/:name', issuerSchema, [400, 404], {
    body: issuerSchema,
  }),
  delete: problemEndpoint('DELETE /kubernetes/:uuid/authentication/:name', null, [404]),
  kubeconfig: problemEndpoint(
    'GET /kubernetes/:uuid/authentication/:name/kubeconfig',
    kubeconfigResponseSchema,
    [400, 404],
    { query: issuerKubeconfigQuerySchema },
  ),
};
