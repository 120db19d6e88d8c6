import { describe, expect, it } from 'vitest';
import { accountResponseSchema } from '../../../contract/account';
import { accountDetailsEndpoint } from '../../../contract/account-details';
import { coerceXml, parseXml } from '../http/formats';
import {
  basicAuth,
  bearer,
  createToken,
  demoAuth,
  expectProblem,
  otherAuth,
  partnerAuth,
  viewerAuth,
} from '../testing';
import { sandboxSuite, subAccountBody } from './test-helpers';

const { app } = sandboxSuite();

const account = (auth: string, headers: Record<string, string> = {}) =>
  app().inject({
    method: 'GET',
    url: '/1.3/account',
    headers: { authorization: auth, ...headers },
  });

describe('GET /1.3/account', () => {
  it('describes the main account: username, credits, currency and resource limits', async () => {
    const response = await account(demoAuth);
    expect(response.statusCode).toBe(200);
    const body = accountResponseSchema.parse(response.json());
    expect(Object.keys(response.json() as object)).toEqual(['account']);
    expect(body.account).toMatchObject({ username: 'demo', currency: 'EUR' });
    // Seeded credits less what the seeded resources have been billed so far.
    expect(body.account.credits).toBeLessThan(1_000_000);
    expect(body.account.credits).toBeGreaterThan(900_000);
    expect(typeof body.account.credits).toBe('number');
    expect(body.account.resource_limits).toMatchObject({
      cores: 200,
      memory: 1_048_576,
      storage_total: 40_960,
    });
    for (const limit of Object.values(body.account.resource_limits)) {
      expect(limit === null || Number.isInteger(limit)).toBe(true);
    }
  });

  it('shows a subaccount its own username and its main account’s credits and limits', async () => {
    // Credits are the main account's money: only a subaccount with the billing role sees them
    // (issue 19 item 11); demo_viewer has the technical role alone.
    const created = await app().inject({
      method: 'POST',
      url: '/1.3/account/sub',
      headers: { authorization: demoAuth },
      payload: subAccountBody(
        {
          username: 'demo_billing',
          first_name: 'Bea',
          last_name: 'Billing',
          email: 'bea@example.com',
        },
        { roles: { role: ['billing'] } },
      ),
    });
    expect(created.statusCode).toBe(204);
    const main = accountResponseSchema.parse((await account(demoAuth)).json()).account;
    const response = await account(basicAuth('demo_billing', 'mySecr3tPassword'));
    expect(response.statusCode).toBe(200);
    const viewer = accountResponseSchema.parse(response.json()).account;
    expect(viewer.username).toBe('demo_billing');
    expect(viewer.credits).toBe(main.credits);
    expect(viewer.currency).toBe(main.currency);
    expect(viewer.resource_limits).toEqual(main.resource_limits);

    const withoutRole = accountResponseSchema.parse((await account(viewerAuth)).json()).account;
    expect(withoutRole.username).toBe('demo_viewer');
    expect(withoutRole).not.toHaveProperty('credits');
    expect(withoutRole.currency).toBe(main.currency);
    expect(withoutRole.resource_limits).toEqual(main.resource_limits);
  });

  it('shows each main account its own credits', async () => {
    const other = accountResponseSchema.parse((await account(otherAuth)).json()).account;
    expect(other.username).toBe('other');
    expect(other.credits).toBeLessThan(250_000);
    expect(other.credits).toBeGreaterThan(240_000);
    // The partner has no resources, so nothing has been billed.
    expect(accountResponseSchema.parse((await account(partnerAuth)).json()).account).toMatchObject({
      username: 'partner',
      credits: 5_000_000,
    });
  });

  it('answers the same through a token as through Basic', async () => {
    const token = await createToken(app(), viewerAuth);
    expect((await account(bearer(token.token))).body).toBe((await account(viewerAuth)).body);
  });

  it('renders XML with the account element as root', async () => {
    const json = accountResponseSchema.parse((await account(demoAuth)).json());
    const response = await account(demoAuth, { accept: 'application/xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<account><username>demo<\/username><credits>[\d.]+<\/credits><currency>EUR<\/currency><resource_limits><cores>200<\/cores>.*<\/resource_limits><\/account>$/,
    );
    expect(
      accountResponseSchema.parse(coerceXml(parseXml(response.body), accountResponseSchema)),
    ).toEqual(json);
  });

  it('answers 401 without credentials', async () => {
    expectProblem(await app().inject({ url: '/1.3/account' }), 401, 'AUTHENTICATION_FAILED');
  });
});

describe('GET /1.3/account/details/{username}', () => {
  const details = (auth: string, username: string) =>
    app().inject({
      method: 'GET',
      url: `/1.3/account/details/${username}`,
      headers: { authorization: auth },
    });

  it('gives the main account its contact details, currency and rights', async () => {
    const response = await details(demoAuth, 'demo');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json() as object)).toEqual(['account']);
    const body = accountDetailsEndpoint.response.parse(response.json()).account;
    expect(body).toMatchObject({
      type: 'main',
      main_account: 'demo',
      username: 'demo',
      first_name: 'Dana',
      last_name: 'Demo',
      company: 'Demo Oy',
      email: 'dana.demo@example.com',
      currency: 'EUR',
      allow_api: 'yes',
      allow_gui: 'yes',
      roles: { role: ['billing', 'technical'] },
      server_access: { server: [{ uuid: '*', storage: 'yes' }] },
      ip_filters: { ip_filter: [] },
    });
  });

  it('lets a main account read its subaccount, and a subaccount only itself', async () => {
    const sub = accountDetailsEndpoint.response.parse(
      (await details(demoAuth, 'demo_viewer')).json(),
    ).account;
    expect(sub).toMatchObject({ type: 'sub', main_account: 'demo', username: 'demo_viewer' });
    expect((await details(viewerAuth, 'demo_viewer')).statusCode).toBe(200);
    expectProblem(await details(viewerAuth, 'demo'), 403, 'ACCOUNT_FORBIDDEN');
    expectProblem(await details(otherAuth, 'demo'), 403, 'ACCOUNT_FORBIDDEN');
    expectProblem(await details(demoAuth, 'nobody_here'), 404, 'ACCOUNT_NOT_FOUND');
  });
});
