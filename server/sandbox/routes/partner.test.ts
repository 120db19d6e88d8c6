import { describe, expect, it } from 'vitest';
import { accountResponseSchema } from '../../../contract/account';
import { billingSummarySchema } from '../../../contract/billing';
import { partnerAccountListSchema, partnerAccountSchema } from '../../../contract/partner';
import {
  basicAuth,
  buildTestServer,
  demoAuth,
  expectProblem,
  manualClock,
  otherAuth,
  partnerAuth,
  viewerAuth,
} from '../testing';
import { sandboxSuite } from './test-helpers';

const clock = manualClock('2026-03-10T08:00:00.000Z');
const { app, callAs: call } = sandboxSuite({ clock });
/** POST /1.3/partner/accounts as the partner. */
const createAccount = (payload: unknown) =>
  call('POST', '/1.3/partner/accounts', partnerAuth, payload);

const contact = {
  first_name: 'Test',
  last_name: 'User',
  country: 'FIN',
  email: 'test@myhost.mydomain',
  phone: '+358.31245434',
};

let serial = 0;
/** A body that is valid except for what `change` does to it; each gets an unused username. */
function body(change: (draft: Record<string, unknown>) => void = () => undefined) {
  serial += 1;
  const draft: Record<string, unknown> = {
    username: `customer_${serial}`,
    password: 'superSecret123',
    contact_details: { ...contact },
  };
  change(draft);
  return draft;
}
const setContact = (field: string, value: unknown) => (draft: Record<string, unknown>) => {
  (draft.contact_details as Record<string, unknown>)[field] = value;
};
const dropContact = (field: string) => (draft: Record<string, unknown>) => {
  delete (draft.contact_details as Record<string, unknown>)[field];
};

