import { networkEndpoints } from '../../contract/network';
import type { CreateNetworkRequest } from '../../contract/network';
import { routerEndpoints } from '../../contract/router';
import { endpointPath } from '../../contract/endpoint';
import { serverEndpoints } from '../../contract/server';
import type { CreateServerRequest } from '../../contract/server';
import { storageEndpoints } from '../../contract/storage';
import type { CreateStorageRequest } from '../../contract/storage';
import { subAccountEndpoints } from '../../contract/subaccount';
import { panelSignInHeader, tokenEndpoints } from '../../contract/tokens';
import type { TokenCreateRequest } from '../../contract/tokens';

/** The panel's Undo window, for journeys that move the page's clock past it. */
export { defaultUndoGraceMs } from '../lib/undo-grace';

/**
 * Test data made through the API, as a script would make it: shared by the component tests
 * (Vitest) and the journeys (Playwright), so both set up the same way. Plain `fetch` and the
 * contract's schemas only, so it runs in jsdom and in Node alike.
 */

export interface Credentials {
  username: string;
  password: string;
}

/** The accounts of a tenant, by their role in the demo data (server/sandbox/seed.ts). */
export type TenantUser = 'demo' | 'demo_viewer' | 'partner' | 'other';

export interface Tenant {
  id: number;
  users: Record<TenantUser, Credentials>;
}

