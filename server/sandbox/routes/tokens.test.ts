import { z } from 'zod';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createdTokenSchema,
  panelSignInHeader,
  tokenListResponseSchema,
  tokenSchema,
} from '../../../contract/tokens';
import {
  bearer,
  buildTestServer,
  createToken,
  demoAuth,
  expectProblem,
  manualClock,
  otherAuth,
  panelSignIn,
} from '../testing';
import { sandboxSuite } from './test-helpers';

const start = '2025-03-01T12:00:00.000Z';
const v4TokenId = /^0c[0-9a-f]{6}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const unknownId = '0c000000-0000-4000-8000-000000000000';

const clock = manualClock(start);
const { app } = sandboxSuite({ clock, authFailureLimit: 1_000_000 });

const post = (auth: string, payload: unknown) =>
  app().inject({
    method: 'POST',
    url: '/1.3/account/tokens',
    headers: { authorization: auth },
    payload: payload as object,
  });
/** The panel's own sign-in request: the only one whose `gui: true` makes a panel session. */
const panelPost = (auth: string, payload: unknown) =>
  app().inject({
    method: 'POST',
    url: '/1.3/account/tokens',
    headers: { authorization: auth, [panelSignInHeader]: 'panel' },
    payload: payload as object,
  });
const list = async (auth: string) => {
  const response = await app().inject({
    method: 'GET',
    url: '/1.3/account/tokens',
    headers: { authorization: auth },
  });
  expect(response.statusCode).toBe(200);
  return tokenListResponseSchema.parse(response.json());
};
const getToken = (auth: string, id: string) =>
  app().inject({
    method: 'GET',
    url: `/1.3/account/tokens/${id}`,
    headers: { authorization: auth },
  });
const deleteToken = (auth: string, id: string) =>
  app().inject({
    method: 'DELETE',
    url: `/1.3/account/tokens/${id}`,
    headers: { authorization: auth },
  });
const accountWith = (auth: string) =>
  app().inject({ method: 'GET', url: '/1.3/account', headers: { authorization: auth } });

