import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import type { SkydeckServer } from '../../app';
import { hashPassword, verifyPassword } from '../credentials';
import { demoUsers } from '../seed';
import type { NewAccount } from '../store/accounts';
import { newAccountDefaults } from '../store/accounts';
import type { ManualClock } from '../testing';
import {
  basicAuth,
  bearer,
  buildTestServer,
  createToken,
  demoAuth,
  errorObjectOf,
  expectProblem,
  manualClock,
  viewerAuth,
} from '../testing';
import { sandboxSuite, subAccountBody } from '../routes/test-helpers';
import { authenticateHeader, ipAllowed } from './auth';

const hour = 3_600_000;
const someTokenId = '0c000000-0000-4000-8000-000000000000';

function account(username: string, password: string, allowApi: boolean): NewAccount {
  return {
    username,
    password_hash: hashPassword(password),
    ...newAccountDefaults,
    allow_api: allowApi ? 1 : 0,
    roles: '[]',
    created_at: '2025-03-01T12:00:00.000Z',
  };
}

const accountOf = async (app: SkydeckServer, auth: string, remoteAddress?: string) =>
  app.inject({
    method: 'GET',
    url: '/1.3/account',
    headers: { authorization: auth },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** The tokens the matrix's token rows send, made in its beforeAll. */
interface MatrixTokens {
  expiring: string;
  fenced: string;
}

/** One bad credential: its name, its Authorization header (none when undefined), its address. */
const badCredentials: [string, (tokens: MatrixTokens) => string | undefined, string?][] = [
  ['no Authorization header', () => undefined],
  ['an unknown Bearer token', () => 'Bearer ucat_0000000000000000000000000Z'],
  ['an expired token', ({ expiring }) => bearer(expiring)],
  ['a token from outside its allowed ranges (IPv4)', ({ fenced }) => bearer(fenced), '192.0.2.1'],
  ['a token from outside its allowed ranges (IPv6)', ({ fenced }) => bearer(fenced), '2001:db9::1'],
  ['an empty header', () => ''],
  ['a bare Bearer', () => 'Bearer'],
  ['a bare Basic', () => 'Basic '],
  ['an unknown scheme', ({ expiring }) => `Token ${expiring}`],
  ['credentials without a scheme', () => 'demo:DemoPassw0rd'],
  ['Basic that is not base64', () => 'Basic !!!***'],
  ['Basic without a colon', () => `Basic ${base64('demo')}`],
  ['Basic without a username', () => `Basic ${base64(':DemoPassw0rd')}`],
  ['Basic credentials sent as Bearer', () => `Bearer ${base64('demo:DemoPassw0rd')}`],
  ['Basic with a wrong password', () => basicAuth('demo', 'WrongPassw0rd')],
  ['Basic with a password differing in case', () => basicAuth('demo', 'demopassw0rd')],
  ['Basic for an unknown user', () => basicAuth('nobody', 'DemoPassw0rd')],
  ['Basic for an account without API access', () => basicAuth('noapi', 'NoApiPassw0rd')],
];

describe('authentication matrix: every route refuses every bad credential', () => {
  let app: SkydeckServer;
  let clock: ManualClock;
  let routes: { method: string; url: string }[];
  const tokens: MatrixTokens = { expiring: '', fenced: '' };

  beforeAll(async () => {
    clock = manualClock();
    app = await buildTestServer({ clock, authFailureLimit: 1_000_000 });
    app.sandbox!.accounts.insert(account('noapi', 'NoApiPassw0rd', false));
    app.sandbox!.accounts.insert(account('withapi', 'NoApiPassw0rd', true));

    const expiring = await createToken(app, demoAuth, { name: 'expiring', expires_in: '1h' });
    expect((await accountOf(app, bearer(expiring.token))).statusCode).toBe(200);
    clock.advance(2 * hour);
    const fenced = await createToken(app, demoAuth, {
      name: 'fenced',
      allowed_ip_ranges: ['10.0.0.0/8', '2001:db8::/32'],
    });
    expect((await accountOf(app, bearer(fenced.token), '10.1.2.3')).statusCode).toBe(200);
    expect((await accountOf(app, basicAuth('withapi', 'NoApiPassw0rd'))).statusCode).toBe(200);
    tokens.expiring = expiring.token;
    tokens.fenced = fenced.token;

    routes = app.sandbox!.routes.map(({ method, url }) => ({
      method,
      url: url.replace(/:[a-z_]+/g, someTokenId),
    }));
  });
  afterAll(() => app.close());

  it('knows every API route', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(routes).toEqual(
      expect.arrayContaining(
        [
          'GET /1.2/zone',
          'GET /1.2/price',
          'GET /1.3/zone',
          'GET /1.3/price',
          'GET /1.3/plan',
          'GET /1.3/account',
          'GET /1.3/account/tokens',
          'POST /1.3/account/tokens',
          `GET /1.3/account/tokens/${someTokenId}`,
          `DELETE /1.3/account/tokens/${someTokenId}`,
        ].map((route) => {
          const [method, url] = route.split(' ');
          return { method, url };
        }),
      ),
    );
  });

  it('lets good credentials through on every route', async () => {
    for (const { method, url } of routes) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: demoAuth },
        ...(method === 'POST' ? { payload: { name: 'matrix', expires_in: '1h' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).not.toBe(401);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });

  // One row per credential and quarter of the routes, a quarter's requests at once: the Basic
  // rows pay a deliberate scrypt per request, queued on the sandbox's own hashing slots, and a
  // quarter of the routes stays well inside the default time limit on a busy machine.
  const parts = [1, 2, 3, 4];
  it.each(
    badCredentials.flatMap(([name, authorizationOf, remoteAddress]) =>
      parts.map((part) => [name, part, authorizationOf, remoteAddress] as const),
    ),
  )(
    'refuses %s on each route (part %i of 4) with 401, WWW-Authenticate and AUTHENTICATION_FAILED',
    async (name, part, authorizationOf, remoteAddress) => {
      const authorization = authorizationOf(tokens);
      const share = routes.filter((_, index) => index % parts.length === part - 1);
      const responses = await Promise.all(
        share.map(({ method, url }) =>
          app.inject({
            method: method as 'GET',
            url,
            headers: authorization === undefined ? {} : { authorization },
            ...(remoteAddress ? { remoteAddress } : {}),
            ...(method === 'POST' ? { payload: { name: 'matrix', expires_in: '1h' } } : {}),
          }),
        ),
      );
      let checked = 0;
      responses.forEach((response, index) => {
        const { method, url } = share[index]!;
        const where = `${name}: ${method} ${url} → ${response.statusCode} ${response.body}`;
        expect(response.statusCode, where).toBe(401);
        expect(response.headers['www-authenticate'], where).toBe(authenticateHeader);
        expect(errorObjectOf(response), where).toEqual({
          error: { error_code: 'AUTHENTICATION_FAILED', error_message: expect.any(String) },
        });
        checked += 1;
      });
      expect(checked).toBe(share.length);
      expect(checked).toBeGreaterThan(0);
    },
  );
});

describe('authentication', () => {
  let app: SkydeckServer;
  beforeAll(async () => {
    app = await buildTestServer({ authFailureLimit: 1_000_000 });
  });
  afterAll(() => app.close());

  it('accepts Basic for an account with API access', async () => {
    const response = await accountOf(app, demoAuth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ account: { username: 'demo' } });
    expect((await accountOf(app, `basic ${demoAuth.slice('Basic '.length)}`)).statusCode).toBe(200);
  });

  it('accepts a valid token and acts as its account', async () => {
    const demoToken = await createToken(app, demoAuth);
    const viewerToken = await createToken(app, viewerAuth);
    expect((await accountOf(app, bearer(demoToken.token))).json()).toMatchObject({
      account: { username: 'demo' },
    });
    expect((await accountOf(app, bearer(viewerToken.token))).json()).toMatchObject({
      account: { username: 'demo_viewer' },
    });
    expect((await accountOf(app, `bearer  ${demoToken.token}`)).statusCode).toBe(200);
  });

  it('refuses a token one character off', async () => {
    const { token } = await createToken(app, demoAuth);
    const changed = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expectProblem(await accountOf(app, bearer(changed)), 401, 'AUTHENTICATION_FAILED');
  });

  it.each([
    [
      'an IPv4 CIDR',
      ['192.0.2.0/24'],
      ['192.0.2.0', '192.0.2.77', '192.0.2.255'],
      ['192.0.3.1', '10.0.0.1', '::1'],
    ],
    ['a single IPv4 address', ['198.51.100.7'], ['198.51.100.7'], ['198.51.100.8']],
    [
      'a single IPv6 address',
      ['2001:db8::1'],
      ['2001:db8::1', '2001:0db8:0000::0001'],
      ['2001:db8::2', '127.0.0.1'],
    ],
    [
      'an IPv6 CIDR',
      ['2001:db8:1::/48'],
      ['2001:db8:1::', '2001:db8:1:ffff::5'],
      ['2001:db8:2::1', '192.0.2.1'],
    ],
    [
      'an IPv4 a-b range',
      ['198.51.100.10-198.51.100.20'],
      ['198.51.100.10', '198.51.100.15', '198.51.100.20'],
      ['198.51.100.9', '198.51.100.21', '198.51.101.15'],
    ],
    [
      'an IPv6 a-b range',
      ['2001:db8::10-2001:db8::20'],
      ['2001:db8::10', '2001:db8::1a'],
      ['2001:db8::21', '2001:db8::f'],
    ],
    [
      'IPv4 given as an IPv4-mapped client address',
      ['127.0.0.0/8'],
      ['127.0.0.1', '::ffff:127.0.0.1'],
      ['::1'],
    ],
    ['an empty list', [], [], ['127.0.0.1', '::1', '::ffff:127.0.0.1', '192.0.2.1', '2001:db8::1']],
    ['the default (everywhere)', undefined, ['127.0.0.1', '::1', '203.0.113.9', '2001:db8::1'], []],
  ] as [string, string[] | undefined, string[], string[]][])(
    'uses a token allowed from %s only where the range allows',
    async (_label, ranges, allowed, denied) => {
      const token = await createToken(
        app,
        demoAuth,
        ranges === undefined ? {} : { allowed_ip_ranges: ranges },
      );
      for (const address of allowed) {
        expect(
          (await accountOf(app, bearer(token.token), address)).statusCode,
          `from ${address}`,
        ).toBe(200);
      }
      for (const address of denied) {
        const response = await accountOf(app, bearer(token.token), address);
        expect(response.statusCode, `from ${address}`).toBe(401);
        expect(response.headers['www-authenticate']).toBe(authenticateHeader);
      }
    },
  );

  it('judges the socket address, not X-Forwarded-For', async () => {
    const token = await createToken(app, demoAuth, { allowed_ip_ranges: ['10.0.0.0/8'] });
    const response = await app.inject({
      method: 'GET',
      url: '/1.3/account',
      remoteAddress: '192.0.2.1',
      headers: {
        authorization: bearer(token.token),
        'x-forwarded-for': '10.0.0.1',
        forwarded: 'for=10.0.0.1',
      },
    });
    expectProblem(response, 401, 'AUTHENTICATION_FAILED');
  });
});

describe('ipAllowed', () => {
  it.each([
    ['10.1.2.3', ['10.0.0.0/8'], true],
    ['11.0.0.1', ['10.0.0.0/8'], false],
    ['10.0.0.1', ['0.0.0.0/0'], true],
    ['10.0.0.1', ['::/0'], false],
    ['::1', ['::/0'], true],
    ['::1', ['0.0.0.0/0'], false],
    ['2001:db8::1', ['2001:db8::1'], true],
    ['2001:0db8::0001', ['2001:db8::1'], true],
    ['2001:db8::2', ['2001:db8::1'], false],
    ['2001:db8:ffff::1', ['2001:db8::/32'], true],
    ['2001:db9::1', ['2001:db8::/32'], false],
    ['192.168.1.10', ['192.168.1.10-192.168.1.20'], true],
    ['192.168.1.20', ['192.168.1.10-192.168.1.20'], true],
    ['192.168.1.9', ['192.168.1.10-192.168.1.20'], false],
    ['192.168.1.21', ['192.168.1.10-192.168.1.20'], false],
    ['192.168.2.15', ['192.168.1.10-192.168.1.20'], false],
    ['2001:db8::80', ['2001:db8::1-2001:db8::ff'], true],
    ['2001:db8::100', ['2001:db8::1-2001:db8::ff'], false],
    ['::ffff:127.0.0.1', ['127.0.0.0/8'], true],
    ['::ffff:127.0.0.1', ['127.0.0.1'], true],
    ['::ffff:127.0.0.1', ['0.0.0.0/0'], true],
    ['::ffff:10.0.0.1', ['127.0.0.0/8'], false],
    ['127.0.0.1', ['::ffff:127.0.0.1'], true],
    ['::ffff:127.0.0.1', ['::ffff:127.0.0.1'], true],
    ['127.0.0.5', ['::ffff:127.0.0.1-::ffff:127.0.0.9'], true],
    ['127.0.0.1', ['::ffff:127.0.0.0/104'], true],
    ['::ffff:127.0.0.1', ['::ffff:127.0.0.0/104'], true],
    ['127.0.0.1', ['::ffff:7f00:0/120'], true],
    ['10.0.0.1', ['::ffff:127.0.0.0/104'], false],
    ['127.0.0.1', ['::ffff:0.0.0.0/96'], true],
    ['127.0.0.1', [], false],
    ['::1', [], false],
    ['127.0.0.1', ['not a range', '127.0.0.1'], true],
    ['127.0.0.1', ['not a range'], false],
    ['not an address', ['0.0.0.0/0', '::/0'], false],
    ['', ['0.0.0.0/0'], false],
  ] as [string, string[], boolean][])('%s in %j → %s', (ip, ranges, expected) => {
    expect(ipAllowed(ip, ranges)).toBe(expected);
  });
});

describe('failed-authentication limit', () => {
  let app: SkydeckServer;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = manualClock();
    app = await buildTestServer({ clock, authFailureLimit: 3 });
  });
  afterAll(() => app.close());

  it('refuses an address for the window after too many failures, not its neighbours', async () => {
    const attacker = '192.0.2.10';
    const wrong = basicAuth('demo', 'guess');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectProblem(await accountOf(app, wrong, attacker), 401, 'AUTHENTICATION_FAILED');
    }
    const refused = await accountOf(app, wrong, attacker);
    expectProblem(refused, 429, 'TOO_MANY_AUTHENTICATION_FAILURES');
    expect(refused.headers['retry-after']).toBe('60');

    const evenRight = await accountOf(app, demoAuth, attacker);
    expectProblem(evenRight, 429, 'TOO_MANY_AUTHENTICATION_FAILURES');

    expect((await accountOf(app, demoAuth, '192.0.2.11')).statusCode).toBe(200);

    clock.advance(45_000);
    expect((await accountOf(app, demoAuth, attacker)).headers['retry-after']).toBe('15');

    clock.advance(15_001);
    const again = await accountOf(app, demoAuth, attacker);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ account: { username: 'demo' } });
  });

  it('counts failures afresh in a new window', async () => {
    const address = '198.51.100.200';
    const wrong = bearer('ucat_wrong');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await accountOf(app, wrong, address)).statusCode).toBe(401);
    }
    clock.advance(60_001);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await accountOf(app, wrong, address)).statusCode).toBe(401);
    }
    expectProblem(await accountOf(app, wrong, address), 429, 'TOO_MANY_AUTHENTICATION_FAILURES');
  });

  it('lets a valid token through from an address refused for password guesses', async () => {
    const token = await createToken(app, demoAuth);
    const address = '192.0.2.77';
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expectProblem(
        await accountOf(app, basicAuth('demo', 'guess'), address),
        401,
        'AUTHENTICATION_FAILED',
      );
    }
    expectProblem(await accountOf(app, demoAuth, address), 429, 'TOO_MANY_AUTHENTICATION_FAILURES');
    expectProblem(
      await accountOf(app, bearer('ucat_wrong'), address),
      429,
      'TOO_MANY_AUTHENTICATION_FAILURES',
    );
    const withToken = await accountOf(app, bearer(token.token), address);
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json()).toMatchObject({ account: { username: 'demo' } });
  });

  it('refuses a username for the window after too many failures from many addresses', async () => {
    // The username budget is five times the address budget (3 here): 15 guesses, one per address.
    for (let attempt = 1; attempt <= 15; attempt += 1) {
      expectProblem(
        await accountOf(app, basicAuth('demo_viewer', `guess${attempt}`), `198.18.0.${attempt}`),
        401,
        'AUTHENTICATION_FAILED',
      );
    }
    const refused = await accountOf(app, viewerAuth, '198.18.1.1');
    expectProblem(refused, 429, 'TOO_MANY_AUTHENTICATION_FAILURES');
    expect(refused.json().error.error_message).toMatch(/for this username/);
    expect((await accountOf(app, demoAuth, '198.18.1.2')).statusCode).toBe(200);
    clock.advance(60_001);
    expect((await accountOf(app, viewerAuth, '198.18.1.1')).statusCode).toBe(200);
  });

  it('keeps a username open, while refused for guesses from elsewhere, to an address it signed in from', async () => {
    const owner = '198.19.0.1';
    expect((await accountOf(app, basicAuth('partner', 'PartnerPassw0rd'), owner)).statusCode).toBe(
      200,
    );
    for (let attempt = 1; attempt <= 15; attempt += 1) {
      await accountOf(app, basicAuth('partner', `guess${attempt}`), `198.19.1.${attempt}`);
    }
    const elsewhere = await accountOf(app, basicAuth('partner', 'PartnerPassw0rd'), '198.19.2.1');
    expectProblem(elsewhere, 429, 'TOO_MANY_AUTHENTICATION_FAILURES');
    const fromOwner = await accountOf(app, basicAuth('partner', 'PartnerPassw0rd'), owner);
    expect(fromOwner.statusCode).toBe(200);
    expect(fromOwner.json()).toMatchObject({ account: { username: 'partner' } });
    expectProblem(
      await accountOf(app, basicAuth('partner', 'guess16'), owner),
      401,
      'AUTHENTICATION_FAILED',
    );
  });

  it('checks passwords off the event loop: a token request overtakes a burst of guesses', async () => {
    const token = await createToken(app, demoAuth);
    const finished: string[] = [];
    const guesses = Array.from({ length: 12 }, (_, index) =>
      accountOf(app, basicAuth('demo', `wrong${index}`), `203.0.113.${100 + index}`).then(
        (response) => finished.push(`guess ${response.statusCode}`),
      ),
    );
    const withToken = accountOf(app, bearer(token.token), '203.0.113.99').then((response) =>
      finished.push(`token ${response.statusCode}`),
    );
    await Promise.all([...guesses, withToken]);
    expect(finished.filter((entry) => entry === 'guess 401')).toHaveLength(12);
    expect(finished.indexOf('token 200')).toBeGreaterThanOrEqual(0);
    expect(finished.indexOf('token 200')).toBeLessThan(6);
  });

  it('never throttles successful requests', async () => {
    for (let request = 1; request <= 10; request += 1) {
      expect((await accountOf(app, demoAuth, '203.0.113.50')).statusCode).toBe(200);
    }
  });
});

