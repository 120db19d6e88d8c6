import { z } from 'zod/mini';
import type {
  LoadBalancerRule,
  LoadBalancerRuleCreate,
  lbActionSchema,
} from '../../../contract/load-balancer';
import {
  lbActionTypes,
  lbMatcherSchema,
  lbMatcherTypes,
  lbNameSchema,
} from '../../../contract/load-balancer';

type LoadBalancerMatcher = z.infer<typeof lbMatcherSchema>;
type LoadBalancerMatcherType = (typeof lbMatcherTypes)[number];
type LoadBalancerAction = z.infer<typeof lbActionSchema>;
type LoadBalancerActionType = (typeof lbActionTypes)[number];

/**
 * What a matcher type takes besides its type (the `match_<type>` object, UpCloud's Go SDK,
 * upcloud/load_balancer.go): a string compared by a method, the same with the name of a header,
 * cookie or parameter, a number compared by a method, an address, a hostname, an HTTP method, or
 * a number of a backend's members that are up.
 */
type MatcherKind = 'string' | 'named' | 'integer' | 'ip' | 'host' | 'method' | 'members';
export const matcherKinds: Record<LoadBalancerMatcherType, MatcherKind> = {
  src_ip: 'ip',
  src_port: 'integer',
  body_size: 'integer',
  path: 'string',
  url: 'string',
  url_query: 'string',
  host: 'host',
  http_method: 'method',
  http_status: 'integer',
  cookie: 'named',
  header: 'named',
  request_header: 'named',
  response_header: 'named',
  url_param: 'named',
  num_members_up: 'members',
};
// The comparisons each kind takes, read from the contract's matcher schema.
const matcherShape = lbMatcherSchema.shape;
export const stringMethods: readonly string[] =
  matcherShape.match_path.def.innerType.shape.method.options;
export const integerMethods: readonly string[] =
  matcherShape.match_src_port.def.innerType.shape.method.options.filter(
    (method) => method !== 'range',
  );
export const httpMethods: readonly string[] =
  matcherShape.match_http_method.def.innerType.shape.value.options;

/** What each action type takes (the `action_<type>` object). */
export const actionFields: Record<LoadBalancerActionType, readonly ActionField[]> = {
  use_backend: ['backend'],
  tcp_reject: [],
  http_return: ['status', 'contentType', 'payload'],
  http_redirect: ['location', 'scheme', 'status'],
  http_rewrite_path: ['pattern', 'rewriteTo'],
  http_rewrite_uri: ['pattern', 'rewriteTo'],
  set_forwarded_headers: [],
  set_request_header: ['header', 'value'],
  set_response_header: ['header', 'value'],
};
export type ActionField =
  | 'backend'
  | 'status'
  | 'contentType'
  | 'payload'
  | 'location'
  | 'scheme'
  | 'pattern'
  | 'rewriteTo'
  | 'header'
  | 'value';

const matcherRowSchema = z.object({
  type: z.enum(lbMatcherTypes),
  method: z.string(),
  name: z.string(),
  value: z.string(),
  backend: z.string(),
  inverse: z.boolean(),
});
export type MatcherRow = z.infer<typeof matcherRowSchema>;

const actionRowSchema = z.object({
  type: z.enum(lbActionTypes),
  backend: z.string(),
  status: z.string(),
  contentType: z.string(),
  payload: z.string(),
  location: z.string(),
  scheme: z.string(),
  pattern: z.string(),
  rewriteTo: z.string(),
  header: z.string(),
  value: z.string(),
});
export type ActionRow = z.infer<typeof actionRowSchema>;

const isWhole = (text: string) => /^\d+$/.test(text);

/** The message of what a matcher row lacks, and the field it is about. */
function matcherProblem(row: MatcherRow): [keyof MatcherRow, string] | null {
  const kind = matcherKinds[row.type];
  if (kind === 'named' && row.name.trim() === '')
    return ['name', 'Name the header, cookie or parameter.'];
  if (kind === 'members' && row.backend === '') return ['backend', 'Choose a backend.'];
  if ((kind === 'integer' || kind === 'members') && !isWhole(row.value))
    return ['value', 'A whole number.'];
  if (
    kind === 'ip' &&
    !z.union([z.ipv4(), z.cidrv4(), z.ipv6(), z.cidrv6()]).safeParse(row.value).success
  ) {
    return ['value', 'An address or network, such as 192.0.2.0/24.'];
  }
  if ((kind === 'host' || kind === 'method') && row.value === '') return ['value', 'Give a value.'];
  return null;
}

