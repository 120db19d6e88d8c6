import type { FastifyRequest } from 'fastify';
import type { FirewallRule } from '../../../contract/firewall';
import { firewallEndpoints, firewallRuleLimit } from '../../../contract/firewall';
import type { RouteModule } from '../domain';
import { handle } from '../http/endpoint-route';
import { ApiProblem } from '../http/errors';
import { auditContext, principalOf } from '../http/principal';
import type { StoredRule } from './store';
import { createFirewallStore, storedRule } from './store';

const withoutPosition = ({ position: _position, ...rule }: FirewallRule): StoredRule => rule;

/**
 * A server's firewall rules (api-reference-notes §2.7): an ordered set addressed by position. An
 * insert or a delete renumbers the rules after it; a whole-set replace is one transaction, so a
 * refused set leaves the old one in place.
 */
export const firewallRoutes: RouteModule = (scope, context) => {
  const { audit, resources } = context;
  const store = createFirewallStore(context.db);

  /** The caller's server (400, 403, 404 as on every server path, api-reference-notes §17.1). */
  const serverOf = (request: FastifyRequest, uuid: string) =>
    resources.serverFor(principalOf(request), uuid);

  /** The index of the rule at `position` in `rules`, or the API's 400/404. */
  function indexOf(rules: readonly FirewallRule[], position: string, server: string) {
    if (!/^\d{1,9}$/.test(position) || Number(position) < 1) {
      throw new ApiProblem(
        400,
        'FIREWALL_RULE_INVALID',
        `The firewall rule position ${position} is not a number from 1 to ${firewallRuleLimit}.`,
      );
    }
    const index = Number(position) - 1;
    if (index >= rules.length) {
      throw new ApiProblem(
        404,
        'FIREWALL_RULE_NOT_FOUND',
        `The server ${server} has no firewall rule at position ${position}.`,
      );
    }
    return index;
  }

  /** A change of the set and its audit row (a `firewall_rule` change of the server). */
  const change = <After>(
    request: FastifyRequest,
    action: string,
    server: string,
    steps: { write: () => void; after?: () => After; before?: () => unknown },
  ) =>
    audit.change(auditContext(request), {
      action,
      resourceType: 'server',
      resourceSubType: 'firewall_rule',
      resourceId: server,
      ...steps,
    });

  handle(scope, firewallEndpoints.list, async ({ request, params }) => {
    const server = serverOf(request, params.uuid);
    return { firewall_rules: { firewall_rule: store.rules(server.uuid) } };
  });

  handle(scope, firewallEndpoints.get, async ({ request, params }) => {
    const server = serverOf(request, params.uuid);
    const rules = store.rules(server.uuid);
    return { firewall_rule: rules[indexOf(rules, params.position, server.uuid)]! };
  });

  handle(scope, firewallEndpoints.create, async ({ request, params, body }) => {
    const server = serverOf(request, params.uuid);
    const { position, ...input } = body.firewall_rule;
    const rules = store.rules(server.uuid).map(withoutPosition);
    if (rules.length >= firewallRuleLimit) {
      throw new ApiProblem(
        409,
        'FIREWALL_RULE_LIMIT_REACHED',
        `A server has at most ${firewallRuleLimit} firewall rules.`,
      );
    }
    const at = position === undefined ? rules.length : Number(position) - 1;
    if (at > rules.length) {
      throw new ApiProblem(
        400,
        'POSITION_INVALID',
        `The attribute position has an invalid value. The server has ${rules.length} rules: a new rule goes at position ${rules.length + 1} at most.`,
        {},
        [{ name: 'position', reason: `At most ${rules.length + 1}.` }],
      );
    }
    const next = [...rules.slice(0, at), storedRule(input), ...rules.slice(at)];
    const { current } = change(request, 'create', server.uuid, {
      write: () => store.replace(server.uuid, next),
      after: () => store.rules(server.uuid)[at]!,
    });
    return { firewall_rule: current };
  });

  handle(scope, firewallEndpoints.replace, async ({ request, params, body }) => {
    const server = serverOf(request, params.uuid);
    const next = body.firewall_rules.firewall_rule.map(storedRule);
    const listed = () => ({ firewall_rule: store.rules(server.uuid) });
    change(request, 'update', server.uuid, {
      before: listed,
      write: () => store.replace(server.uuid, next),
      after: listed,
    });
  });

  handle(scope, firewallEndpoints.delete, async ({ request, params }) => {
    const server = serverOf(request, params.uuid);
    const rules = store.rules(server.uuid);
    const index = indexOf(rules, params.position, server.uuid);
    const rest = rules.filter((_rule, at) => at !== index).map(withoutPosition);
    change(request, 'delete', server.uuid, {
      before: () => rules[index],
      write: () => store.replace(server.uuid, rest),
    });
  });
};
