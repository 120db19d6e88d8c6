import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiErrorBodySchema } from '../../contract/common';
import type { CreatedToken } from '../../contract/tokens';
import { createdTokenSchema, panelSignInHeader } from '../../contract/tokens';
import type { ServerOptions, SkydeckServer } from '../app';
import { buildServer } from '../app';
import type { Clock } from './clock';
import { lowestPasswordCost } from './credentials';
import { answersProblemDetails } from './http/problem';
import { demoUsers } from './seed';
import { migrations } from './store/migrations';

/** Test helpers for the server suite; never imported by production code. */

export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export const bearer = (secret: string) => `Bearer ${secret}`;

export const demoAuth = basicAuth('demo', demoUsers.demo);
export const viewerAuth = basicAuth('demo_viewer', demoUsers.demo_viewer);
export const otherAuth = basicAuth('other', demoUsers.other);
export const partnerAuth = basicAuth('partner', demoUsers.partner);

/** The smallest server plan, first in GET /1.3/plan, with its numbers as numbers. */
export const smallestPlan = {
  name: '1xCPU-1GB',
  core_number: 1,
  memory_amount: 1024,
  public_traffic_out: 1024,
  storage_size: 25,
  storage_tier: 'maxiops',
};

/**
 * A fresh seeded sandbox on a private in-memory database, whose every answer is checked against
 * its endpoint's response schema.
 */
export const buildTestServer = (options: ServerOptions = {}) =>
  buildServer({
    database: ':memory:',
    checkAnswers: true,
    // Every seeded account and password check pays it; no rule under test depends on it (the
    // default cost has its own test in http/auth.test.ts).
    passwordCost: lowestPasswordCost,
    ...options,
  });

/**
 * A seeded sandbox listening on a real socket for a test file's life, on a manual clock set at
 * `start`: `request` sends one request with `headers` (a body as JSON) and answers the status and
 * the parsed JSON (undefined for an empty answer); `app()` is the started sandbox.
 */
export function startedTestServer(start: string) {
  const clock = manualClock(start);
  let app: SkydeckServer | undefined;
  let base = '';
  beforeAll(async () => {
    app = await buildTestServer({ clock, authFailureLimit: 1_000_000 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app?.close());
  async function request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : undefined) as unknown };
  }
  const started = () => {
    if (!app) throw new Error('the sandbox starts in beforeAll');
    return app;
  };
  return { clock, request, app: started };
}

export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(at: Date | string): void;
}

/** A clock that stands still until the test moves it. */
export function manualClock(start: Date | string = '2025-03-01T12:00:00.000Z'): ManualClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => void (now += ms),
    set: (at) => void (now = new Date(at).getTime()),
  };
}

/**
 * Builds a sandbox over a database file left at migration `version`, holding one old account (id
 * 7, `old`) and what `fill` adds; `check` runs against that sandbox, which has migrated the file
 * to the newest version. The file is removed afterwards.
 */