function actionProblem(row: ActionRow): [keyof ActionRow, string] | null {
  const fields = actionFields[row.type];
  if (fields.includes('backend') && row.backend === '') return ['backend', 'Choose a backend.'];
  if (row.type === 'http_return' && !/^[1-5]\d\d$/.test(row.status))
    return ['status', 'An HTTP status 100–599.'];
  if (row.type === 'http_return' && row.contentType.trim() === '')
    return ['contentType', 'Give a content type.'];
  if (row.type === 'http_redirect' && row.location === '' && row.scheme === '') {
    return ['location', 'Give a location or a scheme to redirect to.'];
  }
  if (fields.includes('pattern') && row.pattern === '') return ['pattern', 'Give a pattern.'];
  if (fields.includes('header') && row.header.trim() === '') return ['header', 'Name the header.'];
  return null;
}

const base64 = (text: string) =>
  btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));
const fromBase64 = (text: string) => {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)));
  } catch {
    return text;
  }
};

function toMatcher(row: MatcherRow): LoadBalancerMatcher {
  const kind = matcherKinds[row.type];
  const argument =
    kind === 'string'
      ? { method: row.method, ...(row.method === 'exists' ? {} : { value: row.value }) }
      : kind === 'named'
        ? {
            method: row.method,
            name: row.name,
            ...(row.method === 'exists' ? {} : { value: row.value }),
          }
        : kind === 'integer'
          ? { method: row.method, value: Number(row.value) }
          : kind === 'members'
            ? { method: row.method, value: Number(row.value), backend: row.backend }
            : { value: row.value };
  // The row's checks match the argument to its type; the contract names each type's object.
  return {
    type: row.type,
    inverse: row.inverse,
    [`match_${row.type}`]: argument,
  } as LoadBalancerMatcher;
}

function toAction(row: ActionRow): LoadBalancerAction {
  const argument: Record<string, unknown> = {
    use_backend: { backend: row.backend },
    tcp_reject: {},
    http_return: {
      status: Number(row.status),
      content_type: row.contentType,
      payload: base64(row.payload),
    },
    http_redirect: {
      ...(row.location ? { location: row.location } : {}),
      ...(row.scheme ? { scheme: row.scheme } : {}),
      ...(row.status ? { status: Number(row.status) } : {}),
    },
    http_rewrite_path: { match_pattern: row.pattern, rewrite_to: row.rewriteTo },
    http_rewrite_uri: { match_pattern: row.pattern, rewrite_to: row.rewriteTo },
    set_forwarded_headers: {},
    set_request_header: { header: row.header, ...(row.value ? { value: row.value } : {}) },
    set_response_header: { header: row.header, ...(row.value ? { value: row.value } : {}) },
  }[row.type];
  return { type: row.type, [`action_${row.type}`]: argument } as LoadBalancerAction;
}

export const ruleFormSchema = z.pipe(
  z
    .object({
      name: lbNameSchema,
      priority: z.string().check(
        z.refine((text) => isWhole(text) && Number(text) <= 100, {
          message: 'A priority 0–100; higher runs first.',
        }),
      ),
      condition: z.enum(['and', 'or']),
      matchers: z.array(matcherRowSchema),
      actions: z.array(actionRowSchema).check(z.minLength(1, 'Give at least one action.')),
    })
    .check(
      z.superRefine((values, ctx) => {
        const problems = [
          ...values.matchers.map((row, index) => ['matchers', index, matcherProblem(row)] as const),
          ...values.actions.map((row, index) => ['actions', index, actionProblem(row)] as const),
        ];
        for (const [list, index, problem] of problems) {
          if (problem) {
            ctx.addIssue({ code: 'custom', path: [list, index, problem[0]], message: problem[1] });
          }
        }
      }),
    ),
  z.transform((values): LoadBalancerRuleCreate => ({
    name: values.name,
    priority: Number(values.priority),
    matching_condition: values.condition,
    matchers: values.matchers.map(toMatcher),
    actions: values.actions.map(toAction),
  })),
);
export type RuleFormValues = z.input<typeof ruleFormSchema>;

