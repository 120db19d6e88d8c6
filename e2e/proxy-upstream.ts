import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { endpointPath } from '../contract/endpoint';
import { tokenEndpoints } from '../contract/tokens';

/*
 * A replaying upstream for proxy mode: it answers the real API's shapes from
 * e2e/fixtures/real-api/*.json (written from the recorded exchanges UpCloud's Go SDK keeps as its
 * test fixtures), matched by method and path, and counts every request it gets.
 */

export interface Exchange {
  method: string;
  /**
   * The path with its query, as a client sends it; without `?` any query matches, and a `*`
   * segment matches any one segment (a month, today's date).
   */
  path: string;
  status?: number;
  /** `problem`: an RFC 7807 answer (`application/problem+json`). */
  type?: 'json' | 'problem';
  /** Headers the real API sends besides the body's type (the audit log's Service-Total-Count). */
  headers?: Record<string, string>;
  body?: unknown;
}

/** The credentials the fixtures accept: a token, and a username and password for Basic. */
export const upstreamCredentials = {
  token: 'ucat_01JPROXYREPLAYFIXTURETOKEN00',
  username: 'skydeck_proxy',
  password: 'Replay-Passw0rd',
  /** The token the password exchange (`tokenEndpoints.create`) hands out. */
  sessionToken: 'ucat_01JPROXYREPLAYSESSIONTOKEN0',
};

const fixturesDir = path.resolve('e2e/fixtures/real-api');

export function loadExchanges(): Exchange[] {
  return fs
    .readdirSync(fixturesDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap(
      (file) => JSON.parse(fs.readFileSync(path.join(fixturesDir, file), 'utf8')) as Exchange[],
    );
}

function authorized(header: string | undefined, method: string, pathname: string): boolean {
  const { token, username, password, sessionToken } = upstreamCredentials;
  if (header === `Bearer ${token}` || header === `Bearer ${sessionToken}`) return true;
  const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  // Basic is for the one exchange of a password for a session token (api-rules §5.3).
  const exchange = tokenEndpoints.create;
  return header === basic && method === exchange.method && pathname === endpointPath(exchange);
}

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.split('/');
  return want.length === got.length && want.every((part, i) => part === '*' || part === got[i]);
}

export interface Upstream {
  url: string;
  /** Every request as `METHOD /path?query`, in order. */
  requests: string[];
  /** Requests no fixture answered. */
  unmatched: string[];
  close: () => Promise<void>;
}

export async function startUpstream(exchanges = loadExchanges()): Promise<Upstream> {
  const requests: string[] = [];
  const unmatched: string[] = [];
  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const target = request.url ?? '/';
    const pathname = target.split('?')[0]!;
    requests.push(`${method} ${target}`);
    request.resume();
    const send = (status: number, body: unknown, type = 'application/json; charset=UTF-8') => {
      response.writeHead(status, body === undefined ? {} : { 'Content-Type': type });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (!authorized(request.headers.authorization, method, pathname)) {
      response.setHeader('WWW-Authenticate', 'Basic realm="api"');
      send(401, {
        error: {
          error_code: 'AUTHENTICATION_FAILED',
          error_message: 'Authentication failed using the given username and password.',
        },
      });
      return;
    }
    const exchange =
      exchanges.find((item) => item.method === method && item.path === target) ??
      exchanges.find(
        (item) =>
          item.method === method && !item.path.includes('?') && matches(item.path, pathname),
      );
    if (!exchange) {
      unmatched.push(`${method} ${target}`);
      send(404, {
        error: { error_code: 'NOT_FOUND', error_message: `No fixture for ${method} ${target}.` },
      });
      return;
    }
    const status = exchange.status ?? 200;
    for (const [name, value] of Object.entries(exchange.headers ?? {})) {
      response.setHeader(name, value);
    }
    if (exchange.type === 'problem') send(status, exchange.body, 'application/problem+json');
    else send(status, status === 204 ? undefined : exchange.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unmatched,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
