import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeParse } from 'zod';
import type { core } from 'zod';
import { uuidPattern } from '../../../contract/common';
import type { Endpoint } from '../../../contract/endpoint';
import { handle } from '../http/endpoint-route';
import type { Answer, EndpointInput, EndpointRouteOptions } from '../http/endpoint-route';
import { sendProblem, toProblem } from '../http/problem';
import { ApiProblem, notFound, problemFromZod } from '../http/errors';
import type { InvalidParam } from '../http/errors';
import { principalOf } from '../http/principal';
import type { KubernetesRepository } from '../store/kubernetes';

export type FailureStatus = 400 | 422;

export const withStatus = (problem: ApiProblem, status: number) =>
  new ApiProblem(status, problem.code, problem.message, problem.headers, problem.invalidParams);

export const unprocessable = (code: string, message: string, invalidParams: InvalidParam[] = []) =>
  new ApiProblem(422, code, message, {}, invalidParams);

/** Issue kinds that mean the body does not have the operation's shape at all. */
const structural = new Set(['invalid_type', 'unrecognized_keys']);

/** The statuses a bad request body answers: the shape wrong (`malformed`), or values refused. */
export interface BadRequestStatuses {
  malformed: FailureStatus;
  invalid: FailureStatus;
}

/**
 * Derived from the operation's declared errors (api-rules §4.3): where it declares both 400 and 422, a
 * body of the wrong shape is 400 and well-formed but unacceptable values are 422; where it
 * declares only one, every failure gets it.
 */
export function badRequestStatuses(endpoint: Pick<Endpoint, 'method' | 'path' | 'errors'>) {
  const declares400 = endpoint.errors.includes(400);
  const declares422 = endpoint.errors.includes(422);
  if (!declares400 && !declares422) {
    throw new Error(`${endpoint.method} ${endpoint.path} declares no status for a bad request.`);
  }
  return {
    malformed: declares400 ? 400 : 422,
    invalid: declares422 ? 422 : 400,
  } satisfies BadRequestStatuses;
}

/**
 * Validates a Kubernetes request body, failures answering `statuses` ({@link badRequestStatuses}):
 * not an object, a missing attribute, a wrong JSON type or an unknown attribute is `malformed`;
 * anything else `invalid`.
 */
export function readKubernetesBody<S extends core.$ZodType>(
  body: unknown,
  schema: S,
  statuses: BadRequestStatuses,
): core.output<S> {
  if (body === undefined || body === null || typeof body !== 'object') {
    throw new ApiProblem(
      statuses.malformed,
      'REQUEST_INVALID',
      "Send the request body as a JSON value of the operation's shape.",
    );
  }
  const result = safeParse(schema, body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const problem = problemFromZod(result.error, body);
  throw withStatus(problem, structural.has(issue.code) ? statuses.malformed : statuses.invalid);
}

/**
 * For operations whose only declared failure status for a bad request is 422 (api-rules §4.3): a body
 * that cannot even be read (broken JSON) answers 422 too.
 */
export function unprocessableOnBadRequest(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const problem = toProblem(error);
  if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, problem.status === 400 ? withStatus(problem, 422) : problem);
}

interface KubernetesRouteOptions {
  xmlRoot?: string;
  bodyLimit?: number;
  bodyOf?: (request: FastifyRequest) => unknown;
  readBody?: (request: FastifyRequest, statuses: BadRequestStatuses) => unknown;
}

/**
 * The route options of a Kubernetes operation, from what it declares: its body read with
 * {@link readKubernetesBody} at the statuses of its errors, and a body that cannot even be read
 * answering 422 where the operation's only bad-request status is 422. `bodyOf` gives the value to
 * validate where it is not the request's body as sent; `readBody` replaces the reading altogether
 * (given the statuses); `xmlRoot` names the root of an XML answer without a wrapper.
 */
function kubernetesRoute(
  endpoint: Endpoint,
  options: KubernetesRouteOptions = {},
): EndpointRouteOptions {
  const onlyUnprocessable = endpoint.errors.includes(422) && !endpoint.errors.includes(400);
  const bodyOf = options.bodyOf ?? ((request: FastifyRequest) => request.body);
  const custom = options.readBody;
  // Worked out at registration, so an operation with a body but no bad-request status fails early.
  const statuses = endpoint.body === undefined ? undefined : badRequestStatuses(endpoint);
  const readBody: EndpointRouteOptions['readBody'] | undefined =
    statuses === undefined
      ? undefined
      : custom
        ? (request) => custom(request, statuses)
        : (request, schema) => readKubernetesBody(bodyOf(request), schema, statuses);
  return {
    ...(readBody ? { readBody } : {}),
    ...(onlyUnprocessable ? { errorHandler: unprocessableOnBadRequest } : {}),
    ...(options.xmlRoot ? { config: { xmlRoot: options.xmlRoot } } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
  };
}

/**
 * Registers a scope's Kubernetes operations with `handle`, each with the route options
 * {@link kubernetesRoute} works out from the operation itself.
 */
export function kubernetesRouter(scope: FastifyInstance) {
  return <E extends Endpoint>(
    endpoint: E,
    handler: (input: EndpointInput<E>) => Promise<Answer<E>>,
    options: KubernetesRouteOptions = {},
  ) => handle(scope, endpoint, handler, kubernetesRoute(endpoint, options));
}

/**
 * The caller's cluster. Another account's cluster answers as an unknown one: the operations
 * declare 404, not 403 (api-rules §4.3). A malformed UUID answers `malformedStatus`: 400 for reading
 * and changing the cluster itself (which declare it), 404 elsewhere.
 */
export function ownCluster(
  kubernetes: KubernetesRepository,
  request: FastifyRequest,
  uuid: string,
  malformedStatus: 400 | 404 = 404,
) {
  if (!uuidPattern.test(uuid)) {
    if (malformedStatus === 400) {
      throw new ApiProblem(400, 'KUBERNETES_CLUSTER_INVALID', 'The cluster UUID is invalid.', {}, [
        {
          name: 'uuid',
          reason: 'A lowercase UUID of the form 0dxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx.',
        },
      ]);
    }
    throw notFound('kubernetes cluster', uuid);
  }
  const row = kubernetes.findCluster(uuid);
  if (!row || row.account_id !== principalOf(request).owner.id) {
    throw notFound('kubernetes cluster', uuid);
  }
  return row;
}
