import { z } from 'zod/mini';
import { labelSchema } from '../../../contract/common';
import type {
  LoadBalancerCreate,
  LoadBalancerMemberCreate,
  LoadBalancerPlan,
} from '../../../contract/load-balancer';
import { lbModeSchema, lbNameSchema, lbNamePattern } from '../../../contract/load-balancer';
import type { PriceZone } from '../../../contract/price';
import { loadBalancerPriceKey } from '../../api/load-balancers';
import { fieldForErrorCode } from '../../lib/api-error-fields';
import { countOf, creditsToCurrency } from '../../lib/format';
import { hoursPerMonth } from '../../lib/pricing';
import type { ServerCost } from '../../lib/pricing';

const wholeNumber = (min: number, max: number, what: string) =>
  z.string().check(
    z.regex(/^\d+$/, `${what} ${min}–${max}.`),
    z.refine((text) => Number(text) >= min && Number(text) <= max, {
      message: `${what} ${min}–${max}.`,
    }),
  );
export const portText = wholeNumber(1, 65_535, 'A port');

/** A static member as people type it: a server's address or any other, a port and a weight. */
export const memberFormSchema = z.object({
  name: lbNameSchema,
  ip: z.string().check(
    z.refine((text) => z.union([z.ipv4(), z.ipv6()]).safeParse(text).success, {
      message: 'An IPv4 or IPv6 address, such as 10.0.0.5.',
    }),
  ),
  port: portText,
  weight: wholeNumber(0, 100, 'A weight'),
});
export type MemberFormValues = z.infer<typeof memberFormSchema>;

/** Members of one backend; the names must differ. */
export const membersSchema = z.array(memberFormSchema).check(
  z.superRefine((members, ctx) => {
    const seen = new Set<string>();
    members.forEach((member, index) => {
      if (seen.has(member.name)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: 'Each member needs its own name.',
        });
      }
      seen.add(member.name);
    });
  }),
);

export const toMember = (member: MemberFormValues): LoadBalancerMemberCreate => ({
  name: member.name,
  type: 'static',
  ip: member.ip,
  port: Number(member.port),
  weight: Number(member.weight),
  max_sessions: 1000,
  enabled: true,
});

export const newMember = (index: number): MemberFormValues => ({
  name: `member-${index + 1}`,
  ip: '',
  port: '80',
  weight: '100',
});

/** A member name from a server's hostname: the characters names allow, at most 64. */
export function memberNameOf(hostname: string, taken: readonly string[]) {
  const base = hostname.replace(/[^a-zA-Z0-9_-]+/g, '-').slice(0, 60) || 'member';
  let name = base;
  for (let n = 2; taken.includes(name); n += 1) name = `${base}-${n}`;
  return lbNamePattern.test(name) ? name : 'member';
}

/** The wizard's fields as people fill them; the transform makes the create body. */
export const loadBalancerFormSchema = z.pipe(
  z.object({
    name: lbNameSchema,
    zone: z.string().check(z.minLength(1, 'Choose a zone.')),
    plan: z.string().check(z.minLength(1, 'Choose a plan.')),
    privateNetwork: z.string(),
    frontendName: lbNameSchema,
    mode: lbModeSchema,
    port: portText,
    backendName: lbNameSchema,
    members: membersSchema.check(z.minLength(1, 'Add at least one member.')),
    labels: z.array(labelSchema),
  }),
  z.transform((values): LoadBalancerCreate => ({
    name: values.name,
    plan: values.plan,
    zone: values.zone,
    configured_status: 'started',
    // Frontends listen on the public network; a private one reaches servers without public addresses.
    networks: [
      { name: 'public', type: 'public', family: 'IPv4' },
      ...(values.privateNetwork
        ? [
            {
              name: 'private',
              type: 'private' as const,
              family: 'IPv4' as const,
              uuid: values.privateNetwork,
            },
          ]
        : []),
    ],
    frontends: [
      {
        name: values.frontendName,
        mode: values.mode,
        port: Number(values.port),
        default_backend: values.backendName,
        networks: [{ name: 'public' }],
      },
    ],
    backends: [{ name: values.backendName, members: values.members.map(toMember) }],
    resolvers: [],
    labels: values.labels,
  })),
);
export type LoadBalancerFormValues = z.input<typeof loadBalancerFormSchema>;

export const loadBalancerFormDefaults: LoadBalancerFormValues = {
  name: '',
  zone: '',
  plan: '',
  privateNetwork: '',
  frontendName: 'web',
  mode: 'http',
  port: '80',
  backendName: 'servers',
  members: [],
  labels: [],
};

type TopField = 'name' | 'zone' | 'plan' | 'privateNetwork';
const fieldsByCode: Record<string, TopField> = {
  NAME: 'name',
  RESOURCE_ALREADY_EXISTS: 'name',
  ZONE: 'zone',
  PLAN: 'plan',
  NETWORK_NOT_FOUND: 'privateNetwork',
  UUID: 'privateNetwork',
};

/** The wizard field an API error is about, when it is one of the first step's fields. */
export const loadBalancerFieldForError = (code: string) => fieldForErrorCode(code, fieldsByCode);

/** Credits an hour of a plan in a zone's price list, or null when the list has no price. */
export function planPerHour(zone: PriceZone | undefined, plan: string) {
  const entry = zone?.[loadBalancerPriceKey(plan)];
  return entry && typeof entry !== 'string' ? creditsToCurrency(entry.price / entry.amount) : null;
}

/** The plan is the whole price of a load balancer: its nodes, addresses and traffic included. */
export function loadBalancerCost(zone: PriceZone, plan: string): ServerCost {
  const perHour = planPerHour(zone, plan);
  if (perHour === null) return { lines: [], perHour: 0, perMonth: 0, unpriced: [`Plan ${plan}`] };
  return {
    lines: [{ label: `Plan ${plan}`, perHour }],
    perHour,
    perMonth: perHour * hoursPerMonth,
    unpriced: [],
  };
}

export const describeLbPlan = (plan: LoadBalancerPlan) =>
  `${countOf(plan.server_number, 'node')}, ${plan.per_server_max_sessions.toLocaleString('en')} sessions per node`;
