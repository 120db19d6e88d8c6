import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { loadBalancerEndpoints } from '../../contract/load-balancer';
import type { BodyOf } from '../../contract/endpoint';
import type {
  LoadBalancer,
  LoadBalancerCreate,
  LoadBalancerFrontendCreate,
  LoadBalancerMemberCreate,
  LoadBalancerRule,
  LoadBalancerRuleCreate,
  LoadBalancerTlsConfigCreate,
} from '../../contract/load-balancer';
import { callEndpoint, endpointCall } from './http';
import { useCacheMutation } from './cache-mutation';

const lb = loadBalancerEndpoints;
type LoadBalancerModify = BodyOf<typeof lb.modify>;
type LoadBalancerMemberModify = BodyOf<typeof lb.modifyMember>;
export type CertificateBundleCreate = BodyOf<typeof lb.createCertificateBundle>;

export const loadBalancerListCall = endpointCall(lb.list, { query: {} });
export const listLoadBalancers = (signal?: AbortSignal) =>
  callEndpoint(lb.list, { query: {} }, { signal });
export const getLoadBalancer = (uuid: string, signal?: AbortSignal) =>
  callEndpoint(lb.get, { params: { uuid } }, { signal });
export const createLoadBalancerCall = (body: LoadBalancerCreate) =>
  endpointCall(lb.create, { body });
export const modifyLoadBalancerCall = (uuid: string, body: LoadBalancerModify) =>
  endpointCall(lb.modify, { params: { uuid }, body });
export const deleteLoadBalancerCall = (uuid: string) =>
  endpointCall(lb.delete, { params: { uuid } });

export const createFrontendCall = (uuid: string, body: LoadBalancerFrontendCreate) =>
  endpointCall(lb.createFrontend, { params: { uuid }, body });
export const deleteFrontendCall = (uuid: string, frontend: string) =>
  endpointCall(lb.deleteFrontend, { params: { uuid, frontend } });
export const createRuleCall = (uuid: string, frontend: string, body: LoadBalancerRuleCreate) =>
  endpointCall(lb.createRule, { params: { uuid, frontend }, body });
export const replaceRuleCall = (
  uuid: string,
  frontend: string,
  rule: string,
  body: LoadBalancerRuleCreate,
) => endpointCall(lb.replaceRule, { params: { uuid, frontend, rule }, body });
export const deleteRuleCall = (uuid: string, frontend: string, rule: string) =>
  endpointCall(lb.deleteRule, { params: { uuid, frontend, rule } });
export const createTlsConfigCall = (
  uuid: string,
  frontend: string,
  body: LoadBalancerTlsConfigCreate,
) => endpointCall(lb.createFrontendTlsConfig, { params: { uuid, frontend }, body });
export const deleteTlsConfigCall = (uuid: string, frontend: string, name: string) =>
  endpointCall(lb.deleteFrontendTlsConfig, { params: { uuid, frontend, name } });
export const createMemberCall = (uuid: string, backend: string, body: LoadBalancerMemberCreate) =>
  endpointCall(lb.createMember, { params: { uuid, backend }, body });
export const modifyMemberCall = (
  uuid: string,
  backend: string,
  member: string,
  body: LoadBalancerMemberModify,
) => endpointCall(lb.modifyMember, { params: { uuid, backend, member }, body });
export const deleteMemberCall = (uuid: string, backend: string, member: string) =>
  endpointCall(lb.deleteMember, { params: { uuid, backend, member } });
export const createCertificateBundleCall = (body: CertificateBundleCreate) =>
  endpointCall(lb.createCertificateBundle, { body });
export const deleteCertificateBundleCall = (uuid: string) =>
  endpointCall(lb.deleteCertificateBundle, { params: { uuid } });

/** Every state but `running` moves on by itself (docs/load-balancers.md, operational states). */
export const isLoadBalancerBusy = (balancer: Pick<LoadBalancer, 'operational_state'>) =>
  balancer.operational_state !== 'running';

