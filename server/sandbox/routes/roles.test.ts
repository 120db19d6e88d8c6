import { describe, expect, it } from 'vitest';
import { accountResponseSchema } from '../../../contract/account';
import { auditLogListResponseSchema } from '../../../contract/audit-log';
import {
  basicAuth,
  bearer,
  createToken,
  demoAuth,
  expectProblem,
  manualClock,
  panelSignIn,
  viewerAuth,
} from '../testing';
import { sandboxSuite, subAccountBody } from './test-helpers';

const clock = manualClock('2026-03-01T12:00:00.000Z');
const { app, callAs } = sandboxSuite({ clock });

const rita = { first_name: 'Rita', last_name: 'Roles', email: 'rita@example.com' };
const subAccount = (username: string, fields: Record<string, unknown> = {}) =>
  subAccountBody({ username, ...rita }, fields);

const range = 'from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z';

describe('roles (issue 19 item 11)', () => {
  it('allow_gui "no" refuses the panel’s sign-in with 403 GUI_ACCESS_DISABLED; the API stays open', async () => {
    expect(
      (
        await callAs(
          'POST',
          '/1.3/account/sub',
          demoAuth,
          subAccount('api_only', { allow_gui: 'no' }),
        )
      ).statusCode,
    ).toBe(204);
    const auth = basicAuth('api_only', 'mySecr3tPassword');
    const refused = await app().inject({
      method: 'POST',
      url: '/1.3/account/tokens',
      headers: { authorization: auth, 'x-skydeck-sign-in': 'panel' },
      payload: { name: 'Skydeck panel session', expires_in: '8h', gui: true },
    });
    expectProblem(refused, 403, 'GUI_ACCESS_DISABLED');
    expect((await callAs('GET', '/1.3/account', auth)).statusCode).toBe(200);
    expect((await createToken(app(), auth, { name: 'api use' })).gui).toBe(false);
  });

  it('a subaccount without the billing role sees neither credits nor network usage', async () => {
    const { account } = accountResponseSchema.parse(
      (await callAs('GET', '/1.3/account', viewerAuth)).json(),
    );
    expect(account).not.toHaveProperty('credits');
    expect(account.username).toBe('demo_viewer');
    for (const url of [
      '/1.3/account/current_network_usage',
      `/1.3/account/network_usage?${range}`,
      `/1.3/account/resource_network_usage?${range}`,
      `/1.3/account/network_top_usage?${range}`,
    ]) {
      expectProblem(await callAs('GET', url, viewerAuth), 403, 'BILLING_FORBIDDEN');
      expect((await callAs('GET', url, demoAuth)).statusCode, url).toBe(200);
    }
    const main = accountResponseSchema.parse(
      (await callAs('GET', '/1.3/account', demoAuth)).json(),
    );
    expect(main.account.credits).toEqual(expect.any(Number));
  });

  it('a subaccount with the billing role sees them', async () => {
    await callAs(
      'POST',
      '/1.3/account/sub',
      demoAuth,
      subAccount('money_user', { roles: { role: ['billing'] } }),
    );
    const auth = basicAuth('money_user', 'mySecr3tPassword');
    const { account } = accountResponseSchema.parse(
      (await callAs('GET', '/1.3/account', auth)).json(),
    );
    expect(account.credits).toEqual(expect.any(Number));
    expect((await callAs('GET', '/1.3/account/current_network_usage', auth)).statusCode).toBe(200);
  });

  it('a new subaccount reusing a deleted one’s username does not see the old one’s audit rows', async () => {
    await callAs('POST', '/1.3/account/sub', demoAuth, subAccount('reused_name'));
    const auth = basicAuth('reused_name', 'mySecr3tPassword');
    const old = await panelSignIn(app(), auth);
    const rowsOf = async (who: string) =>
      auditLogListResponseSchema.parse((await callAs('GET', '/1.3/audit-logs', who)).json())
        .audit_logs;
    const oldRows = await rowsOf(bearer(old.token));
    expect(oldRows.length).toBeGreaterThan(0);
    const oldIds = oldRows.map((row) => row.cloud_event_id);
    expect((await callAs('DELETE', '/1.3/account/sub/reused_name', demoAuth)).statusCode).toBe(204);

    clock.advance(60_000);
    await callAs('POST', '/1.3/account/sub', demoAuth, subAccount('reused_name'));
    const seen = await rowsOf(auth);
    expect(seen.map((row) => row.cloud_event_id)).not.toEqual(expect.arrayContaining([oldIds[0]]));
    expect(seen).toEqual([]);
    expectProblem(await callAs('GET', `/1.3/audit-logs/${oldIds[0]}`, auth), 403, 'FORBIDDEN');
    // The main account still sees them.
    const mainIds = (await rowsOf(demoAuth)).map((row) => row.cloud_event_id);
    expect(mainIds).toEqual(expect.arrayContaining(oldIds));
  });
});
