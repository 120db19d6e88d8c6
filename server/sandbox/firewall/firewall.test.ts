import { describe, expect, it } from 'vitest';
import { billingSummarySchema } from '../../../contract/billing';
import type { FirewallRuleInput } from '../../../contract/firewall';
import {
  firewallRuleListResponseSchema,
  firewallRuleResponseSchema,
} from '../../../contract/firewall';
import { sandboxSuite } from '../routes/test-helpers';
import { expectProblem, manualClock, otherAuth } from '../testing';

/**
 * Server firewall rules as UpCloud's Go SDK, upctl and terraform's `upcloud_firewall_rules` send
 * them (issue 21 item 1): create at a position, list, get, delete with renumbering, the whole-set
 * replace, and every refusal.
 */

const clock = manualClock('2026-11-02T00:00:00.000Z');
const {
  call,
  ok,
  okBody,
  getBody,
  audited,
  auditCount,
  serverNamed,
  servers,
  stoppedServer,
  advance,
  app,
} = sandboxSuite({ clock, authFailureLimit: 1_000_000 });

const rulesPath = (uuid: string) => `/1.3/server/${uuid}/firewall_rule`;
const listRules = async (uuid: string) =>
  (await getBody(firewallRuleListResponseSchema, rulesPath(uuid))).firewall_rules.firewall_rule;
const replace = (uuid: string, rules: FirewallRuleInput[]) =>
  call('PUT', rulesPath(uuid), { firewall_rules: { firewall_rule: rules } });

const ssh: FirewallRuleInput = {
  action: 'accept',
  direction: 'in',
  family: 'IPv4',
  protocol: 'tcp',
  destination_port_start: '22',
  destination_port_end: '22',
  comment: 'SSH',
};
const web: FirewallRuleInput = {
  action: 'accept',
  direction: 'in',
  protocol: 'tcp',
  destination_port_start: '80',
  destination_port_end: '80',
};
const dropIn: FirewallRuleInput = { action: 'drop', direction: 'in' };

/** Every attribute of an answered rule: unset ones are "" (api-reference-notes §2.7). */
const blank = {
  comment: '',
  destination_address_end: '',
  destination_address_start: '',
  destination_port_end: '',
  destination_port_start: '',
  family: '',
  icmp_type: '',
  protocol: '',
  source_address_end: '',
  source_address_start: '',
  source_port_end: '',
  source_port_start: '',
};

