import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkydeckServer } from '../app';
import {
  bearer,
  buildTestServer,
  createToken,
  demoAuth,
  errorObjectOf,
  manualClock,
} from './testing';

/**
 * Every mutating route under generated input (issue 11): wrong types, missing and extra fields,
 * huge strings, broken JSON and XML. Never a 5xx, always the error object, and a rejected request
 * leaves every table exactly as it was. The routes come from the sandbox's own route list, so a
 * route added later is fuzzed without touching this file.
 */

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let app: SkydeckServer;
let authorization: string;
let knownIds: string[];

beforeAll(async () => {
  app = await buildTestServer({ clock: manualClock(), authFailureLimit: 1_000_000 });
  authorization = bearer((await createToken(app, demoAuth, { can_create_tokens: true })).token);
  const db = app.sandbox!.db;
  const demo = app.sandbox!.accounts.findByUsername('demo')!;
  const ids = (sql: string) => (db.prepare(sql).all(demo.id) as { id: string }[]).map((r) => r.id);
  knownIds = [
    ...ids('SELECT uuid AS id FROM servers WHERE account_id = ?'),
    ...ids('SELECT uuid AS id FROM storages WHERE account_id = ?'),
    'demo_viewer',
    '00000000-0000-0000-0000-000000000000',
  ];
});

afterAll(async () => {
  await app.close();
});

/**
 * A digest of every row of every table: equal digests, equal state. A token's `last_used_at`
 * records the use itself, not a change the request asked for, so it is left out.
 */
function stateDigest(): string {
  const db = app.sandbox!.db;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all() as { name: string }[];
  const hash = createHash('sha256');
  for (const { name } of tables) {
    for (const row of db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).iterate()) {
      hash.update(JSON.stringify({ ...(row as object), last_used_at: undefined }));
    }
  }
  return hash.digest('hex');
}

const jsonValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('yes', 'no', '', '-1', '1e309', 'de-fra1', '10.0.0.0/24', 'IPv4'),
  fc.constant('x'.repeat(70_000)),
  fc.array(fc.string(), { maxLength: 3 }),
);
const fieldNames = fc.constantFrom(
  'title',
  'name',
  'zone',
  'size',
  'tier',
  'plan',
  'hostname',
  'labels',
  'label',
  'storage',
  'storage_devices',
  'networking',
  'address',
  'type',
  'family',
  'ptr_record',
  'username',
  'password',
  'email',
  'expires_in',
  'expires_at',
  'allowed_ip_ranges',
  'core_number',
  'memory_amount',
  'backup_rule',
  'ip_networks',
  'router',
  'network',
  'configured_status',
);
const record = fc.dictionary(fieldNames, jsonValue, { maxKeys: 6 });
const wrapperKeys = fc.constantFrom(
  'server',
  'storage',
  'network',
  'router',
  'ip_address',
  'network_peering',
  'sub_account',
  'storage_device',
  'account',
  'interface',
  'stop_server',
  'restart_server',
);

const body = fc.oneof(
  fc.record({ type: fc.constant('application/json'), payload: fc.json() }),
  fc.record({
    type: fc.constant('application/json'),
    payload: fc.tuple(wrapperKeys, record).map(([key, value]) => JSON.stringify({ [key]: value })),
  }),
  fc.record({ type: fc.constant('application/json'), payload: fc.string() }),
  fc.record({
    type: fc.constant('application/json'),
    payload: fc.constantFrom('{"server":', '[', '{"a":1}}', '\u0000', '{"storage":{"size":1e999}}'),
  }),
  fc.record({
    type: fc.constant('application/xml'),
    payload: fc
      .tuple(wrapperKeys, fc.string())
      .map(([key, text]) => `<?xml version="1.0"?><${key}>${text}</${key}>`),
  }),
  fc.record({
    type: fc.constant('application/xml'),
    payload: fc.constantFrom(
      '<server><title>',
      '<<>>',
      '<a><b></a>',
      '<!DOCTYPE x [<!ENTITY e "e">]><x>&e;</x>',
    ),
  }),
  fc.record({ type: fc.constant('text/plain'), payload: fc.string() }),
  fc.record({ type: fc.constant('application/json'), payload: fc.constant('') }),
);

describe('mutating routes under generated input', () => {
  it('never answer 5xx, always send the error object, and change nothing when they reject', async () => {
    const routes = app.sandbox!.routes.filter((route) => mutating.has(route.method));
    expect(routes.length).toBeGreaterThan(20);
    const identifiers = fc.oneof(
      fc.constantFrom(...knownIds),
      fc.string({ minLength: 1, maxLength: 40 }),
    );

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), identifiers, body, async (route, id, input) => {
        // Deleting a real resource is valid input, not fuzzing; DELETE gets made-up identifiers.
        const param = route.method === 'DELETE' ? `${id}-missing` : id;
        const url = route.url.replace(/:[a-zA-Z_]+/g, encodeURIComponent(param) || 'x');
        const before = stateDigest();
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: { authorization, 'content-type': input.type, accept: 'application/json' },
          payload: input.payload,
        });
        expect(
          response.statusCode,
          `${route.method} ${url} ${input.payload.slice(0, 200)}`,
        ).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const { error } = errorObjectOf(response) as {
            error: { error_code: string; error_message: string };
          };
          expect(error.error_code).toMatch(/^[A-Z0-9_]+$/);
          expect(error.error_message.length).toBeGreaterThan(0);
          expect(stateDigest(), `${route.method} ${url} was rejected yet changed state`).toBe(
            before,
          );
        }
      }),
      { numRuns: 1000 },
    );
  }, 120_000);
});
