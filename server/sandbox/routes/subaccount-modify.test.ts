import { describe, expect, it } from 'vitest';
import { accountListResponseSchema } from '../../../contract/account';
import { basicAuth, demoAuth, expectProblem, otherAuth, viewerAuth } from '../testing';
import { goSdkSubAccountBody, sandboxSuite } from './test-helpers';

/**
 * Subaccounts as UpCloud's Go SDK writes them (issue 18, item 4): `CreateSubaccount` with an empty
 * role list marshalled as `"roles":{"role":null}`, and `ModifySubaccount` (PUT), which always
 * sends `state` and `vat_number`, blank or not.
 */

const { app, call, audited } = sandboxSuite();

const rolesOf = async (username: string) => {
  const { accounts } = accountListResponseSchema.parse(
    (await call('GET', '/1.3/account/list')).json(),
  );
  return accounts.account.find((account) => account.username === username)?.roles.role;
};

const rowOf = (username: string) =>
  app()
    .sandbox!.db.prepare(
      'SELECT allow_api, allow_gui, currency, contact, permissions FROM accounts WHERE username = ?',
    )
    .get(username) as {
    allow_api: number;
    allow_gui: number;
    currency: string;
    contact: string;
    permissions: string;
  };

describe('subaccount create and modify as the Go SDK sends them', () => {
  it('creates a subaccount with a null role list and modifies its details and permissions', async () => {
    const created = await call(
      'POST',
      '/1.3/account/sub',
      goSdkSubAccountBody('sdk_sub', 'test@example.com', {
        server_access: { server: [{ uuid: '*', storage: 'yes' }] },
        storage_access: { storage: ['*'] },
        ip_filters: { ip_filter: ['127.0.0.1'] },
      }),
    );
    expect({ status: created.statusCode, body: created.body }).toEqual({ status: 204, body: '' });
    expect(await rolesOf('sdk_sub')).toEqual([]);

    const modified = await audited(1, () =>
      call('PUT', '/1.3/account/sub/sdk_sub', {
        account: {
          first_name: 'User',
          last_name: 'Test',
          city: 'New York',
          email: 'test@example.org',
          state: 'New York',
          country: 'USA',
          currency: 'USD',
          language: 'en',
          vat_number: '',
          timezone: 'Europe/Helsinki',
          allow_api: 'no',
          allow_gui: 'yes',
          tag_access: { tag: [] },
          roles: { role: ['billing'] },
          server_access: { server: [] },
          storage_access: { storage: [] },
          network_access: { network: [] },
          ip_filters: { ip_filter: ['127.0.0.3'] },
        },
      }),
    );
    expect({ status: modified.statusCode, body: modified.body }).toEqual({ status: 204, body: '' });
    expect(await rolesOf('sdk_sub')).toEqual(['billing']);
    const row = rowOf('sdk_sub');
    expect(row).toMatchObject({ allow_api: 0, allow_gui: 1, currency: 'USD' });
    expect(JSON.parse(row.contact)).toMatchObject({
      first_name: 'User',
      city: 'New York',
      state: 'New York',
      country: 'USA',
      company: 'Example Ltd',
      timezone: 'Europe/Helsinki',
    });
    expect(JSON.parse(row.permissions)).toEqual({
      tag_access: { tag: [] },
      server_access: { server: [] },
      storage_access: { storage: [] },
      network_access: { network: [] },
      ip_filters: { ip_filter: ['127.0.0.3'] },
    });
    // allow_api off: the subaccount cannot sign in to the API any more.
    expect(
      (await call('GET', '/1.3/account', undefined, basicAuth('sdk_sub', 'mySecr3tPassword')))
        .statusCode,
    ).toBe(401);
  });

  it('answers 404, 403 and 400 as the other subaccount paths do', async () => {
    expectProblem(
      await call('PUT', '/1.3/account/sub/nobody_here', { account: { city: 'X' } }),
      404,
      'ACCOUNT_NOT_FOUND',
    );
    expectProblem(
      await call('PUT', '/1.3/account/sub/demo_viewer', { account: { city: 'X' } }, otherAuth),
      403,
      'ACCOUNT_FORBIDDEN',
    );
    expectProblem(
      await call('PUT', '/1.3/account/sub/demo_viewer', { account: { city: 'X' } }, viewerAuth),
      403,
      'ACCOUNT_FORBIDDEN',
    );
    expectProblem(
      await call('PUT', '/1.3/account/sub/demo_viewer', { account: { colour: 'red' } }, demoAuth),
      400,
      'UNKNOWN_ATTRIBUTE',
    );
    expectProblem(
      await call('PUT', '/1.3/account/sub/demo_viewer', { account: { allow_api: 'maybe' } }),
      400,
      'ALLOW_API_INVALID',
    );
  });
});