export const newMatcher = (): MatcherRow => ({
  type: 'path',
  method: 'starts',
  name: '',
  value: '',
  backend: '',
  inverse: false,
});
export const newAction = (backend = ''): ActionRow => ({
  type: 'use_backend',
  backend,
  status: '',
  contentType: '',
  payload: '',
  location: '',
  scheme: '',
  pattern: '',
  rewriteTo: '',
  header: '',
  value: '',
});

/** A method that suits the type, when the row's method is of another kind. */
export function methodFor(type: LoadBalancerMatcherType, method: string) {
  const kind = matcherKinds[type];
  if (kind === 'string' || kind === 'named')
    return stringMethods.includes(method) ? method : 'exact';
  if (kind === 'integer' || kind === 'members')
    return integerMethods.includes(method) ? method : 'equal';
  return '';
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function matcherRow(matcher: LoadBalancerRule['matchers'][number]): MatcherRow {
  const type = matcher.type as LoadBalancerMatcherType;
  const argument = (matcher[`match_${type}`] ?? {}) as Record<string, unknown>;
  return {
    type,
    method: text(argument.method),
    name: text(argument.name),
    value: text(argument.value),
    backend: text(argument.backend),
    inverse: matcher.inverse,
  };
}

function actionRow(action: LoadBalancerRule['actions'][number]): ActionRow {
  const type = action.type as LoadBalancerActionType;
  const argument = (action[`action_${type}`] ?? {}) as Record<string, unknown>;
  return {
    ...newAction(text(argument.backend)),
    type,
    status: text(argument.status),
    contentType: text(argument.content_type),
    payload: type === 'http_return' ? fromBase64(text(argument.payload)) : '',
    location: text(argument.location),
    scheme: text(argument.scheme),
    pattern: text(argument.match_pattern),
    rewriteTo: text(argument.rewrite_to),
    header: text(argument.header),
    value: type.startsWith('set_') ? text(argument.value) : '',
  };
}

/** The form of an existing rule, for editing it (a PUT replaces the whole rule). */
export const ruleFormValues = (rule: LoadBalancerRule): RuleFormValues => ({
  name: rule.name,
  priority: String(rule.priority),
  condition: rule.matching_condition,
  matchers: rule.matchers.map(matcherRow),
  actions: rule.actions.map(actionRow),
});

/** A readable line per matcher and action, for the rules table. */
export function describeMatcher(matcher: LoadBalancerRule['matchers'][number]) {
  const row = matcherRow(matcher);
  const kind = matcherKinds[row.type];
  const subject = kind === 'named' ? `${row.type} ${row.name}` : row.type;
  const test =
    kind === 'members'
      ? `${row.method} ${row.value} in ${row.backend}`
      : row.method === 'exists'
        ? 'exists'
        : [row.method, row.value].filter(Boolean).join(' ');
  return `${row.inverse ? 'not ' : ''}${subject} ${test}`;
}

export function describeAction(action: LoadBalancerRule['actions'][number]) {
  const row = actionRow(action);
  switch (row.type) {
    case 'use_backend':
      return `use backend ${row.backend}`;
    case 'http_redirect':
      return `redirect to ${row.location || `${row.scheme}://`}${row.status ? ` (${row.status})` : ''}`;
    case 'http_return':
      return `return ${row.status} ${row.contentType}`;
    case 'http_rewrite_path':
    case 'http_rewrite_uri':
      return `${row.type.replace('http_', '').replace('_', ' ')} ${row.pattern} → ${row.rewriteTo}`;
    case 'set_request_header':
    case 'set_response_header':
      return `${row.type.replaceAll('_', ' ')} ${row.header}`;
    default:
      return row.type.replaceAll('_', ' ');
  }
}
