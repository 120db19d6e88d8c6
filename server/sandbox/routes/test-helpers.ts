import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Network } from '../../../contract/network';
import { networkResponseSchema } from '../../../contract/network';
import type { NetworkPeering } from '../../../contract/network-peering';
import { networkPeeringResponseSchema } from '../../../contract/network-peering';
import { routerResponseSchema } from '../../../contract/router';
import type { ServerDetails } from '../../../contract/server';
import { serverListResponseSchema, serverResponseSchema } from '../../../contract/server';
import type { StorageDetails } from '../../../contract/storage';
import { storageListResponseSchema, storageResponseSchema } from '../../../contract/storage';
import type { ServerOptions, SkydeckServer } from '../../app';
import { buildServer } from '../../app';
import { lowestPasswordCost } from '../credentials';
import { parseXml } from '../http/formats';
import { publicImageUuid } from '../seed';
import type { ManualClock } from '../testing';
import { buildTestServer, demoAuth, expectProblem } from '../testing';

/** Request helpers shared by the route suites; never used in production. */
export function resourceClient(app: () => SkydeckServer) {
  /** One request as `auth`; a string payload goes as it is (an XML body, say). */
  const call = (
    method: string,
    url: string,
    payload?: unknown,
    auth = demoAuth,
    headers: Record<string, string> = {},
  ) =>
    app().inject({
      method: method as 'GET',
      url,
      headers: { authorization: auth, ...headers },
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' ? payload : (payload as object) }),
    });

  /** `call` with the credentials before the body. */
  const callAs = (method: string, url: string, auth: string, payload?: unknown) =>
    call(method, url, payload, auth);

  async function ok(
    method: string,
    url: string,
    payload: unknown,
    status: number,
    auth = demoAuth,
  ) {
    const response = await call(method, url, payload, auth);
    expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
    return response;
  }

  /** `ok`, then the body read through `schema`. */
  const okBody = async <T>(
    schema: { parse(value: unknown): T },
    method: string,
    url: string,
    payload: unknown,
    status: number,
    auth = demoAuth,
  ): Promise<T> => schema.parse((await ok(method, url, payload, status, auth)).json());

  /** A read a client expects to succeed: `GET url` answered 200, its body read through `schema`. */
  const getBody = <T>(schema: { parse(value: unknown): T }, url: string, auth = demoAuth) =>
    okBody(schema, 'GET', url, undefined, 200, auth);

  /** `POST url` with an XML body, asking for XML back: answered 201 in XML, the answer parsed. */
  async function postXml(url: string, xml: string) {
    const response = await call('POST', url, xml, demoAuth, {
      'content-type': 'application/xml',
      accept: 'application/xml',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    return parseXml(response.body);
  }

  const storage = async (uuid: string, auth = demoAuth): Promise<StorageDetails> =>
    (await getBody(storageResponseSchema, `/1.3/storage/${uuid}`, auth)).storage;
  const server = async (uuid: string, auth = demoAuth): Promise<ServerDetails> =>
    (await getBody(serverResponseSchema, `/1.3/server/${uuid}`, auth)).server;
  const storages = async (query: string, auth = demoAuth) =>
    (await getBody(storageListResponseSchema, `/1.3/storage${query}`, auth)).storages.storage;
  const servers = async (auth = demoAuth) =>
    (await getBody(serverListResponseSchema, '/1.3/server', auth)).servers.server;
  const serverNamed = async (title: string, auth = demoAuth) => {
    const found = (await servers(auth)).find((item) => item.title === title);
    if (!found) throw new Error(`no server ${title}`);
    return server(found.uuid, auth);
  };
  const createStorage = async (fields: Record<string, unknown> = {}, auth = demoAuth) =>
    (
      await okBody(
        storageResponseSchema,
        'POST',
        '/1.3/storage',
        { storage: { zone: 'fi-hel1', size: 10, title: 'test disk', ...fields } },
        201,
        auth,
      )
    ).storage;
  /** A private network from `networkBody(fields)`. */
  const createNetwork = async (
    fields: Record<string, unknown> = {},
    auth = demoAuth,
  ): Promise<Network> =>
    (await okBody(networkResponseSchema, 'POST', '/1.3/network', networkBody(fields), 201, auth))
      .network;
  const createRouter = async (fields: Record<string, unknown>, auth = demoAuth) =>
    (await okBody(routerResponseSchema, 'POST', '/1.3/router', { router: fields }, 201, auth))
      .router;
  /** A peering from `local` to `peer`, named 'peering' unless `extra` names it. */
  const createPeering = async (
    local: string,
    peer: string,
    auth = demoAuth,
    extra: Record<string, unknown> = {},
  ): Promise<NetworkPeering> =>
    (
      await okBody(
        networkPeeringResponseSchema,
        'POST',
        '/1.3/network-peering',
        {
          network_peering: {
            name: 'peering',
            network: { uuid: local },
            peer_network: { uuid: peer },
            ...extra,
          },
        },
        201,
        auth,
      )
    ).network_peering;
  const auditCount = () =>
    (app().sandbox!.db.prepare('SELECT COUNT(*) AS n FROM audit_logs').get() as { n: number }).n;

  /** Runs `run` and checks that it wrote `rows` audit rows. */
  async function audited<T>(rows: number, run: () => Promise<T>): Promise<T> {
    const before = auditCount();
    const result = await run();
    expect(auditCount() - before).toBe(rows);
    return result;
  }

  return {
    call,
    callAs,
    ok,
    okBody,
    getBody,
    postXml,
    storage,
    server,
    storages,
    servers,
    serverNamed,
    createStorage,
    createNetwork,
    createRouter,
    createPeering,
    auditCount,
    audited,
  };
}

/**
 * Runs `before` against a sandbox on a fresh database file, restarts the sandbox on that file
 * (same `options`, same clock) and runs `after` with what `before` answered; `app` is always the
 * running one. The file is removed afterwards.
 */
export async function acrossRestart<T>(
  options: Omit<ServerOptions, 'database'>,
  before: (app: () => SkydeckServer) => Promise<T>,
  after: (app: () => SkydeckServer, made: T) => Promise<void>,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-restart-'));
  const database = path.join(dir, 'sandbox.db');
  try {
    // The seed's password hashes at the lowest cost, as in buildTestServer: at the default cost
    // they took seconds of a busy machine.
    const build = () => buildServer({ passwordCost: lowestPasswordCost, ...options, database });
    let server = await build();
    const app = () => server;
    try {
      const made = await before(app);
      await server.close();
      server = await build();
      await after(app, made);
    } finally {
      await server.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A GET without credentials answers 401 AUTHENTICATION_FAILED with a challenge (api-rules §5.5). */
export async function expectCredentialsNeeded(app: SkydeckServer, url: string) {
  const response = await app.inject({ method: 'GET', url });
  expectProblem(response, 401, 'AUTHENTICATION_FAILED');
  expect(response.headers['www-authenticate']).toBeDefined();
}

/** The zones of the API specification's zone list, in its order. */
export const specZoneIds = [
  'de-fra1',
  'fi-hel1',
  'fi-hel2',
  'nl-ams1',
  'sg-sin1',
  'uk-lon1',
  'us-chi1',
  'us-sjo1',
];

/** A query of `count` distinct label filters (`label=k0&label=k1…`). */
export const labelFilters = (count: number) =>
  Array.from({ length: count }, (_, index) => `label=k${index}`).join('&');

/** `list` answers 32 label filters (`empty`: none matches) and refuses a 33rd, naming the limit. */
export async function expectLabelFilterLimit(
  call: ReturnType<typeof resourceClient>['call'],
  list: string,
  empty: unknown,
) {
  const most = await call('GET', `${list}?${labelFilters(32)}`);
  expect({ status: most.statusCode, body: most.json() as unknown }).toEqual({
    status: 200,
    body: empty,
  });
  const error = expectProblem(
    await call('GET', `${list}?${labelFilters(33)}`),
    400,
    'LABEL_INVALID',
  );
  expect(error.error_message).toContain('32');
}

/** An IPv4 block of a network create body, with DHCP on. */
export const ipv4Block = (address: string, extra: Record<string, unknown> = {}) => ({
  address,
  family: 'IPv4',
  dhcp: 'yes',
  ...extra,
});

/** A valid network create body in de-fra1 (172.20.0.0/24); `fields` replace its attributes. */
export const networkBody = (fields: Record<string, unknown> = {}) => ({
  network: {
    name: 'test net',
    zone: 'de-fra1',
    ip_networks: { ip_network: [ipv4Block('172.20.0.0/24', { gateway: '172.20.0.1' })] },
    ...fields,
  },
});

/** A valid subaccount create body (technical role, API access) for `person`; `fields` replace its attributes. */
export const subAccountBody = (
  person: { username: string; first_name: string; last_name: string; email: string },
  fields: Record<string, unknown> = {},
) => ({
  sub_account: {
    ...person,
    password: 'mySecr3tPassword',
    phone: '+358.31245434',
    country: 'FIN',
    language: 'en',
    timezone: 'UTC',
    allow_api: 'yes',
    roles: { role: ['technical'] },
    ...fields,
  },
});

/**
 * A subaccount create body as UpCloud's Go SDK marshals `CreateSubaccountRequest`: every field
 * sent, blank ones as '' and empty lists as null (`"roles":{"role":null}`); `fields` replace its
 * attributes.
 */
export const goSdkSubAccountBody = (
  username: string,
  email: string,
  fields: Record<string, unknown> = {},
) =>
  subAccountBody(
    { username, first_name: 'Test', last_name: 'User', email },
    {
      company: 'Example Ltd',
      address: 'my address',
      postal_code: '00130',
      city: 'Helsinki',
      state: '',
      currency: 'EUR',
      vat_number: '',
      allow_gui: 'no',
      tag_access: { tag: null },
      roles: { role: null },
      server_access: { server: null },
      storage_access: { storage: null },
      network_access: { network: null },
      ip_filters: { ip_filter: null },
      ...fields,
    },
  );

export interface SandboxSuiteOptions extends Omit<ServerOptions, 'clock'> {
  /** The suite's clock; `advance` moves it. */
  clock?: ManualClock;
  /** What `advance` requests so that the transitions that fell due run. */
  tickUrl?: string;
  /** Runs once the sandbox is built, before the first test. */
  prepare?: (app: SkydeckServer) => void;
}

/**
 * One fresh seeded sandbox for a test file: built before its first test, closed after its last,
 * with the request helpers of `resourceClient` and, when given a clock, `advance`.
 */
export function sandboxSuite(options: SandboxSuiteOptions = {}) {
  const { tickUrl = '/1.3/account', prepare, ...serverOptions } = options;
  let built: SkydeckServer | undefined;
  const app = () => {
    if (!built) throw new Error('the sandbox is built in beforeAll');
    return built;
  };
  beforeAll(async () => {
    built = await buildTestServer(serverOptions);
    prepare?.(built);
  });
  afterAll(() => built?.close());

  const client = resourceClient(app);

  /** Moves the simulated clock; the next request runs the transitions that fell due. */
  const advance = async (ms: number) => {
    if (!options.clock) throw new Error('advance needs a suite with a clock');
    options.clock.advance(ms);
    await client.call('GET', tickUrl);
  };

  /** A new server in de-fra1 (Debian clone, 10 GB), taken to stopped; `fields` replace attributes. */
  async function stoppedServer(title: string, fields: Record<string, unknown> = {}) {
    const { uuid } = (
      await client.okBody(
        serverResponseSchema,
        'POST',
        '/1.3/server',
        {
          server: {
            zone: 'de-fra1',
            title,
            hostname: title,
            storage_devices: {
              storage_device: [
                { action: 'clone', storage: publicImageUuid('de-fra1', 0), size: 10 },
              ],
            },
            ...fields,
          },
        },
        202,
      )
    ).server;
    await advance(31_000);
    await client.ok('POST', `/1.3/server/${uuid}/stop`, undefined, 200);
    await advance(16_000);
    return client.server(uuid);
  }

  return { app, ...client, advance, stoppedServer };
}
