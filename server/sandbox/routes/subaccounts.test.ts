import { describe, expect, it } from 'vitest';
import {
  accountListResponseSchema,
  msLmaResponseSchema,
  resourceUsageSchema,
} from '../../../contract/account';
import { currencyResponseSchema, deviceAvailabilitySchema } from '../../../contract/usage';
import {
  basicAuth,
  bearer,
  buildTestServer,
  createToken,
  demoAuth,
  expectProblem,
  otherAuth,
  panelSignIn,
  viewerAuth,
} from '../testing';
import { sandboxSuite, subAccountBody } from './test-helpers';

const { app, callAs: call } = sandboxSuite();

const olli = {
  username: 'ops_user',
  first_name: 'Olli',
  last_name: 'Ops',
  email: 'olli@example.com',
};
const subAccount = (fields: Record<string, unknown> = {}) =>
  subAccountBody(olli, { labels: [{ key: 'team', value: 'ops' }], ...fields });

describe('subaccounts', () => {
  it('lists the main account and its subaccounts, main account only', async () => {
    const response = await call('GET', '/1.3/account/list', demoAuth);
    expect(response.statusCode).toBe(200);
    const { accounts } = accountListResponseSchema.parse(response.json());
    expect(accounts.account.map((a) => [a.type, a.username])).toEqual([
      ['main', 'demo'],
      ['sub', 'demo_viewer'],
    ]);
    expect(accounts.account[1]!.roles.role).toEqual(['technical']);
    expectProblem(await call('GET', '/1.3/account/list', viewerAuth), 403, 'ACCOUNT_FORBIDDEN');
  });

  it('creates a subaccount that signs in with Basic and acts on the main account', async () => {
    const created = await call('POST', '/1.3/account/sub', demoAuth, subAccount());
    expect(created.statusCode).toBe(204);
    expect(created.body).toBe('');
    const subAuth = basicAuth('ops_user', 'mySecr3tPassword');
    const account = await call('GET', '/1.3/account', subAuth);
    expect(account.statusCode).toBe(200);
    const servers = await call('GET', '/1.3/server', subAuth);
    expect(servers.body).toBe((await call('GET', '/1.3/server', demoAuth)).body);
    const listed = accountListResponseSchema.parse(
      (await call('GET', '/1.3/account/list?label=team=ops', demoAuth)).json(),
    );
    expect(listed.accounts.account.map((a) => a.username)).toEqual(['ops_user']);
    // No billing role: the bill stays closed to it.
    expectProblem(
      await call('GET', '/1.3/account/billing/summary/2026-01', subAuth),
      403,
      'BILLING_FORBIDDEN',
    );
    expectProblem(
      await call('POST', '/1.3/account/sub', subAuth, subAccount({ username: 'x_yz1' })),
      403,
      'ACCOUNT_FORBIDDEN',
    );
  });

  it.each([
    { fields: { username: 'demo' }, status: 409, code: 'ACCOUNT_EXISTS' },
    { fields: { username: 'Bad-Name' }, status: 400, code: 'USERNAME_INVALID' },
    { fields: { password: 'alllowercase1' }, status: 400, code: 'PASSWORD_INVALID' },
    { fields: { phone: '0401234567' }, status: 400, code: 'PHONE_INVALID' },
    { fields: { email: undefined }, status: 400, code: 'EMAIL_MISSING' },
  ])('refuses a used username and invalid attributes: $code', async ({ fields, status, code }) => {
    expectProblem(
      await call('POST', '/1.3/account/sub', demoAuth, subAccount(fields)),
      status,
      code,
    );
  });

  it('takes a blank state outside the U.S. as none (the Go SDK sends "state": "")', async () => {
    // A sandbox of its own: the other tests count this account's audit rows.
    const own = await buildTestServer();
    try {
      const create = (fields: Record<string, unknown>) =>
        own.inject({
          method: 'POST',
          url: '/1.3/account/sub',
          headers: { authorization: demoAuth },
          payload: subAccount(fields),
        });
      expect((await create({ username: 'go_client', state: '', vat_number: '' })).statusCode).toBe(
        204,
      );
      expectProblem(
        await create({ username: 'us_client', country: 'USA', state: '' }),
        400,
        'STATE_INVALID',
      );
    } finally {
      await own.close();
    }
  });

  it('keeps API access closed when allow_api is no', async () => {
    await call(
      'POST',
      '/1.3/account/sub',
      demoAuth,
      subAccount({ username: 'gui_only', allow_api: 'no' }),
    );
    expectProblem(
      await call('GET', '/1.3/account', basicAuth('gui_only', 'mySecr3tPassword')),
      401,
      'AUTHENTICATION_FAILED',
    );
  });

  it('deletes own subaccounts only, with audit rows for create and delete', async () => {
    for (const [username, auth, status, code] of [
      ['nobody_here', demoAuth, 404, 'ACCOUNT_NOT_FOUND'],
      ['ops_user', otherAuth, 403, 'ACCOUNT_FORBIDDEN'],
      ['ops_user', viewerAuth, 403, 'ACCOUNT_FORBIDDEN'],
    ] as const) {
      expectProblem(await call('DELETE', `/1.3/account/sub/${username}`, auth), status, code);
    }
    expect((await call('DELETE', '/1.3/account/sub/ops_user', demoAuth)).statusCode).toBe(204);
    expectProblem(
      await call('GET', '/1.3/account', basicAuth('ops_user', 'mySecr3tPassword')),
      401,
      'AUTHENTICATION_FAILED',
    );
    const rows = app()
      .sandbox!.db.prepare(
        "SELECT action, account_username, current_state, previous_state FROM audit_logs WHERE resource_type = 'account' ORDER BY cloud_event_id",
      )
      .all() as { action: string; account_username: string; previous_state: string | null }[];
    expect(rows.map((row) => row.action)).toEqual(['create', 'create', 'delete']);
    expect(rows.every((row) => row.account_username === 'demo')).toBe(true);
    expect(JSON.parse(rows[2]!.previous_state!)).toMatchObject({ username: 'ops_user' });
  });
});

