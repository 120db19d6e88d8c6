import type { z } from 'zod/mini';

/**
 * One operation of the API, described once: the sandbox registers its route from it and the
 * panel builds its requests (and the API-call view) from it. No API path is spelled outside
 * contract/.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiVersion = '1.2' | '1.3';
/**
 * `classic`: failures answer `{"error":{error_code,error_message}}`; `problem`: the newer
 * services (tokens, Kubernetes, audit logs, load balancers…) answer RFC 7807 problem details.
 */
export type ErrorStyle = 'classic' | 'problem';
/** Answer formats besides JSON and XML (CSV for the network usage reports). */
export type ExtraFormat = 'csv';

type Schema = z.ZodMiniType;

export interface EndpointSpec<
  Path extends string = string,
  Query extends Schema | undefined = Schema | undefined,
  Body extends Schema | undefined = Schema | undefined,
  Response extends Schema | null = Schema | null,
> {
  method: HttpMethod;
  /** Below the version, `:name` for a path parameter: `/storage/:uuid/backup`. */
  path: Path;
  /** Versions that serve it; `['1.3']` unless said. */
  versions?: readonly ApiVersion[];
  query?: Query;
  body?: Body;
  /** The success answer's schema; `null` where the operation answers without a body (204). */
  response: Response;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202 | 204;
  /** Failure statuses the operation declares (beyond 401/429/503, which every operation has). */
  errors?: readonly number[];
  style?: ErrorStyle;
  formats?: readonly ExtraFormat[];
}

export type Endpoint<
  Path extends string = string,
  Query extends Schema | undefined = Schema | undefined,
  Body extends Schema | undefined = Schema | undefined,
  Response extends Schema | null = Schema | null,
> = Required<Pick<EndpointSpec, 'versions' | 'status' | 'errors' | 'style' | 'formats'>> &
  EndpointSpec<Path, Query, Body, Response>;

export function defineEndpoint<
  const Path extends string,
  Query extends Schema | undefined = undefined,
  Body extends Schema | undefined = undefined,
  Response extends Schema | null = null,
>(spec: EndpointSpec<Path, Query, Body, Response>): Endpoint<Path, Query, Body, Response> {
  return {
    versions: ['1.3'],
    status: spec.response === null ? 204 : 200,
    errors: [],
    style: 'classic',
    formats: [],
    ...spec,
  };
}

type Defaults = Omit<EndpointSpec, 'method' | 'path' | 'response' | 'query' | 'body' | 'errors'>;
type Route = `${HttpMethod} ${string}`;
type RoutePath<R extends Route> = R extends `${HttpMethod} ${infer Path}` ? Path : never;

/**
 * The short form of `defineEndpoint`, one entry an operation: `'GET /network/:uuid'`, the success
 * answer's schema, the failure statuses, then what else differs from the defaults (query, body,
 * status…). `defaults` are what every endpoint of this builder shares (the problem style).
 */
function endpointsWith(defaults: Defaults) {
  return function endpoint<
    const R extends Route,
    Response extends Schema | null,
    Query extends Schema | undefined = undefined,
    Body extends Schema | undefined = undefined,
  >(
    route: R,
    response: Response,
    errors: readonly number[] = [],
    more: Omit<
      EndpointSpec<RoutePath<R>, Query, Body, Response>,
      'method' | 'path' | 'response'
    > = {},
  ): Endpoint<RoutePath<R>, Query, Body, Response> {
    const space = route.indexOf(' ');
    return defineEndpoint({
      method: route.slice(0, space) as HttpMethod,
      path: route.slice(space + 1) as RoutePath<R>,
      response,
      errors,
      ...defaults,
      ...more,
    });
  };
}
/** Classic-style operations (`{"error":…}` failures). */
export const endpoint = endpointsWith({});
/** Operations of the newer services, which fail with RFC 7807 problem details. */
export const problemEndpoint = endpointsWith({ style: 'problem' });

/**
 * Classic operations that share their success answer and failure statuses (a server's actions),
 * each given as its route and what else differs from the defaults.
 */
export function endpointsAnswering<Response extends Schema | null>(
  response: Response,
  errors: readonly number[],
) {
  return <
    const R extends Route,
    Query extends Schema | undefined = undefined,
    Body extends Schema | undefined = undefined,
  >(
    route: R,
    more: Omit<
      EndpointSpec<RoutePath<R>, Query, Body, Response>,
      'method' | 'path' | 'response' | 'errors'
    > = {},
  ) => endpoint<R, Response, Query, Body>(route, response, errors, more);
}

/** `'offset,:count'` → `'offset' | 'count'`: parameters of one segment joined by commas. */
type SegmentParamNames<Names extends string> = Names extends `${infer Name},:${infer Rest}`
  ? Name | SegmentParamNames<Rest>
  : Names;
/** `'/storage/:uuid/:action'` → `'uuid' | 'action'`; `'/events/:uuid/:offset,:count'` too. */
export type PathParamNames<Path extends string> =
  Path extends `${string}:${infer Name}/${infer Rest}`
    ? SegmentParamNames<Name> | PathParamNames<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
      ? SegmentParamNames<Name>
      : never;
export type PathParams<Path extends string> = [PathParamNames<Path>] extends [never]
  ? Record<string, never>
  : { [K in PathParamNames<Path>]: string };

/** A query as a client gives it: the query schema's keys, values before the wire's coercion. */
export type QueryInput<Query> = Query extends Schema
  ? { [K in keyof z.input<Query>]?: string | number | readonly string[] | undefined }
  : Record<string, never>;

export type BodyOf<E> =
  E extends Endpoint<string, Schema | undefined, infer B, Schema | null>
    ? B extends Schema
      ? z.input<B>
      : undefined
    : never;
export type ResponseOf<E> =
  E extends Endpoint<string, Schema | undefined, Schema | undefined, infer R>
    ? R extends Schema
      ? z.output<R>
      : undefined
    : never;

/** The endpoint's path for these parameters, without version, each parameter URL-encoded. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Path parameter ${name} is missing for ${template}.`);
    return encodeURIComponent(value);
  });
}

/** A query string (without `?`): repeated keys for arrays, unset values left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search.toString();
}

/** The full request path a client sends: version, filled template and query. */
export function endpointPath(
  endpoint: Pick<Endpoint, 'path' | 'versions'>,
  params: Record<string, string> = {},
  query?: Record<string, unknown>,
): string {
  // The first version listed: zones and prices are documented under 1.2 (api-rules §4.1).
  const version = endpoint.versions[0]!;
  const search = queryString(query);
  return `/${version}${fillPath(endpoint.path, params)}${search ? `?${search}` : ''}`;
}