describe('firewall rules', () => {
  it('creates rules at the end or at a position, gets them by position and renumbers on delete', async () => {
    const { uuid } = await stoppedServer('fw-order');
    expect(await listRules(uuid)).toEqual([]);

    const first = await audited(1, () =>
      okBody(firewallRuleResponseSchema, 'POST', rulesPath(uuid), { firewall_rule: dropIn }, 201),
    );
    expect(first.firewall_rule).toEqual({ ...blank, ...dropIn, position: '1' });

    // The Go SDK sends `position` as a string; the new rule goes before the catch-all.
    const inserted = await okBody(
      firewallRuleResponseSchema,
      'POST',
      rulesPath(uuid),
      { firewall_rule: { ...ssh, position: '1' } },
      201,
    );
    expect(inserted.firewall_rule).toEqual({ ...blank, ...ssh, position: '1' });
    await ok('POST', rulesPath(uuid), { firewall_rule: { ...web, position: '2' } }, 201);
    expect(
      (await listRules(uuid)).map((rule) => [
        rule.position,
        rule.destination_port_start,
        rule.action,
      ]),
    ).toEqual([
      ['1', '22', 'accept'],
      ['2', '80', 'accept'],
      ['3', '', 'drop'],
    ]);

    const second = await getBody(firewallRuleResponseSchema, `${rulesPath(uuid)}/2`);
    expect(second.firewall_rule).toEqual({ ...blank, ...web, position: '2' });

    await audited(1, () => ok('DELETE', `${rulesPath(uuid)}/1`, undefined, 204));
    expect(
      (await listRules(uuid)).map((rule) => [rule.position, rule.destination_port_start]),
    ).toEqual([
      ['1', '80'],
      ['2', ''],
    ]);
    const rows = app()
      .sandbox!.db.prepare(
        "SELECT action, resource_sub_type, resource_id FROM audit_logs WHERE resource_sub_type = 'firewall_rule' ORDER BY rowid",
      )
      .all();
    expect(rows).toEqual([
      { action: 'create', resource_sub_type: 'firewall_rule', resource_id: uuid },
      { action: 'create', resource_sub_type: 'firewall_rule', resource_id: uuid },
      { action: 'create', resource_sub_type: 'firewall_rule', resource_id: uuid },
      { action: 'delete', resource_sub_type: 'firewall_rule', resource_id: uuid },
    ]);
  });

  it('replaces the whole set in order (204), and an empty set clears it', async () => {
    const { uuid } = await stoppedServer('fw-replace');
    await ok('POST', rulesPath(uuid), { firewall_rule: ssh }, 201);
    // The body terraform's upcloud_firewall_rules sends (UpCloud's Go SDK recordings).
    const response = await audited(1, () => replace(uuid, [web, ssh, dropIn]));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await listRules(uuid)).toEqual([
      { ...blank, ...web, position: '1' },
      { ...blank, ...ssh, position: '2' },
      { ...blank, ...dropIn, position: '3' },
    ]);
    expect((await replace(uuid, [])).statusCode).toBe(204);
    expect(await listRules(uuid)).toEqual([]);
  });

  it('refuses a set with one bad rule and keeps the old set, without an audit row', async () => {
    const { uuid } = await stoppedServer('fw-atomic');
    await replace(uuid, [ssh, dropIn]);
    const before = await listRules(uuid);
    const rows = auditCount();
    const bad = { ...web, destination_port_start: '0' };
    expectProblem(await replace(uuid, [web, bad, dropIn]), 400, 'DESTINATION_PORT_START_INVALID');
    expect(await listRules(uuid)).toEqual(before);
    expect(auditCount()).toBe(rows);
  });

  const refused: [string, Record<string, string>, string][] = [
    ['a direction other than in or out', { direction: 'sideways' }, 'DIRECTION_INVALID'],
    ['an unknown action', { action: 'allow' }, 'ACTION_INVALID'],
    ['an unknown protocol', { protocol: 'sctp' }, 'PROTOCOL_INVALID'],
    ['an unknown family', { family: 'IPv5' }, 'FAMILY_INVALID'],
    [
      'an address that is no address',
      { family: 'IPv4', source_address_start: '10.0.0', source_address_end: '10.0.0.9' },
      'SOURCE_ADDRESS_START_INVALID',
    ],
    [
      'an IPv6 address in an IPv4 rule',
      { family: 'IPv4', destination_address_start: '::1', destination_address_end: '::1' },
      'DESTINATION_ADDRESS_START_INVALID',
    ],
    [
      'an address range without a family',
      { source_address_start: '10.0.0.1', source_address_end: '10.0.0.9' },
      'FAMILY_MISSING',
    ],
    [
      'a range with only its start',
      { family: 'IPv4', source_address_start: '10.0.0.1' },
      'SOURCE_ADDRESS_END_MISSING',
    ],
    [
      'an address range whose end comes first',
      { family: 'IPv6', source_address_start: '2001:db8::9', source_address_end: '2001:db8::1' },
      'SOURCE_ADDRESS_END_INVALID',
    ],
    [
      'a port range whose end comes first',
      { protocol: 'udp', source_port_start: '600', source_port_end: '500' },
      'SOURCE_PORT_END_INVALID',
    ],
    [
      'a port above 65535',
      { protocol: 'tcp', destination_port_start: '22', destination_port_end: '65536' },
      'DESTINATION_PORT_END_INVALID',
    ],
    [
      'ports without tcp or udp',
      { protocol: 'icmp', destination_port_start: '22', destination_port_end: '22' },
      'DESTINATION_PORT_START_INVALID',
    ],
    ['an ICMP type without icmp', { protocol: 'tcp', icmp_type: '8' }, 'ICMP_TYPE_INVALID'],
    ['an ICMP type above 255', { protocol: 'icmp', icmp_type: '256' }, 'ICMP_TYPE_INVALID'],
    ['a comment of 251 characters', { comment: 'x'.repeat(251) }, 'COMMENT_INVALID'],
    ['an unknown attribute', { port: '22' }, 'UNKNOWN_ATTRIBUTE'],
  ];

  it.each(refused)('refuses %s on create and replace', async (_name, fields, code) => {
    const web1 = await serverNamed('web-1');
    const rule = { action: 'accept', direction: 'in', ...fields };
    const rows = auditCount();
    expectProblem(await call('POST', rulesPath(web1.uuid), { firewall_rule: rule }), 400, code);
    expectProblem(
      await call('PUT', rulesPath(web1.uuid), { firewall_rules: { firewall_rule: [rule] } }),
      400,
      code,
    );
    expect(auditCount()).toBe(rows);
  });

  it('accepts what the checks allow: a comment of 250 characters, ICMP type 0, one-port ranges', async () => {
    const { uuid } = await stoppedServer('fw-edges');
    const rules: FirewallRuleInput[] = [
      { action: 'accept', direction: 'out', comment: 'x'.repeat(250) },
      { action: 'accept', direction: 'in', family: 'IPv4', protocol: 'icmp', icmp_type: '0' },
      {
        action: 'reject',
        direction: 'in',
        family: 'IPv6',
        protocol: 'udp',
        source_address_start: '2001:db8::1',
        source_address_end: '2001:db8::1',
        source_port_start: '65535',
        source_port_end: '65535',
      },
    ];
    expect((await replace(uuid, rules)).statusCode).toBe(204);
    expect((await listRules(uuid)).length).toBe(3);
  });

  it('refuses positions outside the set', async () => {
    const { uuid } = await stoppedServer('fw-positions');
    await replace(uuid, [ssh]);
    expectProblem(
      await call('POST', rulesPath(uuid), { firewall_rule: { ...web, position: '3' } }),
      400,
      'POSITION_INVALID',
    );
    expectProblem(
      await call('POST', rulesPath(uuid), { firewall_rule: { ...web, position: '0' } }),
      400,
      'POSITION_INVALID',
    );
    expectProblem(await call('GET', `${rulesPath(uuid)}/2`), 404, 'FIREWALL_RULE_NOT_FOUND');
    expectProblem(await call('DELETE', `${rulesPath(uuid)}/2`), 404, 'FIREWALL_RULE_NOT_FOUND');
    expectProblem(await call('GET', `${rulesPath(uuid)}/first`), 400, 'FIREWALL_RULE_INVALID');
    expectProblem(await call('DELETE', `${rulesPath(uuid)}/0`), 400, 'FIREWALL_RULE_INVALID');
    expect((await listRules(uuid)).length).toBe(1);
  });

  it('holds at most 1000 rules a server', async () => {
    const { uuid } = await stoppedServer('fw-limit');
    const many = Array.from({ length: 1000 }, (_, index) => ({
      action: 'accept' as const,
      direction: 'in' as const,
      protocol: 'tcp' as const,
      destination_port_start: String(index + 1),
      destination_port_end: String(index + 1),
    }));
    expectProblem(await replace(uuid, [...many, dropIn]), 400, 'FIREWALL_RULE_INVALID');
    expect((await replace(uuid, many)).statusCode).toBe(204);
    expectProblem(
      await call('POST', rulesPath(uuid), { firewall_rule: dropIn }),
      409,
      'FIREWALL_RULE_LIMIT_REACHED',
    );
    expect((await listRules(uuid)).length).toBe(1000);
  });

  it('answers as on every server path for another account’s, an unknown and a malformed server', async () => {
    const [theirs] = await servers(otherAuth);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [string, number, string][] = [
      [theirs!.uuid, 403, 'SERVER_FORBIDDEN'],
      [unknown, 404, 'SERVER_NOT_FOUND'],
      ['not-a-uuid', 400, 'SERVER_INVALID'],
    ];
    for (const [uuid, status, code] of cases) {
      expectProblem(await call('GET', rulesPath(uuid)), status, code);
      expectProblem(await call('POST', rulesPath(uuid), { firewall_rule: ssh }), status, code);
      expectProblem(await replace(uuid, [ssh]), status, code);
      expectProblem(await call('GET', `${rulesPath(uuid)}/1`), status, code);
      expectProblem(await call('DELETE', `${rulesPath(uuid)}/1`), status, code);
    }
  });

  it('deletes a server’s rules with the server', async () => {
    const { uuid } = await stoppedServer('fw-gone');
    await replace(uuid, [ssh, dropIn]);
    const count = () =>
      (
        app()
          .sandbox!.db.prepare('SELECT COUNT(*) AS n FROM firewall_rules WHERE server_uuid = ?')
          .get(uuid) as { n: number }
      ).n;
    expect(count()).toBe(2);
    await ok('DELETE', `/1.3/server/${uuid}`, undefined, 204);
    expectProblem(await call('GET', rulesPath(uuid)), 404, 'SERVER_NOT_FOUND');
    expect(count()).toBe(0);
  });

  it('bills the firewall by the hour while it is on', async () => {
    const { uuid } = await stoppedServer('fw-billed');
    await ok('PUT', `/1.3/server/${uuid}`, { server: { firewall: 'on' } }, 202);
    await advance(10 * 3_600_000);
    await ok('PUT', `/1.3/server/${uuid}`, { server: { firewall: 'off' } }, 202);
    await advance(5 * 3_600_000);
    const summary = await getBody(
      billingSummarySchema,
      `/1.3/account/billing/summary/2026-11?resource_id=${uuid}`,
    );
    const details = summary.servers!.server!.resources[0]!.details;
    // Three stretches (off, on, off again); only the one with the firewall on pays for it, at
    // de-fra1's `firewall` entry of 0.56 credits (0.0056 in the bill's currency) for each of its
    // started hours.
    expect(details.map((detail) => detail.firewall! > 0)).toEqual([false, true, false]);
    const on = details[1]!;
    expect(on.hours).toBe(11);
    expect(on.firewall).toBeCloseTo(0.0056 * 11, 6);
  });
});