/** A fresh copy of the demo data for one test or file: accounts no other test signs in to. */
export async function createTenant(baseUrl: string): Promise<Tenant> {
  const response = await fetch(new URL('/_sandbox/tenants', baseUrl), { method: 'POST' });
  if (response.status !== 201) {
    throw new Error(`POST /_sandbox/tenants: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as Tenant;
}

/** An HTTP Basic `Authorization` value. */
export const basicAuth = ({ username, password }: Credentials) =>
  `Basic ${btoa(`${username}:${password}`)}`;

interface Parser<T> {
  parse: (value: unknown) => T;
}

/** Calls the API at `baseUrl` as one account (Basic auth) or with one token (Bearer). */
export function apiAs(
  baseUrl: string,
  as: Credentials | { token: string },
  headers: Record<string, string> = {},
) {
  const authorization = 'token' in as ? `Bearer ${as.token}` : basicAuth(as);
  async function call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    schema?: Parser<T>,
  ): Promise<T> {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        ...headers,
        authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    const value: unknown = text === '' ? undefined : JSON.parse(text);
    return schema ? schema.parse(value) : (value as T);
  }
  return { baseUrl, authorization, call };
}
export type Api = ReturnType<typeof apiAs>;

/** A name no other test uses: `prefix`, `separator`, then a part made of the time and chance. */
export function uniqueName(prefix: string, separator = ' '): string {
  return `${prefix}${separator}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * A subaccount of the calling account under a fresh username that starts with `prefix`, with API
 * access and the technical role unless `fields` say otherwise. Returns its name and password.
 */
export async function createSubaccount(
  api: Api,
  prefix: string,
  fields: { password: string; first_name: string; last_name: string } & Record<string, unknown>,
): Promise<Credentials> {
  const username = uniqueName(prefix, '_');
  const body = {
    sub_account: {
      username,
      email: `${username}@example.com`,
      phone: '+358.31245434',
      country: 'FIN',
      language: 'en',
      timezone: 'UTC',
      allow_api: 'yes',
      roles: { role: ['technical'] },
      ...fields,
    },
  };
  const { create } = subAccountEndpoints;
  await api.call(create.method, endpointPath(create), body);
  return { username, password: fields.password };
}

/** A storage (10 GB in de-fra1 unless told). */
export async function createDisk(
  api: Api,
  storage: Partial<CreateStorageRequest['storage']> & { title: string },
) {
  const body: CreateStorageRequest = {
    storage: { zone: 'de-fra1', size: 10, ...storage },
  };
  const { create } = storageEndpoints;
  return (await api.call(create.method, endpointPath(create), body, create.response)).storage;
}

/** Waits, polling the API, until the storage is online (simulated operations take seconds). */
export async function waitOnline(api: Api, uuid: string, timeoutMs = 30_000) {
  const { get } = storageEndpoints;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { storage } = await api.call(
      get.method,
      endpointPath(get, { uuid }),
      undefined,
      get.response,
    );
    if (storage.state === 'online') return storage;
    if (Date.now() > until) throw new Error(`storage ${uuid} is still ${storage.state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An API token (an hour long unless told). */
export async function createApiToken(api: Api, token: Partial<TokenCreateRequest> = {}) {
  const body = { name: `test ${Date.now().toString(36)}`, expires_in: '1h', ...token };
  const { create } = tokenEndpoints;
  return api.call(create.method, endpointPath(create), body, create.response);
}

/**
 * What the panel keeps after a password sign-in (src/auth/sign-in.ts, src/auth/session-store.ts):
 * the same session token the sign-in page would exchange the password for.
 */
export async function createPanelSession(baseUrl: string, user: Credentials) {
  // The header the panel's own sign-in sends: only with it is the token a panel session.
  const panel = apiAs(baseUrl, user, { [panelSignInHeader]: 'panel' });
  const created = await createApiToken(panel, {
    name: 'Skydeck panel session',
    expires_in: '8h',
    gui: true,
    can_create_tokens: true,
  });
  return {
    token: created.token,
    tokenId: created.id,
    username: user.username,
    viaPassword: true,
    expiresAt: created.expires_at,
  };
}

/**
 * /24 blocks for private networks, one after another: a test takes its blocks from its own
 * tenant's allocator, so two networks never overlap (no random picks that may collide).
 */
export function blockAllocator(second = 100) {
  let next = 0;
  return () => {
    const n = next;
    next += 1;
    return `10.${second + Math.floor(n / 250)}.${n % 250}.0/24`;
  };
}

/** A private network with one IPv4 block in de-fra1 unless told. */
export async function createNetwork(
  api: Api,
  network: Partial<CreateNetworkRequest['network']> & { name: string; block: string },
) {
  const { block, ...rest } = network;
  const body: CreateNetworkRequest = {
    network: {
      zone: 'de-fra1',
      ip_networks: { ip_network: [{ address: block, family: 'IPv4', dhcp: 'yes' }] },
      ...rest,
    },
  };
  const { create } = networkEndpoints;
  return (await api.call(create.method, endpointPath(create), body, create.response)).network;
}

export async function createRouter(api: Api, name: string) {
  const body = { router: { name } };
  const { create } = routerEndpoints;
  return (await api.call(create.method, endpointPath(create), body, create.response)).router;
}

/** Frankfurt's Debian template (server/sandbox/seed.ts): a licence-free system disk to clone. */
export const debianTemplateFra1 = '01000000-0000-4000-8000-000020060100';

/**
 * A server, sent as the contract describes the create (`serverEndpoints.create`): in de-fra1 on
 * 1xCPU-1GB, with a system disk cloned from Debian, unless `server` says otherwise. A server in
 * another zone names its disks too, the template being Frankfurt's. It stays in maintenance while
 * it is built (30 s), its disk with it.
 */
export async function createServer(api: Api, server: Partial<CreateServerRequest['server']> = {}) {
  const title = server.title ?? uniqueName('server');
  const body: CreateServerRequest = {
    server: {
      zone: 'de-fra1',
      hostname: 'server.example.com',
      plan: '1xCPU-1GB',
      storage_devices: {
        storage_device: [{ action: 'clone', storage: debianTemplateFra1, title: `${title} OS` }],
      },
      ...server,
      title,
    },
  };
  const { create } = serverEndpoints;
  return (await api.call(create.method, endpointPath(create), body, create.response)).server;
}