export async function withOldDatabase(
  version: number,
  fill: (old: Database.Database) => void,
  check: (app: SkydeckServer) => void | Promise<void>,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-migration-'));
  const database = path.join(dir, 'sandbox.db');
  try {
    const old = new Database(database);
    // A scratch file: no need to wait for the disk after each of the old migrations' statements
    // (they took seconds).
    old.pragma('synchronous = OFF');
    old.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
    );
    for (const migration of migrations.filter((item) => item.version <= version)) {
      old.exec(migration.sql);
      old.prepare('INSERT INTO schema_migrations VALUES (?, ?)').run(migration.version, 'then');
    }
    old
      .prepare(
        "INSERT INTO accounts (id, username, password_hash, type, created_at) VALUES (7, 'old', 'x', 'main', 'then')",
      )
      .run();
    fill(old);
    old.close();

    // The seed hashes the demo passwords at the lowest cost, as in buildTestServer: at the default
    // cost they took seconds of a busy machine.
    const app = await buildServer({ database, passwordCost: lowestPasswordCost });
    try {
      await check(app);
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** POSTs a token create and answers the created token (which holds the secret). */
async function postToken(
  app: SkydeckServer,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
  what: string,
): Promise<CreatedToken> {
  const response = await app.inject({
    method: 'POST',
    url: '/1.3/account/tokens',
    headers,
    payload,
  });
  if (response.statusCode !== 201) {
    throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
  }
  return createdTokenSchema.parse(response.json());
}

/** The panel's own sign-in (src/auth/sign-in.ts): a password exchanged for a panel session token. */
export const panelSignIn = (app: SkydeckServer, auth: string, body: Record<string, unknown> = {}) =>
  postToken(
    app,
    { authorization: auth, [panelSignInHeader]: 'panel' },
    { name: 'Skydeck panel session', expires_in: '8h', gui: true, ...body },
    'a panel sign-in',
  );

/** Creates an API token through the API and returns the create response (which holds the secret). */
export const createToken = (app: SkydeckServer, auth: string, body: Record<string, unknown> = {}) =>
  postToken(
    app,
    { authorization: auth },
    { name: 'test token', expires_in: '24h', ...body },
    'creating a token',
  );

/**
 * The spec's error object of an error answer, after checking what else the body holds: nothing
 * on classic paths; on the newer services' paths the RFC 7807 fields (api-reference-notes §1.4), agreeing
 * with the error object and the status.
 */
export function errorObjectOf(response: LightMyRequestResponse): { error: unknown } {
  const { error, ...problemFields } = response.json<Record<string, unknown>>();
  const legacy = (error ?? {}) as { error_code?: string; error_message?: string };
  if (answersProblemDetails(response.raw.req.url ?? '')) {
    expect(problemFields).toEqual({
      type: `https://developers.upcloud.com/1.3/errors#ERROR_${legacy.error_code}`,
      title: expect.any(String),
      detail: legacy.error_message,
      status: response.statusCode,
      correlation_id: expect.any(String),
      ...('invalid_params' in problemFields
        ? {
            invalid_params: expect.arrayContaining([
              { name: expect.any(String), reason: expect.any(String) },
            ]),
          }
        : {}),
    });
  } else {
    expect(problemFields).toEqual({});
  }
  return { error };
}

/**
 * Asserts the spec's error answer (api-rules §2.3, §7): the status, a JSON body whose error object is
 * exactly `{"error":{"error_code","error_message"}}` with the given code and a non-empty message
 * (plus, on the newer services' paths only, the RFC 7807 fields; see errorObjectOf).
 */
export function expectProblem(response: LightMyRequestResponse, status: number, code: string) {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  expect(response.headers['content-type']).toMatch(/^application\/json\b/);
  const body = errorObjectOf(response);
  expect(body).toEqual({ error: { error_code: code, error_message: expect.any(String) } });
  const { error } = apiErrorBodySchema.parse(body);
  expect(error.error_message.length).toBeGreaterThan(0);
  return error;
}

export interface UpstreamHit {
  method: string;
  url: string;
  authorization: string | null;
  cookie: string | null;
  host: string | null;
  contentType: string | null;
  body: string | null;
}

/**
 * A stand-in for the real API on 127.0.0.1: it echoes what reached it and records every hit.
 * `?status=NNN` makes it answer with that status and an error object.
 */
export async function startUpstream() {
  const upstream = Fastify();
  const hits: UpstreamHit[] = [];
  upstream.removeAllContentTypeParsers();
  upstream.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  upstream.all('/*', async (request, reply) => {
    const hit: UpstreamHit = {
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization ?? null,
      cookie: request.headers.cookie ?? null,
      host: request.headers.host ?? null,
      contentType: request.headers['content-type'] ?? null,
      body: typeof request.body === 'string' ? request.body : null,
    };
    hits.push(hit);
    const status = Number(
      new URL(request.url, 'http://upstream').searchParams.get('status') ?? 200,
    );
    if (status !== 200) {
      return reply
        .code(status)
        .header('WWW-Authenticate', 'Bearer realm="upstream"')
        .send({
          error: { error_code: 'UPSTREAM_SAYS_NO', error_message: 'The upstream refused.' },
        });
    }
    return { upstream: hit };
  });
  await upstream.listen({ host: '127.0.0.1', port: 0 });
  const { port } = upstream.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => upstream.close() };
}