/** Rules run highest priority first, equal priorities by name (UpCloud's rule documentation). */
export const byRuleOrder = (a: LoadBalancerRule, b: LoadBalancerRule) =>
  b.priority - a.priority || a.name.localeCompare(b.name);

/**
 * Priorities (0–100) that make `ordered` run in that order, highest first, spread evenly; only
 * the rules whose priority must change are returned.
 */
export function reorderedPriorities(
  ordered: readonly Pick<LoadBalancerRule, 'name' | 'priority'>[],
) {
  const step = Math.max(1, Math.floor(100 / Math.max(1, ordered.length)));
  return ordered
    .map((rule, index) => ({ name: rule.name, priority: Math.max(0, 100 - index * step) }))
    .filter((next, index) => next.priority !== ordered[index]?.priority);
}

const pollMs = 2000;
const catalogStaleMs = 10 * 60_000;

export const loadBalancerQueries = {
  all: () => ['load-balancers'] as const,
  lists: () => [...loadBalancerQueries.all(), 'list'] as const,
  list: () =>
    queryOptions({
      queryKey: loadBalancerQueries.lists(),
      queryFn: ({ signal }) => listLoadBalancers(signal),
      refetchInterval: (query) => (query.state.data?.some(isLoadBalancerBusy) ? pollMs : false),
    }),
  detail: (uuid: string) =>
    queryOptions({
      queryKey: [...loadBalancerQueries.all(), 'detail', uuid],
      queryFn: ({ signal }) => getLoadBalancer(uuid, signal),
      refetchInterval: (query) =>
        query.state.data && isLoadBalancerBusy(query.state.data) ? pollMs : false,
    }),
  /**
   * Member health. `watch` is true while something it depends on is changing (the service, or a
   * member's server starting or stopping): only then is it read again every two seconds.
   */
  metrics: (uuid: string, watch: boolean) =>
    queryOptions({
      queryKey: [...loadBalancerQueries.all(), 'detail', uuid, 'metrics'],
      queryFn: ({ signal }) => callEndpoint(lb.metrics, { params: { uuid } }, { signal }),
      refetchInterval: watch ? pollMs : false,
    }),
  plans: () =>
    queryOptions({
      queryKey: [...loadBalancerQueries.all(), 'plans'],
      queryFn: ({ signal }) => callEndpoint(lb.plans, { query: {} }, { signal }),
      staleTime: catalogStaleMs,
    }),
  certificateBundles: () =>
    queryOptions({
      queryKey: [...loadBalancerQueries.all(), 'certificate-bundles'],
      queryFn: ({ signal }) => callEndpoint(lb.listCertificateBundles, { query: {} }, { signal }),
    }),
};

/** After a change to a load balancer or one of its parts: its record, health and the list. */
async function refreshLoadBalancer(queryClient: QueryClient, uuid: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...loadBalancerQueries.all(), 'detail', uuid] }),
    queryClient.invalidateQueries({ queryKey: loadBalancerQueries.lists() }),
  ]);
}

/** A change to one load balancer, refreshing it on success. */
function useLoadBalancerChange<Variables>(
  uuid: string,
  run: (variables: Variables) => Promise<unknown>,
) {
  return useCacheMutation(run, (queryClient) => refreshLoadBalancer(queryClient, uuid));
}

export const useCreateLoadBalancer = () =>
  useCacheMutation(
    (body: LoadBalancerCreate) => callEndpoint(lb.create, { body }),
    async (queryClient, created) => {
      queryClient.setQueryData(loadBalancerQueries.detail(created.uuid).queryKey, created);
      await queryClient.invalidateQueries({ queryKey: loadBalancerQueries.lists() });
    },
  );

export const useModifyLoadBalancer = (uuid: string) =>
  useLoadBalancerChange(uuid, (body: LoadBalancerModify) =>
    callEndpoint(lb.modify, { params: { uuid }, body }),
  );
