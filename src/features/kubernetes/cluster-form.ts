import { z } from 'zod/mini';
import { labelSchema } from '../../../contract/common';
import type { ClusterCreate } from '../../../contract/kubernetes';
import { kubernetesNameSchema, maxNodesPerGroup } from '../../../contract/kubernetes';
import { fieldForErrorCode } from '../../lib/api-error-fields';

/** A node group's node count as typed, checked against the service's limit per group. */
export const nodeCountSchema = z.string().check(
  z.regex(/^\d+$/, 'A whole number of nodes.'),
  z.refine((text) => Number(text) <= maxNodesPerGroup, {
    message: `At most ${maxNodesPerGroup} nodes per group.`,
  }),
);

/** The counts nodeCountSchema takes, for a count field's hint. */
export const nodeCountRange = `0 to ${maxNodesPerGroup}.`;

export const nodeGroupFormSchema = z.object({
  name: kubernetesNameSchema,
  count: nodeCountSchema,
  plan: z.string().check(z.minLength(1, 'Choose a plan.')),
  antiAffinity: z.boolean(),
});
export type NodeGroupFormValues = z.infer<typeof nodeGroupFormSchema>;

/** The wizard's fields as people fill them; the transform makes the create body (api-reference-notes §9.1). */
export const clusterFormSchema = z.pipe(
  z
    .object({
      name: kubernetesNameSchema,
      zone: z.string().check(z.minLength(1, 'Choose a zone.')),
      network: z.string().check(z.minLength(1, 'Choose a private network of the zone.')),
      networkCidr: z.string(),
      version: z.string().check(z.minLength(1, 'Choose a version.')),
      plan: z.string().check(z.minLength(1, 'Choose a plan.')),
      nodeGroups: z
        .array(nodeGroupFormSchema)
        .check(z.minLength(1, 'Add at least one node group.')),
      labels: z.array(labelSchema),
    })
    .check(
      z.superRefine((values, ctx) => {
        const seen = new Set<string>();
        values.nodeGroups.forEach((group, index) => {
          if (seen.has(group.name)) {
            ctx.addIssue({
              code: 'custom',
              path: ['nodeGroups', index, 'name'],
              message: 'Each node group needs its own name.',
            });
          }
          seen.add(group.name);
        });
      }),
    ),
  z.transform((values): ClusterCreate => ({
    name: values.name,
    zone: values.zone,
    network: values.network,
    network_cidr: values.networkCidr,
    version: values.version,
    plan: values.plan,
    labels: values.labels,
    node_groups: values.nodeGroups.map((group) => ({
      name: group.name,
      count: Number(group.count),
      plan: group.plan,
      anti_affinity: group.antiAffinity,
    })),
  })),
);
export type ClusterFormValues = z.input<typeof clusterFormSchema>;

export const newNodeGroup = (index: number): NodeGroupFormValues => ({
  name: index === 0 ? 'default' : `group-${index + 1}`,
  count: '2',
  plan: '2xCPU-4GB',
  antiAffinity: false,
});

export const clusterFormDefaults: ClusterFormValues = {
  name: '',
  zone: '',
  network: '',
  networkCidr: '',
  version: '',
  plan: 'development',
  nodeGroups: [newNodeGroup(0)],
  labels: [],
};

type TopField = 'name' | 'zone' | 'network' | 'version' | 'plan';
const fieldsByCode: Record<string, TopField> = {
  NAME: 'name',
  RESOURCE_ALREADY_EXISTS: 'name',
  ZONE: 'zone',
  NETWORK: 'network',
  NETWORK_NOT_FOUND: 'network',
  ZONE_MISMATCH: 'network',
  NETWORK_CIDR: 'network',
  VERSION: 'version',
  PLAN: 'plan',
};

/** The wizard field an API error is about, when it is about one of the first step's fields. */
export const clusterFieldForError = (code: string) => fieldForErrorCode(code, fieldsByCode);
