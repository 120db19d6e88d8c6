import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import type { HTTPMethod } from 'find-my-way';
import type { Principal } from './http/auth';
import { ApiProblem } from './http/errors';
import { sendProblem, toProblem } from './http/problem';
import type { Format } from './http/formats';
import { negotiate, parseXml, toXml } from './http/formats';
import { bodyText } from './http/request-body';
import type { SandboxContext } from './context';
import type { ApiVersion } from '../../contract/endpoint';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** Where this request's answer goes in the response cache, when its route is cacheable. */
    cacheSlot: { key: string; version: number; clockReads: number } | null;
    /** The format the answer is written in, as negotiated from the Accept header. */
    responseFormat: Format | null;
  }
  interface FastifyContextConfig {
    /** Response formats the route can produce besides JSON and XML (CSV, api-rules §2.2.4). */
    formats?: Format[];
    /** Root element name for an XML rendering of a response that has no wrapper. */
    xmlRoot?: string;
    /** The route answers without credentials. */
    public?: boolean;
    /** A read whose answer depends only on the stored state: repeated reads come from memory. */
    cacheable?: boolean;
  }
}

export const apiVersions: readonly ApiVersion[] = ['1.2', '1.3'];
const obsoleteVersions = new Set(['1.0', '1.1']);
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const xmlContentType = 'application/xml; charset=utf-8';

/** Answers a path under a version segment no scope serves (api-rules §9.4). */
export function versionProblem(url: string): ApiProblem | undefined {
  const match = /^\/(\d+(?:\.\d+)+)(?:[/?]|$)/.exec(url);
  if (!match) return undefined;
  const version = match[1]!;
  if (obsoleteVersions.has(version)) {
    return new ApiProblem(
      400,
      'API_VERSION_OBSOLETE',
      `API version ${version} is obsolete; use 1.3.`,
    );
  }
  return new ApiProblem(
    400,
    'API_VERSION_INVALID',
    `API version ${version} does not exist; use 1.3 (1.2 for price and zone).`,
  );
}

