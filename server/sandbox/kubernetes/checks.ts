import type { NodeGroupCreate } from '../../../contract/kubernetes';
import { defaultNodeTemplate } from '../../../contract/kubernetes';
import type { Issuer } from '../../../contract/kubernetes-oidc';
import { issuerSetProblems } from '../../../contract/kubernetes-oidc';
import { plans as serverPlans } from '../catalog';
import { ApiProblem, notFound } from '../http/errors';
import type { StorageRepository } from '../store/storages';
import { clusterPlans } from './catalog';
import { unprocessable } from './http';

const serverPlanNames = new Set(serverPlans.map((plan) => plan.name));

/** A control-plane plan a new cluster may take (deprecated plans are kept for old clusters). */
export function checkClusterPlan(name: string, status: 400 | 422, allowDeprecated = false) {
  const plan = clusterPlans.find((item) => item.name === name);
  const offered = clusterPlans.filter((item) => !item.deprecated).map((item) => item.name);
  if (!plan || (plan.deprecated && !allowDeprecated)) {
    throw new ApiProblem(
      status,
      'PLAN_INVALID',
      plan
        ? `The plan ${name} is deprecated; choose one of ${offered.join(', ')}.`
        : `There is no cluster plan ${name}; choose one of ${offered.join(', ')}.`,
      {},
      [{ name: 'plan', reason: 'Not an offered cluster plan.' }],
    );
  }
  return plan;
}

/** A node group's server plan and template (api-reference-notes §9.2). */
export function checkNodeGroup(
  group: Pick<NodeGroupCreate, 'plan' | 'storage'>,
  where: string,
  context: { zone: string; ownerId: number; storages: StorageRepository },
) {
  if (group.plan !== 'custom' && !serverPlanNames.has(group.plan)) {
    throw unprocessable(
      'PLAN_INVALID',
      `There is no server plan ${group.plan} for ${where}; use a plan of GET /1.3/plan or "custom".`,
      [{ name: `${where}.plan`, reason: 'Not a server plan.' }],
    );
  }
  if (group.storage === undefined || group.storage === defaultNodeTemplate) return;
  const storage = context.storages.find(group.storage);
  if (!storage || (storage.account_id !== null && storage.account_id !== context.ownerId)) {
    throw notFound('storage', group.storage);
  }
  if (storage.type !== 'template' || storage.zone !== context.zone) {
    throw unprocessable(
      'STORAGE_INVALID',
      `The storage ${group.storage} of ${where} is not a template in ${context.zone}.`,
      [{ name: `${where}.storage`, reason: 'Not a template in the cluster zone.' }],
    );
  }
}

/** Total worker nodes against the plan's maximum. */
export function checkNodeTotal(total: number, planName: string) {
  const plan = clusterPlans.find((item) => item.name === planName);
  if (plan && total > plan.max_nodes) {
    throw unprocessable(
      'NODE_LIMIT_REACHED',
      `The ${plan.name} plan runs at most ${plan.max_nodes} worker nodes; this would make ${total}.`,
      [{ name: 'count', reason: `At most ${plan.max_nodes} nodes in the cluster.` }],
    );
  }
}

/** Whole-set rules of OIDC entries (api-rules §4.3): the first broken one answers `status`. */
export function checkIssuerSet(
  issuers: readonly Issuer[],
  status: 400 | 422,
  prefix = 'authentication',
) {
  const problems = issuerSetProblems(issuers);
  if (problems.length === 0) return;
  const code =
    problems[0]!.attribute === 'name'
      ? 'NAME_INVALID'
      : problems[0]!.attribute === 'issuer_url'
        ? 'ISSUER_URL_INVALID'
        : 'AUTHENTICATION_INVALID';
  throw new ApiProblem(
    status,
    code,
    `The set of OIDC issuers is invalid: ${problems.map((problem) => problem.message).join(' ')}`,
    {},
    problems.map((problem) => ({
      name:
        problem.attribute === 'authentication'
          ? prefix || 'authentication'
          : `${prefix}[${problem.index}].${problem.attribute}`,
      reason: problem.message,
    })),
  );
}