describe('creating a token', () => {
  it('answers 201 with the record and the secret for expires_in', async () => {
    clock.set(start);
    const response = await post(demoAuth, { name: 'ci deploy', expires_in: '1h30m' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const token = z.strictObject(createdTokenSchema.shape).parse(response.json());
    expect(token).toEqual({
      id: expect.stringMatching(v4TokenId),
      name: 'ci deploy',
      type: 'workspace',
      created_at: '2025-03-01T12:00:00.000Z',
      expires_at: '2025-03-01T13:30:00.000Z',
      can_create_tokens: false,
      allowed_ip_ranges: ['0.0.0.0/0', '::/0'],
      gui: false,
      token: expect.stringMatching(/^ucat_[0-9A-HJKMNP-TV-Z]{26}$/),
    });
    expect(token).not.toHaveProperty('last_used_at');
  });

  it('answers 201 for expires_at, with every flag as given', async () => {
    clock.set(start);
    const response = await panelPost(demoAuth, {
      name: 'pinned',
      expires_at: '2025-06-01T00:00:00+02:00',
      can_create_tokens: true,
      gui: true,
      allowed_ip_ranges: ['192.0.2.0/24', '2001:db8::1', '198.51.100.1-198.51.100.9'],
    });
    expect(response.statusCode).toBe(201);
    expect(createdTokenSchema.parse(response.json())).toMatchObject({
      name: 'pinned',
      created_at: start,
      expires_at: '2025-05-31T22:00:00.000Z',
      can_create_tokens: true,
      gui: true,
      allowed_ip_ranges: ['192.0.2.0/24', '2001:db8::1', '198.51.100.1-198.51.100.9'],
    });
  });

  it('gives each token a distinct id and secret', async () => {
    const tokens = await Promise.all([1, 2, 3].map(() => createToken(app(), demoAuth)));
    expect(new Set(tokens.map((token) => token.id)).size).toBe(3);
    expect(new Set(tokens.map((token) => token.token)).size).toBe(3);
  });

  it('accepts durations up to one year', async () => {
    for (const [expiresIn, ms] of [
      ['15m', 15 * 60_000],
      ['90s', 90_000],
      ['8760h', 8760 * 3_600_000],
    ] as const) {
      clock.set(start);
      const token = await createToken(app(), demoAuth, { expires_in: expiresIn });
      expect(new Date(token.expires_at).getTime() - new Date(start).getTime()).toBe(ms);
    }
  });

  /** A valid create body but for its allowed_ip_ranges. */
  const ranges = (allowed_ip_ranges: unknown) => ({
    name: 'x',
    expires_in: '1h',
    allowed_ip_ranges,
  });

  it.each([
    [
      'both expires_in and expires_at',
      { name: 'x', expires_in: '1h', expires_at: '2025-04-01T00:00:00Z' },
      'EXPIRES_AT_INVALID',
    ],
    ['neither expires_in nor expires_at', { name: 'x' }, 'EXPIRES_IN_MISSING'],
    [
      'expires_at in the past',
      { name: 'x', expires_at: '2025-03-01T11:59:59Z' },
      'EXPIRES_AT_INVALID',
    ],
    ['expires_at now', { name: 'x', expires_at: start }, 'EXPIRES_AT_INVALID'],
    [
      'expires_at more than a year ahead',
      { name: 'x', expires_at: '2026-03-03T12:00:00Z' },
      'EXPIRES_AT_INVALID',
    ],
    ['expires_at not a date', { name: 'x', expires_at: 'next tuesday' }, 'EXPIRES_AT_INVALID'],
    [
      'expires_at without an offset',
      { name: 'x', expires_at: '2025-04-01T00:00:00' },
      'EXPIRES_AT_INVALID',
    ],
    ['a zero duration', { name: 'x', expires_in: '0h' }, 'EXPIRES_IN_INVALID'],
    ['a duration that is no duration', { name: 'x', expires_in: 'abc' }, 'EXPIRES_IN_INVALID'],
    ['a duration over a year', { name: 'x', expires_in: '9000h' }, 'EXPIRES_IN_INVALID'],
    ['a negative duration', { name: 'x', expires_in: '-1h' }, 'EXPIRES_IN_INVALID'],
    ['an empty duration', { name: 'x', expires_in: '' }, 'EXPIRES_IN_INVALID'],
    ['a numeric duration', { name: 'x', expires_in: 3600 }, 'EXPIRES_IN_INVALID'],
    ['no name', { expires_in: '1h' }, 'NAME_MISSING'],
    ['an empty name', { name: '', expires_in: '1h' }, 'NAME_INVALID'],
    ['a blank name', { name: '   ', expires_in: '1h' }, 'NAME_INVALID'],
    ['a name over 1024 characters', { name: 'n'.repeat(1025), expires_in: '1h' }, 'NAME_INVALID'],
    ['a name that is not a string', { name: 7, expires_in: '1h' }, 'NAME_INVALID'],
    ['an unknown attribute', { name: 'x', expires_in: '1h', scope: 'all' }, 'UNKNOWN_ATTRIBUTE'],
    [
      'a flag that is not a boolean',
      { name: 'x', expires_in: '1h', can_create_tokens: 'yes' },
      'CAN_CREATE_TOKENS_INVALID',
    ],
    ['an invalid range', ranges(['10.0.0.300']), 'ALLOWED_IP_RANGES_INVALID'],
    ['a CIDR prefix too long', ranges(['10.0.0.0/33']), 'ALLOWED_IP_RANGES_INVALID'],
    ['a range across families', ranges(['10.0.0.1-::1']), 'ALLOWED_IP_RANGES_INVALID'],
    ['a hostname', ranges(['example.com']), 'ALLOWED_IP_RANGES_INVALID'],
    ['duplicate ranges', ranges(['10.0.0.0/8', '10.0.0.0/8']), 'ALLOWED_IP_RANGES_INVALID'],
    [
      'more than 100 ranges',
      ranges(Array.from({ length: 101 }, (_, i) => `10.0.${i}.0/24`)),
      'ALLOWED_IP_RANGES_INVALID',
    ],
    ['ranges that are not a list', ranges('10.0.0.0/8'), 'ALLOWED_IP_RANGES_INVALID'],
  ])('answers 400 for %s and creates nothing', async (_label, body, code) => {
    clock.set(start);
    const before = (await list(demoAuth)).length;
    const error = expectProblem(await post(demoAuth, body), 400, code);
    expect(error.error_message.length).toBeGreaterThan(10);
    expect(await list(demoAuth)).toHaveLength(before);
  });

  it('names the unknown attribute', async () => {
    const error = expectProblem(
      await post(demoAuth, { name: 'x', expires_in: '1h', colour: 'red' }),
      400,
      'UNKNOWN_ATTRIBUTE',
    );
    expect(error.error_message).toContain('colour');
  });
});

describe('reading tokens', () => {
  it('shows the secret only in the create response', async () => {
    const created = await createToken(app(), demoAuth, { name: 'secret once' });
    const listed = await app().inject({
      method: 'GET',
      url: '/1.3/account/tokens',
      headers: { authorization: demoAuth },
    });
    expect(listed.body).not.toContain(created.token);
    for (const item of listed.json<Record<string, unknown>[]>())
      expect(item).not.toHaveProperty('token');

    const one = await getToken(demoAuth, created.id);
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain(created.token);
    const record = tokenSchema.parse(created);
    expect(record).not.toHaveProperty('token');
    expect(z.strictObject(tokenSchema.shape).parse(one.json())).toEqual(record);
  });

  it('lists only the caller’s own tokens', async () => {
    const mine = await createToken(app(), demoAuth, { name: 'demo’s' });
    const theirs = await createToken(app(), otherAuth, { name: 'other’s' });
    const demoIds = (await list(demoAuth)).map((token) => token.id);
    const otherIds = (await list(otherAuth)).map((token) => token.id);
    expect(demoIds).toContain(mine.id);
    expect(demoIds).not.toContain(theirs.id);
    expect(otherIds).toContain(theirs.id);
    expect(otherIds).not.toContain(mine.id);
  });

  it('lists the tokens oldest first and pages with limit and offset', async () => {
    const freshClock = manualClock(start);
    const fresh = await buildTestServer({ clock: freshClock });
    try {
      const names = ['a', 'b', 'c'];
      for (const name of names) {
        await createToken(fresh, otherAuth, { name });
        freshClock.advance(1000);
      }
      const page = async (query: string) =>
        tokenListResponseSchema
          .parse(
            (
              await fresh.inject({
                url: `/1.3/account/tokens${query}`,
                headers: { authorization: otherAuth },
              })
            ).json(),
          )
          .map((token) => token.name);
      expect(await page('')).toEqual(names);
      expect(await page('?limit=2')).toEqual(['a', 'b']);
      expect(await page('?limit=2&offset=2')).toEqual(['c']);
      expect(await page('?offset=3')).toEqual([]);
      expectProblem(
        await fresh.inject({
          url: '/1.3/account/tokens?limit=0',
          headers: { authorization: otherAuth },
        }),
        400,
        'LIMIT_INVALID',
      );
    } finally {
      await fresh.close();
    }
  });

  it('answers 403 TOKEN_FORBIDDEN for another account’s token, and changes nothing', async () => {
    const theirs = await createToken(app(), otherAuth, { name: 'not yours' });
    const error = expectProblem(await getToken(demoAuth, theirs.id), 403, 'TOKEN_FORBIDDEN');
    expect(error.error_message).toContain(theirs.id);
    expectProblem(await deleteToken(demoAuth, theirs.id), 403, 'TOKEN_FORBIDDEN');
    expect((await getToken(otherAuth, theirs.id)).statusCode).toBe(200);
    expect((await accountWith(bearer(theirs.token))).statusCode).toBe(200);
  });

  it('answers 404 TOKEN_NOT_FOUND for an unknown id', async () => {
    const error = expectProblem(await getToken(demoAuth, unknownId), 404, 'TOKEN_NOT_FOUND');
    expect(error.error_message).toContain(unknownId);
    expectProblem(await deleteToken(demoAuth, unknownId), 404, 'TOKEN_NOT_FOUND');
  });

  it.each([
    ['not-a-uuid'],
    ['0C000000-0000-4000-8000-000000000000'],
    ['0c000000000040008000000000000000'],
    ['0c000000-0000-4000-8000-00000000000'],
  ])('answers 400 TOKEN_INVALID for the malformed id %s', async (id) => {
    expectProblem(await getToken(demoAuth, id), 400, 'TOKEN_INVALID');
    expectProblem(await deleteToken(demoAuth, id), 400, 'TOKEN_INVALID');
  });

  it('records last_used_at once the token has been used', async () => {
    clock.set(start);
    const created = await createToken(app(), demoAuth, { name: 'used' });
    expect((await getToken(demoAuth, created.id)).json()).not.toHaveProperty('last_used_at');

    clock.advance(5 * 60_000);
    expect((await accountWith(bearer(created.token))).statusCode).toBe(200);
    const read = tokenSchema.parse((await getToken(demoAuth, created.id)).json());
    expect(read.last_used_at).toBe('2025-03-01T12:05:00.000Z');
    const listed = (await list(demoAuth)).find((token) => token.id === created.id);
    expect(listed?.last_used_at).toBe('2025-03-01T12:05:00.000Z');
  });
});

describe('deleting a token', () => {
  it('answers 204 and the token no longer authenticates', async () => {
    const created = await createToken(app(), demoAuth, { name: 'doomed' });
    expect((await accountWith(bearer(created.token))).statusCode).toBe(200);

    const response = await deleteToken(demoAuth, created.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expectProblem(await accountWith(bearer(created.token)), 401, 'AUTHENTICATION_FAILED');
    expectProblem(await getToken(demoAuth, created.id), 404, 'TOKEN_NOT_FOUND');
    expect((await list(demoAuth)).map((token) => token.id)).not.toContain(created.id);
  });

  it('lets a token delete itself', async () => {
    const created = await createToken(app(), demoAuth, { name: 'self' });
    expect((await deleteToken(bearer(created.token), created.id)).statusCode).toBe(204);
    expectProblem(await accountWith(bearer(created.token)), 401, 'AUTHENTICATION_FAILED');
  });
});

describe('tokens creating tokens', () => {
  it('refuses a token without can_create_tokens with 403 ACTION_FORBIDDEN and creates nothing', async () => {
    const plain = await createToken(app(), demoAuth, { name: 'plain' });
    const ids = async () => (await list(demoAuth)).map((token) => token.id);
    const before = await ids();
    const response = await post(bearer(plain.token), { name: 'child', expires_in: '1h' });
    expectProblem(response, 403, 'ACTION_FORBIDDEN');
    expect(await ids()).toEqual(before);
  });

  it('lets a token with can_create_tokens create one for the same account', async () => {
    const parent = await createToken(app(), demoAuth, { name: 'parent', can_create_tokens: true });
    const response = await post(bearer(parent.token), { name: 'child', expires_in: '1h' });
    expect(response.statusCode).toBe(201);
    const child = createdTokenSchema.parse(response.json());
    expect((await list(demoAuth)).map((token) => token.id)).toContain(child.id);
    expect((await accountWith(bearer(child.token))).json()).toMatchObject({
      account: { username: 'demo' },
    });
  });
});

describe('persistence', () => {
  it('keeps a token across a restart of a file-backed server', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-tokens-'));
    const database = path.join(dir, 'sandbox.db');
    try {
      const first = await buildTestServer({ database });
      const created = await createToken(first, demoAuth, { name: 'durable' });
      await first.close();

      const second = await buildTestServer({ database });
      try {
        const response = await second.inject({
          url: '/1.3/account',
          headers: { authorization: bearer(created.token) },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ account: { username: 'demo' } });
        const listed = await second.inject({
          url: '/1.3/account/tokens',
          headers: { authorization: demoAuth },
        });
        expect(tokenListResponseSchema.parse(listed.json()).map((token) => token.name)).toEqual([
          'durable',
        ]);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a token made by a token is held to its parent (issue 19 item 7)', () => {
  const parentToken = (body: Record<string, unknown>) =>
    createToken(app(), demoAuth, { name: 'parent', can_create_tokens: true, ...body });
  const idsOf = async () => (await list(demoAuth)).map((token) => token.id);

  it('refuses a child that outlives its parent with 403 TOKEN_EXPIRY_EXCEEDS_PARENT, creating nothing', async () => {
    clock.set(start);
    const parent = await parentToken({ expires_in: '1h' });
    const before = await idsOf();
    expectProblem(
      await post(bearer(parent.token), { name: 'child', expires_in: '8760h' }),
      403,
      'TOKEN_EXPIRY_EXCEEDS_PARENT',
    );
    expectProblem(
      await post(bearer(parent.token), { name: 'child', expires_at: '2025-03-01T13:00:01Z' }),
      403,
      'TOKEN_EXPIRY_EXCEEDS_PARENT',
    );
    expect(await idsOf()).toEqual(before);
    const sameEnd = await post(bearer(parent.token), {
      name: 'child',
      expires_at: '2025-03-01T13:00:00Z',
    });
    expect(sameEnd.statusCode).toBe(201);
  });

  it('refuses ranges outside the parent’s with 403 TOKEN_IP_RANGES_EXCEED_PARENT; inside is fine', async () => {
    clock.set(start);
    const parent = await parentToken({
      allowed_ip_ranges: ['127.0.0.1', '192.0.2.0/25', '192.0.2.128/25', '2001:db8::/32'],
    });
    const before = await idsOf();
    for (const outside of [
      ['0.0.0.0/0', '::/0'],
      ['127.0.0.2'],
      ['192.0.2.0/23'],
      ['198.51.100.1-198.51.100.2'],
      ['2001:db9::1'],
    ]) {
      const response = await post(bearer(parent.token), {
        name: 'wider',
        expires_in: '1h',
        allowed_ip_ranges: outside,
      });
      expectProblem(response, 403, 'TOKEN_IP_RANGES_EXCEED_PARENT');
    }
    expect(await idsOf()).toEqual(before);

    const inside = await post(bearer(parent.token), {
      name: 'narrower',
      expires_in: '1h',
      // 192.0.2.0/24 straddles the parent's two /25 blocks.
      allowed_ip_ranges: ['127.0.0.1', '192.0.2.0/24', '192.0.2.10-192.0.2.200', '2001:db8:1::/48'],
    });
    expect(inside.statusCode).toBe(201);
    const inherited = createdTokenSchema.parse(
      (await post(bearer(parent.token), { name: 'default', expires_in: '1h' })).json(),
    );
    expect(inherited.allowed_ip_ranges).toEqual(parent.allowed_ip_ranges);
  });

  it('the issue’s case: a one-address, one-hour token cannot mint a one-year child usable anywhere', async () => {
    clock.set(start);
    const parent = await parentToken({ expires_in: '1h', allowed_ip_ranges: ['127.0.0.1'] });
    const response = await post(bearer(parent.token), {
      name: 'escape',
      expires_in: '8760h',
      allowed_ip_ranges: ['0.0.0.0/0', '::/0'],
    });
    expect(response.statusCode).toBe(403);
  });

  it('a password session (Basic or the panel’s session) is not held to any parent', async () => {
    clock.set(start);
    const session = await panelSignIn(app(), demoAuth, { can_create_tokens: true });
    const response = await post(bearer(session.token), { name: 'long', expires_in: '8760h' });
    expect(response.statusCode).toBe(201);
    expect(createdTokenSchema.parse(response.json()).allowed_ip_ranges).toEqual([
      '0.0.0.0/0',
      '::/0',
    ]);
  });
});

describe('deleting other tokens needs the right to make tokens (issue 19 item 7)', () => {
  it('a restricted token cannot delete another token: 403 TOKEN_DELETE_FORBIDDEN, nothing deleted', async () => {
    const restricted = await createToken(app(), demoAuth, { name: 'restricted' });
    const victim = await createToken(app(), demoAuth, { name: 'victim' });
    expectProblem(
      await deleteToken(bearer(restricted.token), victim.id),
      403,
      'TOKEN_DELETE_FORBIDDEN',
    );
    expect((await getToken(demoAuth, victim.id)).statusCode).toBe(200);
    expect((await accountWith(bearer(victim.token))).statusCode).toBe(200);
  });

  it('a token with can_create_tokens, Basic and a panel session may delete other tokens', async () => {
    const manager = await createToken(app(), demoAuth, { name: 'm', can_create_tokens: true });
    const session = await panelSignIn(app(), demoAuth);
    for (const auth of [bearer(manager.token), demoAuth, bearer(session.token)]) {
      const victim = await createToken(app(), demoAuth, { name: 'victim' });
      expect((await deleteToken(auth, victim.id)).statusCode).toBe(204);
    }
  });
});

describe('only the panel’s own sign-in makes a panel session (issue 19 item 8)', () => {
  const auditRows = () =>
    app()
      .sandbox!.db.prepare(
        "SELECT action, origin, auth_type, resource_id FROM audit_logs WHERE resource_type = 'auth'",
      )
      .all() as { action: string; origin: string; auth_type: string; resource_id: string }[];

  it('an API client sending gui: true gets an ordinary token, audited as a token creation', async () => {
    const response = await post(demoAuth, { name: 'fake panel', expires_in: '8h', gui: true });
    expect(response.statusCode).toBe(201);
    const token = createdTokenSchema.parse(response.json());
    expect(token.gui).toBe(false);
    expect(auditRows().filter((row) => row.resource_id === token.id)).toEqual([
      { action: 'create', origin: 'api', auth_type: 'basic_auth', resource_id: token.id },
    ]);
    // Changes made with it are the API's, not the panel's.
    await deleteToken(bearer(token.token), token.id);
    expect(
      auditRows()
        .filter((row) => row.resource_id === token.id)
        .at(-1),
    ).toMatchObject({
      action: 'delete',
      origin: 'api',
      auth_type: 'api',
    });
  });

  it('a token with can_create_tokens sending the panel’s marker still makes no panel session', async () => {
    const parent = await createToken(app(), demoAuth, { name: 'p', can_create_tokens: true });
    const response = await panelPost(bearer(parent.token), {
      name: 'fake panel',
      expires_in: '1h',
      gui: true,
    });
    expect(response.statusCode).toBe(201);
    const token = createdTokenSchema.parse(response.json());
    expect(token.gui).toBe(false);
    expect(auditRows().filter((row) => row.resource_id === token.id)[0]?.action).toBe('create');
  });

  it('the panel’s password sign-in is audited as a login from the gui', async () => {
    const session = await panelSignIn(app(), demoAuth);
    expect(session.gui).toBe(true);
    expect(auditRows().filter((row) => row.resource_id === session.id)).toEqual([
      { action: 'login', origin: 'gui', auth_type: 'basic_auth', resource_id: session.id },
    ]);
  });
});
describe('active token cap', () => {
  it('refuses a 101st unexpired API token with 409 TOKEN_LIMIT_REACHED, and counts no expired one', async () => {
    const capClock = manualClock(start);
    const capped = await buildTestServer({ clock: capClock });
    try {
      const created = async (fields: Record<string, unknown>) =>
        capped.inject({
          method: 'POST',
          url: '/1.3/account/tokens',
          headers: { authorization: otherAuth },
          payload: { name: 'cap', expires_in: '1h', ...fields },
        });
      const first = await created({ expires_in: '1h' });
      expect(first.statusCode).toBe(201);
      for (let count = 2; count <= 100; count += 1) {
        expect((await created({ expires_in: '24h' })).statusCode).toBe(201);
      }
      expectProblem(await created({}), 409, 'TOKEN_LIMIT_REACHED');
      // Another account's budget is its own; a panel session is counted apart.
      expect((await createToken(capped, demoAuth)).token).toMatch(/^ucat_/);
      expect((await panelSignIn(capped, otherAuth)).token).toMatch(/^ucat_/);

      capClock.advance(3_600_001);
      expect((await created({})).statusCode).toBe(201);
      expectProblem(await created({}), 409, 'TOKEN_LIMIT_REACHED');
    } finally {
      await capped.close();
    }
  });
});