describe('resource usage, currency, devices, MS LMA', () => {
  it('counts current resources like resource_limits', async () => {
    const usage = resourceUsageSchema.parse(
      (await call('GET', '/1.3/account/resource-usage', demoAuth)).json(),
    );
    // Seed: web-1 2 cores 4 GiB, build-box 2 cores 4 GiB, db-1 4 cores 8 GiB.
    expect(usage).toMatchObject({
      cores: 8,
      memory: 16_384,
      storage_total: 870,
      storage_hdd: 500,
      storage_standard: 50,
      storage_maxiops: 320,
    });
  });

  it('gives currency rates as the value of one credit', async () => {
    const { currencies } = currencyResponseSchema.parse(
      (await call('GET', '/1.3/currency', demoAuth)).json(),
    );
    expect(currencies.currency.find((c) => c.code === 'EUR')!.rate).toBe(0.01);
    expect(currencies.currency.map((c) => c.code)).toEqual(['EUR', 'GBP', 'SGD', 'USD']);
  });

  it('lists device availability by zone and refuses an unknown zone', async () => {
    const body = deviceAvailabilitySchema.parse(
      (await call('GET', '/1.3/device/availability?zone=fi-hel2', demoAuth)).json(),
    );
    expect(Object.keys(body)).toEqual(['fi-hel2']);
    expect(body['fi-hel2']!.gpu_plans!['GPU-8xCPU-64GB-1xL40S']!.amount).toBeGreaterThan(0);
    for (const [query, code] of [
      ['zone=xx-nope1', 'ZONE_INVALID'],
      ['type=fpga', 'TYPE_INVALID'],
    ] as const) {
      expectProblem(await call('GET', `/1.3/device/availability?${query}`, demoAuth), 400, code);
    }
  });

  it('starts an MS LMA signing', async () => {
    const response = await call('POST', '/1.3/account/ms_lma', demoAuth);
    expect(response.statusCode).toBe(201);
    expect(msLmaResponseSchema.parse(response.json()).signing_status.state).toBe('initiated');
  });
});

describe('subaccounts need a password session or can_create_tokens (issue 19 item 7)', () => {
  const accountsNow = async () =>
    accountListResponseSchema
      .parse((await call('GET', '/1.3/account/list', demoAuth)).json())
      .accounts.account.map((account) => account.username);

  it('a restricted token can neither create nor delete a subaccount: 403 TOKEN_CANNOT_MANAGE_ACCOUNTS', async () => {
    const restricted = await createToken(app(), demoAuth, {
      name: 'restricted',
      allowed_ip_ranges: ['127.0.0.1'],
    });
    const before = await accountsNow();
    expectProblem(
      await call(
        'POST',
        '/1.3/account/sub',
        bearer(restricted.token),
        subAccount({ username: 'escape_hatch' }),
      ),
      403,
      'TOKEN_CANNOT_MANAGE_ACCOUNTS',
    );
    expectProblem(
      await call('DELETE', '/1.3/account/sub/demo_viewer', bearer(restricted.token)),
      403,
      'TOKEN_CANNOT_MANAGE_ACCOUNTS',
    );
    expect(await accountsNow()).toEqual(before);
    expectProblem(
      await call('GET', '/1.3/account', basicAuth('escape_hatch', 'mySecr3tPassword')),
      401,
      'AUTHENTICATION_FAILED',
    );
  });

  it('a token with can_create_tokens and a panel session may', async () => {
    const manager = await createToken(app(), demoAuth, { name: 'm', can_create_tokens: true });
    const session = await panelSignIn(app(), demoAuth);
    for (const [auth, username] of [
      [bearer(manager.token), 'by_manager'],
      [bearer(session.token), 'by_session'],
    ] as const) {
      expect(
        (await call('POST', '/1.3/account/sub', auth, subAccount({ username }))).statusCode,
      ).toBe(204);
      expect((await call('DELETE', `/1.3/account/sub/${username}`, auth)).statusCode).toBe(204);
    }
  });
});
