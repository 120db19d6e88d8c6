import { z } from 'zod/mini';
import { checkWith, plainText, type ReportIssue, wrappedList } from './common';
import { endpoint } from './endpoint';
import { ipFamilyOf, ipToBigInt } from './ip';

/** At most this many rules a server (terraform's `upcloud_firewall_rules`, api-reference-notes §2.7). */
export const firewallRuleLimit = 1000;
/** A rule's comment: 0–250 characters (upctl's `server firewall create --comment`). */
const firewallCommentMaxLength = 250;

const firewallDirections = ['in', 'out'] as const;
/** `reject` is deprecated by the API but still answered in old rule sets (UpCloud's Go SDK). */
const firewallActions = ['accept', 'reject', 'drop'] as const;
const firewallProtocols = ['tcp', 'udp', 'icmp'] as const;
export type FirewallAction = (typeof firewallActions)[number];

/**
 * A rule as the API answers it (api-reference-notes §2.7): every attribute present, unset ones
 * `""`, numbers (ports, ICMP type, position) as strings.
 */
export const firewallRuleSchema = z.object({
  action: z.enum(firewallActions),
  comment: z.string(),
  destination_address_end: z.string(),
  destination_address_start: z.string(),
  destination_port_end: z.string(),
  destination_port_start: z.string(),
  direction: z.enum(firewallDirections),
  family: z.enum(['IPv4', 'IPv6', '']),
  icmp_type: z.string(),
  position: z.string(),
  protocol: z.enum([...firewallProtocols, '']),
  source_address_end: z.string(),
  source_address_start: z.string(),
  source_port_end: z.string(),
  source_port_start: z.string(),
});
export type FirewallRule = z.infer<typeof firewallRuleSchema>;

export const firewallRuleListResponseSchema = wrappedList(
  'firewall_rules',
  'firewall_rule',
  firewallRuleSchema,
);
export const firewallRuleResponseSchema = z.object({ firewall_rule: firewallRuleSchema });

const optionalText = z.optional(z.string());

/** The attributes a client sets; `""` means unset, as clients send it. */
const ruleInputShape = {
  action: z.enum(firewallActions, 'Choose accept or drop.'),
  direction: z.enum(firewallDirections, 'Choose in or out.'),
  family: z.optional(z.enum(['IPv4', 'IPv6', ''], 'Choose IPv4 or IPv6.')),
  protocol: z.optional(z.enum([...firewallProtocols, ''], 'Choose tcp, udp or icmp.')),
  icmp_type: optionalText,
  source_address_start: optionalText,
  source_address_end: optionalText,
  source_port_start: optionalText,
  source_port_end: optionalText,
  destination_address_start: optionalText,
  destination_address_end: optionalText,
  destination_port_start: optionalText,
  destination_port_end: optionalText,
  comment: z.optional(
    z
      .string()
      .check(
        z.maxLength(firewallCommentMaxLength, `At most ${firewallCommentMaxLength} characters.`),
        plainText(),
      ),
  ),
};
type RuleInputShape = z.infer<ReturnType<typeof z.object<typeof ruleInputShape>>>;
type OptionalAttribute = Exclude<keyof RuleInputShape, 'action' | 'direction'>;

/**
 * Every attribute beyond `action` and `direction`, unset: `""`, as the API answers what a rule
 * leaves out (api-reference-notes §2.7) and as a form's empty field holds it.
 */
export const unsetRuleAttributes = Object.fromEntries(
  Object.keys(ruleInputShape)
    .filter((name) => name !== 'action' && name !== 'direction')
    .map((name) => [name, '']),
) as Record<OptionalAttribute, ''>;
type RuleKey = keyof RuleInputShape;

const given = (value: string | undefined): value is string => value !== undefined && value !== '';
const wholeNumber = (text: string) => (/^\d{1,5}$/.test(text) ? Number(text) : NaN);

/**
 * The rules between attributes (terraform's `upcloud_firewall_rules`, upctl): a range has both
 * ends and its start is not after its end; addresses are of the rule's family; ports (1–65535)
 * only with tcp or udp; an ICMP type (0–255) only with icmp.
 */
