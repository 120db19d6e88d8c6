import { namedResourcePeriod } from '../billing';
import type { SandboxContext } from '../context';
import {
  deleteStates,
  lbPlanPriceKey,
  lbStepSeconds,
  loadBalancerRecord,
  setupStates,
} from './model';
import type { LoadBalancerRow } from './store';
import { createLoadBalancerRepository, labelsOf } from './store';

const stepJob = 'load-balancer-step';
const billedType = 'load_balancer';

/**
 * The service's life on the simulated clock and its bill (docs/load-balancers.md §States,
 * §Billing): one job per step moves `operational_state` along the setup or teardown states; the
 * last teardown step removes the service.
 */
function createLoadBalancerModel(context: SandboxContext) {
  const { db, jobs, billing } = context;
  const repo = createLoadBalancerRepository(db);

  const period = (row: LoadBalancerRow) =>
    namedResourcePeriod(billedType, row, {
      plan: row.plan,
      labels: labelsOf(row),
      start: repo.lastBilledEnd(row.uuid) ?? Date.parse(row.created_at),
    });

  billing.register({
    type: billedType,
    category: ['managed_loadbalancers', 'managed_loadbalancers'],
    priceKey: (item) => lbPlanPriceKey(item.plan ?? ''),
    openPeriods: (accountId) =>
      repo
        .ofAccount(accountId)
        .filter((row) => !row.deleting)
        .map(period),
    ownerOf: (resourceId) => {
      const row = repo.find(resourceId);
      return row && !row.deleting ? row.account_id : undefined;
    },
  });

  jobs.register(stepJob, (job) => {
    const row = repo.find(job.resource_id);
    if (!row) return;
    const states = row.deleting ? deleteStates : setupStates;
    const next = states[states.indexOf(row.operational_state) + 1];
    if (row.deleting && next === undefined) {
      repo.delete(row.uuid);
      return;
    }
    if (next === undefined) return;
    repo.update({ ...row, operational_state: next, updated_at: row.updated_at });
    if (next !== 'running') jobs.schedule(stepJob, row.uuid, lbStepSeconds);
  });

  return {
    repo,
    stepJob,
    record: loadBalancerRecord,
    /**
     * A changed configuration is applied by the nodes again: a running service goes back to
     * `setup-lb` (the Go SDK's recorded modify shows the state leave `running`).
     */
    reconfigured(row: LoadBalancerRow): LoadBalancerRow {
      if (row.operational_state !== 'running') return row;
      jobs.schedule(stepJob, row.uuid, lbStepSeconds);
      return { ...row, operational_state: 'setup-lb' };
    },
    /** Ends the service's billing period so far: on deletion, and before its plan changes. */
    closeBilling(row: LoadBalancerRow, deleted: boolean) {
      billing.closePeriod(period(row), deleted);
    },
  };
}
export type LoadBalancerModel = ReturnType<typeof createLoadBalancerModel>;

const models = new WeakMap<SandboxContext['db'], LoadBalancerModel>();

/** Creates the model of a context (the domain's `setup`). */
export function setUpLoadBalancers(context: SandboxContext) {
  models.set(context.db, createLoadBalancerModel(context));
}

/** The model `setup` created for this context. */
export function loadBalancerModelOf(context: SandboxContext): LoadBalancerModel {
  const model = models.get(context.db);
  if (!model) throw new Error('the load-balancer domain was not set up');
  return model;
}
