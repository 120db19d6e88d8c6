import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
} from 'fastify';
import { safeParse } from 'zod';
import type { core } from 'zod';
import type { z } from 'zod/mini';
import type { Endpoint, PathParams } from '../../../contract/endpoint';
import { validate } from './errors';
import { noteProblemPath } from './problem';
import { readBody } from './request-body';

type AnySchema = z.ZodMiniType;
type Output<S> = S extends AnySchema ? core.output<S> : undefined;

/** What a handler gets: the request read and checked against its endpoint's schemas. */
export interface EndpointInput<E extends Endpoint> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: E extends Endpoint<infer P> ? PathParams<P> : never;
  query: E extends Endpoint<string, infer Q> ? Output<Q> : never;
  body: E extends Endpoint<string, AnySchema | undefined, infer B> ? Output<B> : never;
}

/**
 * A success body already written as JSON text, because writing it from the stored rows costs less
 * than making objects of them first (a storage list page, store/storages.ts). A JSON answer sends
 * the text as it is; an XML answer, and the answer check of test sandboxes, read it back first.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A handler answers its endpoint's success body, or the reply when it sent the answer itself. */
export type Answer<E extends Endpoint> =
  | (E extends Endpoint<string, AnySchema | undefined, AnySchema | undefined, infer R>
      ? R extends AnySchema
        ? core.input<R> | JsonText
        : void
      : never)
  | FastifyReply;

/** The content type Fastify gives a JSON body it serialized itself. */
const jsonContentType = 'application/json; charset=utf-8';

export interface EndpointRouteOptions {
  /**
   * How this route reads its body (default: JSON or XML against the endpoint's body schema,
   * failures as the classic attribute codes). Kubernetes maps failures onto 400/422.
   */
  readBody?: (request: FastifyRequest, schema: core.$ZodType) => unknown;
  /**
   * How this route reads its query (default: `validate`, failures as the classic attribute
   * codes). Audit logs report a bad parameter as RFC 7807 `BAD_REQUEST` with `invalid_params`.
   */
  readQuery?: (request: FastifyRequest, schema: core.$ZodType) => unknown;
  /** Route settings of the sandbox (XML root, cacheable reads, public routes). */
  config?: FastifyContextConfig;
  /** A smaller body limit than the server's, in bytes, for an operation whose body is small. */
  bodyLimit?: number;
  /** An error handler of this route alone (operations whose only bad-request status is 422). */
  errorHandler?: (
    error: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[0],
    request: FastifyRequest,
    reply: FastifyReply,
  ) => unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests set it: every answer is checked against its endpoint's response schema. */
    checkAnswers: boolean;
  }
}

/** An answer that does not match its contract: a sandbox bug, reported loudly in tests. */
export class AnswerMismatch extends Error {}

/** A path segment of comma-joined parameters, such as `:offset,:count` (server events). */
const joinedParams = /^:[A-Za-z_]\w*(?:,:[A-Za-z_]\w*)+$/;

/**
 * find-my-way tells the parameters of one segment apart only at `-` and `.`: a segment of
 * comma-joined parameters is routed as one parameter and split here. A part the request left out
 * arrives empty and the last parameter keeps any further commas, for the handler to refuse.
 */
function routeOf(path: string) {
  const joined: { routed: string; names: string[] }[] = [];
  const url = path
    .split('/')
    .map((segment) => {
      if (!joinedParams.test(segment)) return segment;
      const names = segment.split(',').map((part) => part.slice(1));
      const routed = names.join('_');
      joined.push({ routed, names });
      return `:${routed}`;
    })
    .join('/');
  const params = (raw: Record<string, string>) => {
    if (joined.length === 0) return raw;
    const split: Record<string, string> = { ...raw };
    for (const { routed, names } of joined) {
      const parts = (raw[routed] ?? '').split(',');
      delete split[routed];
      names.forEach((name, index) => {
        split[name] =
          index === names.length - 1 ? parts.slice(index).join(',') : (parts[index] ?? '');
      });
    }
    return split;
  };
  return { url, params };
}

/**
 * Registers the sandbox route of one endpoint in a version scope (`/1.2` or `/1.3`), if that
 * version serves it. Path parameters, query and body are validated at the edge against the
 * endpoint's schemas; the success status is the endpoint's.
 */
export function handle<E extends Endpoint>(
  scope: FastifyInstance,
  endpoint: E,
  handler: (input: EndpointInput<E>) => Promise<Answer<E>>,
  options: EndpointRouteOptions = {},
) {
  const version = scope.prefix.replace(/^\//, '');
  if (!(endpoint.versions as readonly string[]).includes(version)) return;
  const problem = endpoint.style === 'problem';
  if (problem) noteProblemPath(`${scope.prefix}${endpoint.path}`);
  const read = options.readBody ?? readBody;
  const route = routeOf(endpoint.path);
  const readQuery =
    options.readQuery ??
    ((request: FastifyRequest, schema: core.$ZodType) => validate(schema, request.query ?? {}));

  const routeHandler: RouteHandlerMethod = async (request, reply) => {
    const query = endpoint.query ? readQuery(request, endpoint.query) : undefined;
    const body = endpoint.body ? read(request, endpoint.body) : undefined;
    const params = route.params(request.params as Record<string, string>);
    const input = { request, reply, params, query, body } as EndpointInput<E>;
    const answer = await handler(input);
    if (answer === reply) return reply;
    if (endpoint.response === null) return reply.code(endpoint.status).send();
    const asText = answer instanceof JsonText && request.responseFormat === 'json';
    const check = request.server.checkAnswers;
    const value =
      answer instanceof JsonText && (check || !asText)
        ? (JSON.parse(answer.text) as unknown)
        : answer;
    if (check) {
      const checked = safeParse(endpoint.response, value);
      if (!checked.success) {
        throw new AnswerMismatch(
          `${endpoint.method} ${endpoint.path} answered outside its contract: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
        );
      }
    }
    if (asText) return reply.code(endpoint.status).type(jsonContentType).send(answer.text);
    return reply.code(endpoint.status).send(value);
  };

  scope.route({
    method: endpoint.method,
    url: route.url,
    config: {
      ...options.config,
      ...(endpoint.formats.length > 0 ? { formats: [...endpoint.formats] } : {}),
    },
    ...(options.errorHandler ? { errorHandler: options.errorHandler } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: routeHandler,
  });
}
