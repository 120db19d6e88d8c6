import type { QueryClient } from '@tanstack/react-query';
import { firewallEndpoints } from '../../contract/firewall';
import type { FirewallRule, FirewallRuleInput } from '../../contract/firewall';
import { callEndpoint, endpointCall } from './http';
import { fetchQuery } from './fetch-query';
import { useCacheMutation } from './cache-mutation';
import { modifyServer, serverQueries } from './servers';

export async function listFirewallRules(uuid: string, signal?: AbortSignal) {
  return (await callEndpoint(firewallEndpoints.list, { params: { uuid } }, { signal }))
    .firewall_rules.firewall_rule;
}

const createArgs = (uuid: string, rule: FirewallRuleInput, position?: number) => ({
  params: { uuid },
  body: {
    firewall_rule: position === undefined ? rule : { ...rule, position: String(position) },
  },
});

export const createFirewallRuleCall = (uuid: string, rule: FirewallRuleInput, position?: number) =>
  endpointCall(firewallEndpoints.create, createArgs(uuid, rule, position));

/** Adds a rule; with `position` it goes there and the rules from there on move down. */
export async function createFirewallRule(uuid: string, rule: FirewallRuleInput, position?: number) {
  return (await callEndpoint(firewallEndpoints.create, createArgs(uuid, rule, position)))
    .firewall_rule;
}

const replaceArgs = (uuid: string, rules: FirewallRuleInput[]) => ({
  params: { uuid },
  body: { firewall_rules: { firewall_rule: rules } },
});

export const replaceFirewallRulesCall = (uuid: string, rules: FirewallRuleInput[]) =>
  endpointCall(firewallEndpoints.replace, replaceArgs(uuid, rules));

/** Replaces the server's whole rule set with `rules`, in order, in one change. */
export function replaceFirewallRules(uuid: string, rules: FirewallRuleInput[]) {
  return callEndpoint(firewallEndpoints.replace, replaceArgs(uuid, rules));
}

export const deleteFirewallRuleCall = (uuid: string, position: string) =>
  endpointCall(firewallEndpoints.delete, { params: { uuid, position } });

export function deleteFirewallRule(uuid: string, position: string) {
  return callEndpoint(firewallEndpoints.delete, { params: { uuid, position } });
}

/**
 * A listed rule as a client sends it back: the attributes it sets, without its position
 * (answers give every attribute, unset ones `""`, api-reference-notes §2.7).
 */
export function ruleInput({ position: _position, ...rule }: FirewallRule): FirewallRuleInput {
  return Object.fromEntries(
    Object.entries(rule).filter(([, value]) => value !== ''),
  ) as FirewallRuleInput;
}

export const firewallQueries = {
  all: () => ['firewall-rules'] as const,
  list: (uuid: string) =>
    fetchQuery([...firewallQueries.all(), 'list', uuid], (signal) =>
      listFirewallRules(uuid, signal),
    ),
};

const refreshRules = (queryClient: QueryClient, uuid: string) =>
  queryClient.invalidateQueries({ queryKey: firewallQueries.list(uuid).queryKey });

/** A change of the server's rule set; the list is read again after it. */
function useRuleChange<Variables>(
  uuid: string,
  change: (variables: Variables) => Promise<unknown>,
) {
  return useCacheMutation(change, (queryClient) => refreshRules(queryClient, uuid));
}

export const useCreateFirewallRule = (uuid: string) =>
  useRuleChange(uuid, ({ rule, position }: { rule: FirewallRuleInput; position?: number }) =>
    createFirewallRule(uuid, rule, position),
  );

export const useReplaceFirewallRules = (uuid: string) =>
  useRuleChange(uuid, (rules: FirewallRuleInput[]) => replaceFirewallRules(uuid, rules));

export const useDeleteFirewallRule = (uuid: string) =>
  useRuleChange(uuid, (position: string) => deleteFirewallRule(uuid, position));

/** Turns the server's firewall on or off (its `firewall` attribute, api-reference-notes §2.4). */
export const useSetServerFirewall = (uuid: string) =>
  useCacheMutation(
    (firewall: 'on' | 'off') => modifyServer(uuid, { server: { firewall } }),
    (queryClient, details) => {
      queryClient.setQueryData(serverQueries.detail(uuid).queryKey, details);
      return queryClient.invalidateQueries({ queryKey: serverQueries.lists() });
    },
  );