export const useDeleteLoadBalancer = (uuid: string) =>
  useLoadBalancerChange(uuid, () => callEndpoint(lb.delete, { params: { uuid } }));

export const useCreateFrontend = (uuid: string) =>
  useLoadBalancerChange(uuid, (body: LoadBalancerFrontendCreate) =>
    callEndpoint(lb.createFrontend, { params: { uuid }, body }),
  );
export const useDeleteFrontend = (uuid: string) =>
  useLoadBalancerChange(uuid, (frontend: string) =>
    callEndpoint(lb.deleteFrontend, { params: { uuid, frontend } }),
  );

/** Adds a rule, or with `replacing` (its current name) replaces that whole rule. */
export const useSaveRule = (uuid: string, frontend: string, replacing?: string) =>
  useLoadBalancerChange(uuid, (body: LoadBalancerRuleCreate) =>
    replacing === undefined
      ? callEndpoint(lb.createRule, { params: { uuid, frontend }, body })
      : callEndpoint(lb.replaceRule, { params: { uuid, frontend, rule: replacing }, body }),
  );
export const useDeleteRule = (uuid: string, frontend: string) =>
  useLoadBalancerChange(uuid, (rule: string) =>
    callEndpoint(lb.deleteRule, { params: { uuid, frontend, rule } }),
  );
/** Sets the priorities `reorderedPriorities` gives, one rule after another. */
export const useReorderRules = (uuid: string, frontend: string) =>
  useLoadBalancerChange(uuid, async (changes: { name: string; priority: number }[]) => {
    for (const { name, priority } of changes) {
      await callEndpoint(lb.modifyRule, {
        params: { uuid, frontend, rule: name },
        body: { priority },
      });
    }
  });

export const useCreateTlsConfig = (uuid: string, frontend: string) =>
  useLoadBalancerChange(uuid, (body: LoadBalancerTlsConfigCreate) =>
    callEndpoint(lb.createFrontendTlsConfig, { params: { uuid, frontend }, body }),
  );
export const useDeleteTlsConfig = (uuid: string, frontend: string) =>
  useLoadBalancerChange(uuid, (name: string) =>
    callEndpoint(lb.deleteFrontendTlsConfig, { params: { uuid, frontend, name } }),
  );

export const useCreateMember = (uuid: string, backend: string) =>
  useLoadBalancerChange(uuid, (body: LoadBalancerMemberCreate) =>
    callEndpoint(lb.createMember, { params: { uuid, backend }, body }),
  );
export const useModifyMember = (uuid: string, backend: string) =>
  useLoadBalancerChange(
    uuid,
    ({ member, body }: { member: string; body: LoadBalancerMemberModify }) =>
      callEndpoint(lb.modifyMember, { params: { uuid, backend, member }, body }),
  );
export const useDeleteMember = (uuid: string, backend: string) =>
  useLoadBalancerChange(uuid, (member: string) =>
    callEndpoint(lb.deleteMember, { params: { uuid, backend, member } }),
  );

/** Certificate bundles belong to the account; TLS configs of any load balancer may use them. */
function useBundleChange<Variables>(run: (variables: Variables) => Promise<unknown>) {
  return useCacheMutation(run, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: loadBalancerQueries.certificateBundles().queryKey }),
  );
}
export const useCreateCertificateBundle = () =>
  useBundleChange((body: CertificateBundleCreate) =>
    callEndpoint(lb.createCertificateBundle, { body }),
  );
export const useDeleteCertificateBundle = () =>
  useBundleChange((bundle: string) =>
    callEndpoint(lb.deleteCertificateBundle, { params: { uuid: bundle } }),
  );

/** The zone price-list key of a plan (docs/load-balancers.md, billing). */
export const loadBalancerPriceKey = (plan: string) => `managed_load_balancer_${plan}`;
