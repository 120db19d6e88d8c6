import type { z } from 'zod/mini';
import { apiErrorBodySchema } from '../../contract/common';
import { endpointPath } from '../../contract/endpoint';
import type {
  BodyOf,
  Endpoint,
  PathParamNames,
  PathParams,
  QueryInput,
  ResponseOf,
} from '../../contract/endpoint';

/** A failed API call: the HTTP status and the API's `error_code`; UI and retry decide on these. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** From `Retry-After` (maintenance answers carry it): how long to wait before trying again. */
  readonly retryAfterMs: number | undefined;
  /**
   * What exactly went wrong, for a report: the attributes a request got wrong (RFC 7807
   * `invalid_params`), or the field of an answer the panel could not read and its value.
   */
  readonly details: readonly string[];

  constructor(
    status: number,
    code: string,
    message: string,
    retryAfterMs?: number,
    details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterMs = retryAfterMs;
    this.details = details;
  }
}

/** A 503 (api-rules §7): the service is under maintenance and did nothing with the request. */
export const isMaintenance = (error: ApiError) => error.status === 503;

/**
 * Whether asking again may answer otherwise: no answer at all, a failure on the service's side
 * (5xx, maintenance included), a timeout or too many requests (408, 425, 429). Any other client
 * error (a malformed request, a resource that does not exist or is another account's) and a
 * successful answer the panel cannot read come back the same every time. By status alone: a
 * gateway's 502 page is unreadable as an error body and as passing as any other 502.
 */
export const retryMayHelp = (error: ApiError) =>
  error.status === 0 ||
  error.status >= 500 ||
  error.status === 408 ||
  error.status === 425 ||
  error.status === 429;

let underMaintenance = false;
const maintenanceListeners = new Set<() => void>();

/**
 * Whether the API's latest answer was a maintenance 503; any other answer clears it. The shell
 * subscribes (useSyncExternalStore) to show a banner while requests wait for the service.
 */
export const maintenanceState = {
  get: () => underMaintenance,
  subscribe(listener: () => void) {
    maintenanceListeners.add(listener);
    return () => void maintenanceListeners.delete(listener);
  },
};

function noteMaintenance(value: boolean) {
  if (value === underMaintenance) return;
  underMaintenance = value;
  maintenanceListeners.forEach((listener) => listener());
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

type CredentialProvider = () => string | null;

/** A request as the panel sent it, for the "API call" view: never with the credential. */
export interface ApiCall {
  seq: number;
  method: string;
  /** Path with query, as `request` was given it; `apiUrl` makes the address. */
  path: string;
  body?: unknown;
}

let apiCalls: readonly ApiCall[] = [];
let apiCallSeq = 0;
const apiCallListeners = new Set<() => void>();

/** The panel's latest requests (a snapshot replaced on each request), newest last. */
export const apiCallLog = {
  get: () => apiCalls,
  subscribe(listener: () => void) {
    apiCallListeners.add(listener);
    return () => void apiCallListeners.delete(listener);
  },
  /** Logs requests as sent: the panel's own, and those of a page the server rendered for it. */
  add(calls: readonly Omit<ApiCall, 'seq'>[]) {
    if (calls.length === 0) return;
    apiCalls = [...apiCalls, ...calls.map((call) => ({ ...call, seq: ++apiCallSeq }))].slice(-30);
    apiCallListeners.forEach((listener) => listener());
  },
  /** Forgets every logged request (component tests start each test with an empty log). */
  clear() {
    apiCalls = [];
    apiCallListeners.forEach((listener) => listener());
  },
};

/**
 * How the session is renewed without leaving the page: `due` says the credential is about to
 * expire; `renew` asks the user to sign in again and resolves true once a new credential is in
 * place, false when they gave up.
 */
export interface SessionRenewal {
  due: () => boolean;
  renew: () => Promise<boolean>;
}

let renewal: SessionRenewal | null = null;
let pendingRenewal: Promise<boolean> | null = null;
let renewalMounting: { registered: Promise<void>; resolve: () => void } | null = null;

/**
 * Said by the app before it reads anything ahead of its first render: a 401 met before the auth
 * layer has mounted waits for it to ask the user to sign in again over the page, as every later
 * 401 does, instead of ending the session at once.
 */
export function expectSessionRenewal(): void {
  let resolve!: () => void;
  const registered = new Promise<void>((settle) => {
    resolve = settle;
  });
  renewalMounting = { registered, resolve };
}

/** The auth layer registers renewal; the returned function unregisters it. */
export function setSessionRenewal(next: SessionRenewal): () => void {
  renewal = next;
  renewalMounting?.resolve();
  renewalMounting = null;
  return () => {
    if (renewal === next) renewal = null;
  };
}

/** Every request that meets a 401 waits on the same sign-in. */
export function requestSessionRenewal(): Promise<boolean> {
  if (!renewal && renewalMounting) return renewalMounting.registered.then(requestSessionRenewal);
  if (!renewal) return Promise.resolve(false);
  pendingRenewal ??= renewal.renew().finally(() => (pendingRenewal = null));
  return pendingRenewal;
}

let baseUrl = '';
let credentialProvider: CredentialProvider = () => null;

/** '' keeps requests on the panel's own origin; component tests point this at their sandbox. */
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, '');
}

/** Where the panel sends a request for `path`. */
export const apiUrl = (path: string) => `${baseUrl}${path}`;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
// Looked up on each call, so that tests replacing the global fetch are seen.
let apiFetch: Fetch = (url, init) => fetch(url, init);