describe('stored credentials', () => {
  let app: SkydeckServer;
  beforeAll(async () => {
    // The sandbox's own cost, not the tests' lower one.
    app = await buildServer({ database: ':memory:' });
  });
  afterAll(() => app.close());

  it('stores passwords as salted scrypt hashes, never in plain text', async () => {
    const rows = app
      .sandbox!.db.prepare<[], { username: string; password_hash: string }>(
        'SELECT username, password_hash FROM accounts',
      )
      .all();
    expect(rows.map((row) => row.username).sort()).toEqual(Object.keys(demoUsers).sort());
    for (const { username, password_hash } of rows) {
      const password = demoUsers[username as keyof typeof demoUsers];
      expect(password_hash).toMatch(/^scrypt\$16384\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
      expect(password_hash).not.toContain(password);
      expect(password_hash).not.toContain(Buffer.from(password).toString('base64'));
      expect(await verifyPassword(password, password_hash)).toBe(true);
      expect(await verifyPassword(`${password}x`, password_hash)).toBe(false);
    }
    const salts = rows.map((row) => row.password_hash.split('$')[2]);
    expect(new Set(salts).size).toBe(rows.length);
  });

  it('stores a token secret only as its SHA-256 digest', async () => {
    const created = await createToken(app, demoAuth, { name: 'hashed' });
    const row = app
      .sandbox!.db.prepare<[string], Record<string, unknown>>(
        'SELECT * FROM api_tokens WHERE id = ?',
      )
      .get(created.id);
    expect(row).toBeDefined();
    const digest = createHash('sha256').update(created.token).digest();
    expect(Buffer.isBuffer(row!.secret_hash)).toBe(true);
    expect((row!.secret_hash as Buffer).equals(digest)).toBe(true);
    expect((row!.secret_hash as Buffer).equals(Buffer.from(created.token))).toBe(false);
    for (const value of Object.values(row!)) {
      const text = Buffer.isBuffer(value)
        ? `${value.toString('utf8')} ${value.toString('hex')}`
        : String(value);
      expect(text).not.toContain(created.token);
      expect(text).not.toContain(created.token.slice('ucat_'.length));
    }
  });
});

describe("a token's principal, remembered between requests", () => {
  const clock = manualClock();
  const { app, callAs } = sandboxSuite({ clock, authFailureLimit: 1_000_000 });
  const as = (auth: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    callAs(method, url, auth, payload);
  /** A subaccount with the technical role and a token of its own. */
  async function subAccountToken(username: string) {
    const body = subAccountBody({
      username,
      first_name: 'Tom',
      last_name: 'Token',
      email: `${username}@example.com`,
    });
    expect((await callAs('POST', '/1.3/account/sub', demoAuth, body)).statusCode).toBe(204);
    return bearer((await createToken(app(), basicAuth(username, 'mySecr3tPassword'))).token);
  }
  /** Two reads, so that the second is answered by what the first remembered. */
  async function readsTwice(auth: string, remoteAddress?: string) {
    expect((await accountOf(app(), auth, remoteAddress)).statusCode).toBe(200);
    expect((await accountOf(app(), auth, remoteAddress)).statusCode).toBe(200);
  }

  it('refuses a revoked token at its next request', async () => {
    const created = await createToken(app(), demoAuth, { name: 'revoked' });
    await readsTwice(bearer(created.token));
    expect((await as(demoAuth, 'DELETE', `/1.3/account/tokens/${created.id}`)).statusCode).toBe(
      204,
    );
    expectProblem(await accountOf(app(), bearer(created.token)), 401, 'AUTHENTICATION_FAILED');
  });

  it('refuses a token once the clock reaches its expiry', async () => {
    const created = await createToken(app(), demoAuth, { name: 'expires', expires_in: '1h' });
    await readsTwice(bearer(created.token));
    clock.advance(hour - 1);
    expect((await accountOf(app(), bearer(created.token))).statusCode).toBe(200);
    clock.advance(1);
    expectProblem(await accountOf(app(), bearer(created.token)), 401, 'AUTHENTICATION_FAILED');
  });

  it("follows a change of the account's roles at the next request", async () => {
    const token = await subAccountToken('role_changes');
    const usage = '/1.3/account/current_network_usage';
    const roles = (role: string[]) => ({ account: { roles: { role } } });
    expect((await as(token, 'GET', usage)).statusCode).toBe(403);
    expect((await as(token, 'GET', usage)).statusCode).toBe(403);
    const grant = await as(demoAuth, 'PUT', '/1.3/account/sub/role_changes', roles(['billing']));
    expect(grant.statusCode).toBe(204);
    expect((await as(token, 'GET', usage)).statusCode).toBe(200);
    const revoke = await as(demoAuth, 'PUT', '/1.3/account/sub/role_changes', roles(['technical']));
    expect(revoke.statusCode).toBe(204);
    expect((await as(token, 'GET', usage)).statusCode).toBe(403);
  });

  it("refuses a deleted account's token at its next request", async () => {
    const token = await subAccountToken('deleted_sub');
    await readsTwice(token);
    expect((await as(demoAuth, 'DELETE', '/1.3/account/sub/deleted_sub')).statusCode).toBe(204);
    expectProblem(await accountOf(app(), token), 401, 'AUTHENTICATION_FAILED');
  });

  it("judges every request's address against the token's ranges", async () => {
    const { token } = await createToken(app(), demoAuth, { allowed_ip_ranges: ['192.0.2.0/24'] });
    await readsTwice(bearer(token), '192.0.2.10');
    for (const [address, status] of [
      ['198.51.100.1', 401],
      ['192.0.2.10', 200],
      ['198.51.100.1', 401],
      ['192.0.2.11', 200],
    ] as const) {
      expect((await accountOf(app(), bearer(token), address)).statusCode, address).toBe(status);
    }
  });
});
