import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountListResponseSchema } from '../../../contract/account';
import type { SkydeckServer } from '../../app';
import { buildTestServer, demoAuth, expectProblem } from '../testing';

let app: SkydeckServer;
beforeAll(async () => {
  app = await buildTestServer();
  const created = await app.inject({
    method: 'POST',
    url: '/1.3/account/sub',
    headers: { authorization: demoAuth },
    payload: {
      sub_account: {
        username: 'label_user',
        password: 'mySecr3tPassword',
        first_name: 'Lea',
        last_name: 'Label',
        email: 'lea@example.com',
        phone: '+358.31245434',
        country: 'FIN',
        language: 'en',
        timezone: 'UTC',
        roles: { role: ['technical'] },
        labels: [{ key: 'Team', value: 'Ops' }],
      },
    },
  });
  expect(created.statusCode).toBe(204);
});
afterAll(() => app.close());

const listed = async (query: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `/1.3/account/list?${query}`,
    headers: { authorization: demoAuth },
  });
  expect(response.statusCode).toBe(200);
  return accountListResponseSchema.parse(response.json()).accounts.account.map((a) => a.username);
};

describe('GET /1.3/account/list?label=', () => {
  it('compares label keys without case and values exactly, like every other list', async () => {
    expect(await listed('label=team')).toEqual(['label_user']);
    expect(await listed('label=TEAM=Ops')).toEqual(['label_user']);
    expect(await listed('label=team=ops')).toEqual([]);
    expect(await listed('label=team&label=other')).toEqual([]);
  });

  it('refuses a filter key starting with an underscore, like every other list', async () => {
    expectProblem(
      await app.inject({
        method: 'GET',
        url: '/1.3/account/list?label=_team',
        headers: { authorization: demoAuth },
      }),
      400,
      'INVALID_LABEL_KEY',
    );
  });
});