function checkRule(rule: RuleInputShape, report: ReportIssue) {
  const issue = (path: RuleKey, message: string) => report(message, path);
  const family = given(rule.family) ? rule.family : undefined;

  function range(start: RuleKey, end: RuleKey, read: (key: RuleKey) => bigint | undefined) {
    const from = rule[start];
    const to = rule[end];
    if (given(from) !== given(to)) {
      issue(given(from) ? end : start, 'Give both the start and the end of the range.');
      return;
    }
    const low = read(start);
    const high = read(end);
    if (low !== undefined && high !== undefined && low > high) {
      issue(end, 'The end of the range comes before its start.');
    }
  }

  const address = (key: RuleKey) => {
    const text = rule[key];
    if (!given(text)) return undefined;
    const of = ipFamilyOf(text);
    if (of === null) issue(key, 'Not an IPv4 or IPv6 address.');
    else if (family === undefined) issue('family', 'Choose IPv4 or IPv6 for an address range.');
    else if (of !== family) issue(key, `Not an ${family} address.`);
    else return ipToBigInt(text);
    return undefined;
  };

  const port = (key: RuleKey) => {
    const text = rule[key];
    if (!given(text)) return undefined;
    if (rule.protocol !== 'tcp' && rule.protocol !== 'udp') {
      issue(key, 'Ports apply only to the tcp and udp protocols.');
      return undefined;
    }
    const value = wholeNumber(text);
    if (!(value >= 1 && value <= 65535)) {
      issue(key, 'A port from 1 to 65535.');
      return undefined;
    }
    return BigInt(value);
  };

  range('source_address_start', 'source_address_end', address);
  range('destination_address_start', 'destination_address_end', address);
  range('source_port_start', 'source_port_end', port);
  range('destination_port_start', 'destination_port_end', port);

  if (given(rule.icmp_type)) {
    const value = wholeNumber(rule.icmp_type);
    if (rule.protocol !== 'icmp') {
      issue('icmp_type', 'An ICMP type applies only to the icmp protocol.');
    } else if (!(value >= 0 && value <= 255)) {
      issue('icmp_type', 'An ICMP type from 0 to 255.');
    }
  }
}

/** One rule as a client sets it: the add form's schema and each rule of a whole-set replace. */
export const firewallRuleInputSchema = z
  .strictObject(ruleInputShape)
  .check(checkWith<RuleInputShape>(checkRule));
export type FirewallRuleInput = z.input<typeof firewallRuleInputSchema>;

/** A position: 1 is the first rule, evaluated first. */
const firewallPositionSchema = z
  .string()
  .check(
    z.refine(
      (text) => /^\d{1,4}$/.test(text) && Number(text) >= 1 && Number(text) <= firewallRuleLimit,
      `A position from 1 to ${firewallRuleLimit}.`,
    ),
  );

/** `POST /server/{uuid}/firewall_rule`: `position` inserts there, otherwise the rule goes last. */
export const createFirewallRuleRequestSchema = z.strictObject({
  firewall_rule: z
    .strictObject({ ...ruleInputShape, position: z.optional(firewallPositionSchema) })
    .check(checkWith<RuleInputShape>(checkRule)),
});

/**
 * `PUT /server/{uuid}/firewall_rule`: the whole set, in order, replaces the server's rules
 * (terraform's `upcloud_firewall_rules`; the real service answers 204, UpCloud's Go SDK recordings).
 */
export const replaceFirewallRulesRequestSchema = z.strictObject({
  firewall_rules: z.strictObject({
    firewall_rule: z
      .array(firewallRuleInputSchema)
      .check(z.maxLength(firewallRuleLimit, `At most ${firewallRuleLimit} rules a server.`)),
  }),
});

/** A server's firewall rules (api-reference-notes §2.7): classic paths and error objects. */
export const firewallEndpoints = {
  list: endpoint(
    'GET /server/:uuid/firewall_rule',
    firewallRuleListResponseSchema,
    [400, 403, 404],
  ),
  create: endpoint(
    'POST /server/:uuid/firewall_rule',
    firewallRuleResponseSchema,
    [400, 403, 404, 409],
    { body: createFirewallRuleRequestSchema, status: 201 },
  ),
  replace: endpoint('PUT /server/:uuid/firewall_rule', null, [400, 403, 404], {
    body: replaceFirewallRulesRequestSchema,
  }),
  get: endpoint(
    'GET /server/:uuid/firewall_rule/:position',
    firewallRuleResponseSchema,
    [400, 403, 404],
  ),
  delete: endpoint('DELETE /server/:uuid/firewall_rule/:position', null, [400, 403, 404]),
};