describe('partner account creation: every error code of api-rules §7.4', () => {
  const cases: [string, (draft: Record<string, unknown>) => void][] = [
    ['USERNAME_MISSING', (draft) => delete draft.username],
    ['USERNAME_INVALID', (draft) => void (draft.username = 'abc')],
    ['USERNAME_INVALID', (draft) => void (draft.username = 'a'.repeat(65))],
    ['USERNAME_INVALID', (draft) => void (draft.username = 'Bad_Name')],
    ['USERNAME_INVALID', (draft) => void (draft.username = 'double__underscore')],
    ['PASSWORD_MISSING', (draft) => delete draft.password],
    ['PASSWORD_INVALID', (draft) => void (draft.password = 'Sh0rt')],
    ['PASSWORD_INVALID', (draft) => void (draft.password = 'nouppercase123')],
    ['PASSWORD_INVALID', (draft) => void (draft.password = 'NoDigitsHere')],
    ['PASSWORD_INVALID', (draft) => void (draft.password = `Aa1${'x'.repeat(254)}`)],
    ['FIRST_NAME_MISSING', dropContact('first_name')],
    ['FIRST_NAME_INVALID', setContact('first_name', 'x'.repeat(51))],
    ['LAST_NAME_MISSING', dropContact('last_name')],
    ['LAST_NAME_INVALID', setContact('last_name', '')],
    ['COMPANY_INVALID', setContact('company', 'c'.repeat(101))],
    ['ADDRESS_INVALID', setContact('address', 'line 1\nline 2\nline 3')],
    ['ADDRESS_INVALID', setContact('address', `${'a'.repeat(101)}`)],
    ['POSTAL_CODE_INVALID', setContact('postal_code', '1'.repeat(21))],
    ['CITY_INVALID', setContact('city', 'c'.repeat(101))],
    ['STATE_MISSING', setContact('country', 'USA')],
    [
      'STATE_INVALID',
      (draft) => {
        setContact('country', 'USA')(draft);
        setContact('state', 'ZZ')(draft);
      },
    ],
    ['COUNTRY_MISSING', dropContact('country')],
    ['COUNTRY_INVALID', setContact('country', 'FI')],
    ['COUNTRY_INVALID', setContact('country', 'XYZ')],
    ['PHONE_MISSING', dropContact('phone')],
    ['PHONE_INVALID', setContact('phone', '+35831245434')],
    ['PHONE_INVALID', setContact('phone', '0401234567')],
    ['EMAIL_MISSING', dropContact('email')],
    ['EMAIL_INVALID', setContact('email', 'not-an-address')],
    ['VAT_NUMBER_INVALID', setContact('vat_number', 'FI1234')],
  ];

  it.each(cases)('answers 400 %s', async (code, change) => {
    const before = (await call('GET', '/1.3/partner/accounts', partnerAuth)).json<unknown[]>();
    const response = await createAccount(body(change));
    expectProblem(response, 400, code);
    const after = (await call('GET', '/1.3/partner/accounts', partnerAuth)).json<unknown[]>();
    expect(after).toHaveLength(before.length);
  });

  it('answers 409 ACCOUNT_EXISTS for a username in use, a partner customer’s or anyone’s', async () => {
    const first = body();
    expect((await createAccount(first)).statusCode).toBe(201);
    expectProblem(await createAccount({ ...first }), 409, 'ACCOUNT_EXISTS');
    expectProblem(await createAccount(body((d) => (d.username = 'demo'))), 409, 'ACCOUNT_EXISTS');
  });

  it('answers UNKNOWN_ATTRIBUTE and REQUEST_INVALID for bodies it cannot use', async () => {
    expectProblem(await createAccount(body((d) => (d.currency = 'EUR'))), 400, 'UNKNOWN_ATTRIBUTE');
    const malformed = await app().inject({
      method: 'POST',
      url: '/1.3/partner/accounts',
      headers: { authorization: partnerAuth, 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expectProblem(malformed, 400, 'REQUEST_INVALID');
  });
});

describe('partner account creation: valid bodies', () => {
  it('copies the partner’s contact details when none are given (the recorded exchange)', async () => {
    const response = await createAccount({
      username: 'copied_contact',
      password: 'superSecret123',
    });
    expect(response.statusCode).toBe(201);
    expect(partnerAccountSchema.parse(response.json())).toEqual({
      username: 'copied_contact',
      first_name: 'Paula',
      last_name: 'Partner',
      company: 'Partner Cloud Ltd',
      address: '',
      postal_code: '',
      city: 'London',
      state: '',
      country: 'GBR',
      phone: '+44.2071234567',
      email: 'paula.partner@example.com',
      vat_number: '',
    });
  });

  it('returns unset optional contact fields as empty strings', async () => {
    const response = await createAccount({
      username: 'sdk_test_partner_account',
      password: 'superSecret123',
      contact_details: contact,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      username: 'sdk_test_partner_account',
      ...contact,
      company: '',
      address: '',
      postal_code: '',
      city: '',
      state: '',
      vat_number: '',
    });
  });

  it('accepts a U.S. contact with a state and every optional field', async () => {
    const full = {
      first_name: 'Sam',
      last_name: 'Smith',
      company: 'Smith Hosting Inc',
      address: '1 Main Street\nSuite 200',
      postal_code: '94105',
      city: 'San Francisco',
      state: 'CA',
      country: 'USA',
      phone: '+1.4155550100',
      email: 'sam@smith.example.com',
      vat_number: '12-3456789',
    };
    const response = await createAccount({
      username: 'smith_hosting',
      password: 'superSecret123',
      contact_details: full,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ username: 'smith_hosting', ...full });
  });

  it('accepts a VAT number in the country’s own format', async () => {
    const response = await createAccount(
      body((draft) => setContact('vat_number', 'FI12345678')(draft)),
    );
    expect(response.statusCode).toBe(201);
    expect(partnerAccountSchema.parse(response.json()).vat_number).toBe('FI12345678');
  });

  it('speaks XML both ways', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/1.3/partner/accounts',
      headers: {
        authorization: partnerAuth,
        'content-type': 'application/xml',
        accept: 'application/xml',
      },
      payload:
        '<account><username>xml_customer</username><password>superSecret123</password>' +
        '<contact_details><first_name>Xena</first_name><last_name>Xml</last_name>' +
        '<country>FIN</country><phone>+358.401234567</phone><email>x@example.com</email>' +
        '</contact_details></account>',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toContain(
      '<account><username>xml_customer</username><first_name>Xena</first_name>',
    );
    expect(response.body).toContain('<company/>');
  });

  it('lists the partner’s accounts as a plain array of records, with an audit row each', async () => {
    const response = await call('GET', '/1.3/partner/accounts', partnerAuth);
    expect(response.statusCode).toBe(200);
    const list = partnerAccountListSchema.parse(response.json());
    expect(list.map((item) => item.username)).toEqual(
      expect.arrayContaining(['copied_contact', 'sdk_test_partner_account', 'smith_hosting']),
    );
    const rows = app()
      .sandbox!.db.prepare(
        "SELECT account_username, current_state FROM audit_logs WHERE resource_sub_type = 'partner-account'",
      )
      .all() as { account_username: string; current_state: string }[];
    expect(rows.map((row) => JSON.parse(row.current_state).username).sort()).toEqual(
      list.map((item) => item.username).sort(),
    );
    expect(rows.every((row) => row.account_username === 'partner')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('superSecret123');
  });
});

describe('a created account', () => {
  const auth = basicAuth('smith_hosting', 'superSecret123');

  it('signs in with Basic as a main account of its own', async () => {
    const account = await call('GET', '/1.3/account', auth);
    expect(account.statusCode).toBe(200);
    expect(accountResponseSchema.parse(account.json()).account.username).toBe('smith_hosting');
    expect(account.json().account.partner).toBeUndefined();
    expect((await call('GET', '/1.3/server', auth)).json()).toEqual({ servers: { server: [] } });
    const list = await call('GET', '/1.3/account/list', auth);
    expect(list.json().accounts.account).toEqual([
      expect.objectContaining({ type: 'main', username: 'smith_hosting' }),
    ]);
    expectProblem(await call('GET', '/1.3/partner/accounts', auth), 403, 'ACCOUNT_FORBIDDEN');
  });

  it('has its bill read by the partner with username=, and by no one else', async () => {
    const created = await call('POST', '/1.3/storage', auth, {
      storage: { zone: 'fi-hel1', size: 10, title: 'customer disk' },
    });
    expect(created.statusCode).toBe(201);
    clock.advance(3 * 3_600_000);
    const bill = await call(
      'GET',
      '/1.3/account/billing/summary/2026-03?username=smith_hosting',
      partnerAuth,
    );
    expect(bill.statusCode).toBe(200);
    const summary = billingSummarySchema.parse(bill.json());
    expect(summary.total_amount).toBeGreaterThan(0);
    expect(summary.storages?.storage?.resources).toEqual([
      expect.objectContaining({ resource_id: created.json().storage.uuid, hours: 3 }),
    ]);
    const own = billingSummarySchema.parse(
      (await call('GET', '/1.3/account/billing/summary/2026-03', auth)).json(),
    );
    expect(own.total_amount).toBe(summary.total_amount);
    expectProblem(
      await call('GET', '/1.3/account/billing/summary/2026-03?username=smith_hosting', demoAuth),
      403,
      'ACCOUNT_FORBIDDEN',
    );
  });
});

describe('partner operations for partners only', () => {
  it.each([
    ['demo', demoAuth],
    ['demo_viewer', viewerAuth],
    ['other', otherAuth],
  ])('refuses %s with 403', async (_name, auth) => {
    expectProblem(await call('GET', '/1.3/partner/accounts', auth), 403, 'ACCOUNT_FORBIDDEN');
    expectProblem(
      await call('POST', '/1.3/partner/accounts', auth, body()),
      403,
      'ACCOUNT_FORBIDDEN',
    );
  });

  it('tells the partner its cap and count on the account record', async () => {
    const account = accountResponseSchema.parse(
      (await call('GET', '/1.3/account', partnerAuth)).json(),
    ).account;
    const listed = (await call('GET', '/1.3/partner/accounts', partnerAuth)).json<unknown[]>();
    expect(account.partner).toEqual({
      account_creation_limit: 25,
      accounts_created: listed.length,
    });
    expect(
      accountResponseSchema.parse((await call('GET', '/1.3/account', demoAuth)).json()).account
        .partner,
    ).toBeUndefined();
  });
});

describe('the creation cap', () => {
  it('answers 403 ACCOUNT_CREATION_LIMIT_REACHED once the partner has created its 25', async () => {
    const capped = await buildTestServer();
    try {
      const post = (username: string) =>
        capped.inject({
          method: 'POST',
          url: '/1.3/partner/accounts',
          headers: { authorization: partnerAuth },
          payload: { username, password: 'superSecret123' },
        });
      for (let index = 0; index < 25; index += 1) {
        expect((await post(`cap_customer_${index}`)).statusCode).toBe(201);
      }
      expectProblem(await post('one_too_many'), 403, 'ACCOUNT_CREATION_LIMIT_REACHED');
      const list = await capped.inject({
        method: 'GET',
        url: '/1.3/partner/accounts',
        headers: { authorization: partnerAuth },
      });
      expect(list.json()).toHaveLength(25);
      expect(capped.sandbox!.accounts.findByUsername('one_too_many')).toBeUndefined();
    } finally {
      await capped.close();
    }
  });
});