/** How requests travel: the global fetch, or the server's own handler when it renders a page. */
export function setApiFetch(next: Fetch): void {
  apiFetch = next;
}

/** The auth layer registers how to read the current bearer token, so this module never stores it. */
export function setCredentialProvider(provider: CredentialProvider): void {
  credentialProvider = provider;
}

/** The session's bearer token, as the auth layer gives it now (null when signed out). */
export const sessionCredential = () => credentialProvider();

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A full `Authorization` header value that replaces the session's bearer token. */
  authorization?: string;
  /** Further request headers (the panel's sign-in marker). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sees a successful response before its body is read (for headers such as a total count). */
  onResponse?: (response: Response) => void;
}

/** One request as `request` sends it and the "API call" view shows it (query in the path). */
export interface ApiRequest {
  method: NonNullable<RequestOptions['method']>;
  path: string;
  body?: unknown;
}

type ParamsInput<E> =
  E extends Endpoint<infer P>
    ? [PathParamNames<P>] extends [never]
      ? { params?: undefined }
      : { params: PathParams<P> }
    : never;
type QueryOf<E> = E extends Endpoint<string, infer Q> ? { query?: QueryInput<Q> } : never;
type BodyInput<E> = [BodyOf<E>] extends [undefined] ? { body?: undefined } : { body: BodyOf<E> };

/** What one call of an endpoint needs: its path parameters, query and body. */
export type EndpointArgs<E extends Endpoint> = ParamsInput<E> & QueryOf<E> & BodyInput<E>;

/** The request a call of `endpoint` sends: what the fetcher sends and the API-call view shows. */
export function endpointCall<E extends Endpoint>(endpoint: E, args: EndpointArgs<E>): ApiRequest {
  const { params, query, body } = args as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return {
    method: endpoint.method,
    path: endpointPath(endpoint, params, query),
    ...(body !== undefined ? { body } : {}),
  };
}

/** Sends one call of an endpoint and parses its answer with the endpoint's response schema. */
export function callEndpoint<E extends Endpoint>(
  endpoint: E,
  args: EndpointArgs<E>,
  options: Pick<RequestOptions, 'signal' | 'authorization' | 'onResponse' | 'headers'> = {},
): Promise<ResponseOf<E>> {
  const call = endpointCall(endpoint, args);
  return request(call.path, endpoint.response as z.ZodMiniType | null as z.ZodMiniType, {
    ...options,
    method: call.method,
    body: call.body,
  }) as Promise<ResponseOf<E>>;
}

export function request<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options?: RequestOptions,
): Promise<z.infer<S>>;
export function request(path: string, schema: null, options?: RequestOptions): Promise<undefined>;
export async function request(
  path: string,
  schema: z.ZodMiniType | null,
  { method = 'GET', body, authorization, signal, onResponse, headers }: RequestOptions = {},
): Promise<unknown> {
  // A session token about to expire is renewed first, so the request is not refused midway.
  if (!authorization && credentialProvider() && renewal?.due()) await requestSessionRenewal();
  const response = await send(path, method, body, authorization, signal, undefined, headers);

  noteMaintenance(response.status === 503);
  if (!response.ok) throw await toApiError(response);
  onResponse?.(response);
  if (schema === null || response.status === 204) return undefined;

  const data = await readJson(response);
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const answer = (await import('./error-bodies')).readAnswer(schema, data);
  if (answer.success) return answer.data;
  throw new ApiError(
    response.status,
    'RESPONSE_INVALID',
    `The API answered ${method} ${path} with data the panel does not understand.`,
    undefined,
    answer.details,
  );
}

/**
 * Sends one request. A 401 to the session's credential (revoked or expired) waits for the user to
 * sign in again and is then sent once more with the new credential; the API did nothing with it.
 */
async function send(
  path: string,
  method: string,
  body: unknown,
  authorization: string | undefined,
  signal: AbortSignal | undefined,
  accept = 'application/json',
  extra?: Record<string, string>,
): Promise<Response> {
  const headers = new Headers({ ...extra, Accept: accept });
  const credential = authorization ?? bearer(credentialProvider());
  if (credential) headers.set('Authorization', credential);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const url = apiUrl(path);
  apiCallLog.add([{ method, path, body }]);

  let response: Response;
  try {
    response = await apiFetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'The API could not be reached. Check your connection.');
  }
  if (response.status === 401 && credential && !authorization) {
    const current = bearer(credentialProvider());
    if (current !== credential || (await requestSessionRenewal())) {
      return send(path, method, body, authorization, signal, accept, extra);
    }
  }
  return response;
}

function bearer(token: string | null): string | null {
  return token ? `Bearer ${token}` : null;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  const legacy = apiErrorBodySchema.safeParse(body);
  // The newer services' problem details are read by a module loaded with the first of them.
  const { code, message, details } = legacy.success
    ? { code: legacy.data.error.error_code, message: legacy.data.error.error_message, details: [] }
    : (await import('./error-bodies')).readErrorBody(response.status, body);
  return new ApiError(response.status, code, message, retryAfterMs(response), details);
}

/**
 * A non-JSON answer (CSV of the network usage operations, api-rules §4.2) as text; failures are
 * ApiErrors like those of `request`.
 */
export async function requestText(
  path: string,
  accept: string,
  { signal }: Pick<RequestOptions, 'signal'> = {},
): Promise<string> {
  const response = await send(path, 'GET', undefined, undefined, signal, accept);
  if (!response.ok) throw await toApiError(response);
  return response.text();
}
