import type { FirewallAction, FirewallRuleInput } from '../../../../contract/firewall';

const sshPort = 22;

const attributesBeyondDirection = (rule: FirewallRuleInput) =>
  Object.entries(rule).filter(
    ([key, value]) => !['action', 'direction', 'comment'].includes(key) && value !== '' && value,
  ).length;

/**
 * A catch-all ("default") rule for incoming traffic: only `direction` and `action` (and perhaps a
 * comment), placed last (api-reference-notes §2.7).
 */
const isIncomingDefault = (rule: FirewallRuleInput | undefined) =>
  rule !== undefined && rule.direction === 'in' && attributesBeyondDirection(rule) === 0;

/** The set's trailing incoming catch-all, if it ends with one. */
export function incomingDefault(rules: readonly FirewallRuleInput[]) {
  const last = rules.at(-1);
  return isIncomingDefault(last) ? last : undefined;
}

/** The rules before the trailing catch-all, where new rules go. */
export const withoutDefault = (rules: readonly FirewallRuleInput[]) =>
  incomingDefault(rules) ? rules.slice(0, -1) : [...rules];

/** `rules` with `added` placed before the trailing catch-all. */
export function addRules(rules: readonly FirewallRuleInput[], added: readonly FirewallRuleInput[]) {
  const fallback = incomingDefault(rules);
  return [...withoutDefault(rules), ...added, ...(fallback ? [fallback] : [])];
}

/** `rules` ending with an incoming catch-all of `action`. */
export const withDefault = (rules: readonly FirewallRuleInput[], action: FirewallAction) => [
  ...withoutDefault(rules),
  { action, direction: 'in' as const, comment: incomingDefault(rules)?.comment ?? 'Default' },
];

const covers = (start: string | undefined, end: string | undefined, port: number) =>
  !start || (Number(start) <= port && port <= Number(end ?? start));

/**
 * Whether the set, read in order as the firewall does, drops incoming SSH (tcp port 22) from
 * everywhere: the first incoming rule that applies to it drops or rejects it and no earlier rule
 * accepts any of it. A drop limited to some sources leaves SSH open from the others.
 */
export function dropsIncomingSsh(rules: readonly FirewallRuleInput[]): boolean {
  for (const rule of rules) {
    const applies =
      rule.direction === 'in' &&
      (!rule.protocol || rule.protocol === 'tcp') &&
      covers(rule.destination_port_start, rule.destination_port_end, sshPort);
    if (!applies) continue;
    if (rule.action === 'accept') return false;
    const limited =
      rule.source_address_start || rule.source_port_start || rule.destination_address_start;
    if (!limited) return true;
  }
  return false;
}

const inbound = (comment: string, port: number): FirewallRuleInput => ({
  action: 'accept',
  direction: 'in',
  protocol: 'tcp',
  destination_port_start: String(port),
  destination_port_end: String(port),
  comment,
});

/** Common rules the tab adds in one click. */
export const firewallPresets: readonly { label: string; rules: FirewallRuleInput[] }[] = [
  { label: 'SSH', rules: [inbound('SSH', 22)] },
  { label: 'HTTP and HTTPS', rules: [inbound('HTTP', 80), inbound('HTTPS', 443)] },
  {
    label: 'Ping',
    // ICMP type 8 is an IPv4 echo request.
    rules: [
      {
        action: 'accept',
        direction: 'in',
        family: 'IPv4',
        protocol: 'icmp',
        icmp_type: '8',
        comment: 'Ping',
      },
    ],
  },
];