function versionScope(context: SandboxContext) {
  return async (scope: FastifyInstance) => {
    const router = FindMyWay({ ignoreTrailingSlash: true });
    scope.addHook('onRoute', (route) => {
      const list = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of list) {
        if (method !== 'HEAD') router.on(method as HTTPMethod, route.url, () => undefined);
      }
      context.routes.push(
        ...list.filter((m) => m !== 'HEAD').map((method) => ({ method, url: route.url })),
      );
    });

    const jsonParser = scope.getDefaultJsonParser('error', 'error');
    // Bodies are JSON or XML only (api-rules §2.2.1); any other Content-Type answers CONTENT_TYPE_INVALID.
    scope.removeAllContentTypeParsers();
    // Some clients send Content-Type: application/json on bodiless requests; that is no error.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const text = bodyText(body as Buffer);
      if (text instanceof ApiProblem) return done(text);
      if (text.trim() === '') return done(null, undefined);
      jsonParser(request, text, (error, value) =>
        error
          ? done(new ApiProblem(400, 'REQUEST_INVALID', 'The request body is not valid JSON.'))
          : done(null, value),
      );
    });
    scope.addContentTypeParser(
      ['application/xml', 'text/xml'],
      { parseAs: 'buffer' },
      (_request, body, done) => {
        const text = bodyText(body as Buffer);
        if (text instanceof ApiProblem) return done(text);
        if (text.trim() === '') return done(null, undefined);
        try {
          done(null, parseXml(text));
        } catch {
          done(new ApiProblem(400, 'REQUEST_INVALID', 'The request body is not valid XML.'));
        }
      },
    );

    // `request.routeOptions` makes a new object on every read (Fastify's getter): a request reads
    // its route's config once and hands it on.
    const responseFormat = (request: FastifyRequest, config: FastifyContextConfig) =>
      negotiate(request.headers.accept, ['json', 'xml', ...(config.formats ?? [])]);

    const { responses } = context;
    /** After authentication: a cacheable read is answered from memory while nothing has changed. */
    function fromCache(
      request: FastifyRequest,
      reply: FastifyReply,
      config: FastifyContextConfig,
      done: () => void,
    ) {
      // Due jobs have run (a write): what a pending job changes later cannot be in a stored answer.
      if (responses && config.cacheable && request.responseFormat === 'json') {
        const version = responses.version();
        const key = `${request.principal?.account.id ?? 0} ${request.url}`;
        const hit = responses.lookup(key, version);
        if (hit) {
          reply.type(hit.contentType).send(hit.payload);
          return;
        }
        request.cacheSlot = { key, version, clockReads: context.jobs.clockReads() };
      }
      done();
    }
    // A callback, not an async hook: a token's request has nothing to wait on, and Fastify would
    // wait on an async hook's promise all the same (a password is checked asynchronously).
    scope.addHook('onRequest', (request, reply, done) => {
      let principal: Principal | Promise<Principal> | undefined;
      const config = request.routeOptions.config;
      try {
        const fault = context.faults.next();
        if (fault) throw fault;
        const format = responseFormat(request, config);
        request.responseFormat = format ?? null;
        if (!format) {
          throw new ApiProblem(
            406,
            'NOT_ACCEPTABLE',
            'The Accept header asks for a format this operation does not produce; use application/json or application/xml.',
          );
        }
        if (format === 'xml') {
          reply.type(xmlContentType);
          reply.serializer((payload) => toXml(payload, config.xmlRoot));
        }
        context.jobs.runDue();
        if (!config.public) {
          principal = context.authenticate(request.headers.authorization, request.ip);
        }
      } catch (error) {
        done(error as Error);
        return;
      }
      if (principal instanceof Promise) {
        principal.then(
          (known) => {
            request.principal = known;
            fromCache(request, reply, config, done);
          },
          (error: unknown) => done(error as Error),
        );
        return;
      }
      if (principal) request.principal = principal;
      fromCache(request, reply, config, done);
    });

    // Without a response cache (benchmarks of the database) no answer is kept: no hook to run.
    if (responses) {
      scope.addHook('onSend', async (request, reply, payload) => {
        const slot = request.cacheSlot;
        // An answer that showed a job's progress is not kept: the next read must show it moved on.
        const timeless = slot?.clockReads === context.jobs.clockReads();
        if (slot && timeless && reply.statusCode === 200 && typeof payload === 'string') {
          const contentType = String(reply.getHeader('content-type') ?? 'application/json');
          responses.store(slot.key, { version: slot.version, contentType, payload });
        }
        return payload;
      });
    }

    scope.setErrorHandler((error, request, reply) => {
      const problem = toProblem(error);
      if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
      // Fastify drops the Content-Type before an error handler runs; the XML serializer stays.
      if (responseFormat(request, request.routeOptions.config) === 'xml') {
        reply.type(xmlContentType);
      }
      return sendProblem(reply, problem);
    });

    scope.setNotFoundHandler((request: FastifyRequest, reply) => {
      const path = request.url.split('?')[0]!;
      const allowed = methods.filter((method) => router.find(method, path));
      if (allowed.length > 0) {
        reply.header('Allow', allowed.join(', '));
        return sendProblem(
          reply,
          new ApiProblem(
            405,
            'METHOD_NOT_ALLOWED',
            `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}.`,
          ),
        );
      }
      return sendProblem(
        reply,
        new ApiProblem(404, 'NOT_FOUND', `There is no operation at ${path}.`),
      );
    });

    for (const domain of context.domains) domain.routes(scope, context);
  };
}

/** The sandbox API: one encapsulated scope per version, each with its own hooks and 404/405. */
export async function sandboxApi(app: FastifyInstance, context: SandboxContext) {
  app.decorateRequest('principal', null);
  app.decorateRequest('cacheSlot', null);
  app.decorateRequest('responseFormat', null);
  app.decorate('checkAnswers', context.checkAnswers);
  for (const version of apiVersions) {
    await app.register(versionScope(context), { prefix: `/${version}` });
  }
}
