import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planListResponseSchema } from '../../contract/plan';
import { priceListResponseSchema } from '../../contract/price';
import { tokenSchema } from '../../contract/tokens';
import { zoneListResponseSchema } from '../../contract/zone';
import type { SkydeckServer } from '../app';
import { buildTestServer, createToken, demoAuth, errorObjectOf, expectProblem } from './testing';

const json = { 'content-type': 'application/json' };
const xml = { 'content-type': 'application/xml' };
const xmlHead = '<?xml version="1.0" encoding="utf-8"?>\n';

let app: SkydeckServer;
beforeAll(async () => {
  app = await buildTestServer();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { authorization: demoAuth, ...headers } });
const postToken = (payload: string | Buffer, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/1.3/account/tokens',
    payload,
    headers: { authorization: demoAuth, ...headers },
  });

describe('versions', () => {
  it('serves zone and price under 1.2 (api-rules §4.1) and aliases them under 1.3', async () => {
    for (const version of ['1.2', '1.3']) {
      const zones = await get(`/${version}/zone`);
      expect(zones.statusCode).toBe(200);
      expect(zoneListResponseSchema.parse(zones.json()).zones.zone).toHaveLength(13);
      const prices = await get(`/${version}/price`);
      expect(prices.statusCode).toBe(200);
      expect(priceListResponseSchema.parse(prices.json()).prices.zone).toHaveLength(13);
    }
    expect((await get('/1.3/zone')).body).toBe((await get('/1.2/zone')).body);
    expect((await get('/1.3/price')).body).toBe((await get('/1.2/price')).body);
  });

  it('serves the plan list under 1.3 only', async () => {
    const plans = await get('/1.3/plan');
    expect(plans.statusCode).toBe(200);
    expect(planListResponseSchema.parse(plans.json()).plans.plan.length).toBeGreaterThan(0);
    expectProblem(await get('/1.2/plan'), 404, 'NOT_FOUND');
  });

  it.each(['/1.0/zone', '/1.0/account', '/1.1/price', '/1.1/account/tokens', '/1.1'])(
    'answers API_VERSION_OBSOLETE for %s',
    async (url) => {
      const error = expectProblem(await get(url), 400, 'API_VERSION_OBSOLETE');
      expect(error.error_message).toContain('1.3');
    },
  );

  it.each(['/1.4/zone', '/1.4/account', '/2.0/zone', '/1.30/zone', '/0.9/price', '/1.3.1/zone'])(
    'answers API_VERSION_INVALID for %s',
    async (url) => {
      expectProblem(await get(url), 400, 'API_VERSION_INVALID');
    },
  );

  it('answers the version error without credentials and for any method', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/1.1/account' });
    expectProblem(response, 400, 'API_VERSION_OBSOLETE');
  });
});

describe('routing', () => {
  it('answers 404 NOT_FOUND for an unknown path under a version', async () => {
    const error = expectProblem(await get('/1.3/nothing-here'), 404, 'NOT_FOUND');
    expect(error.error_message).toContain('/1.3/nothing-here');
    expectProblem(await get('/1.3/account/nothing'), 404, 'NOT_FOUND');
    expectProblem(await get('/1.2/account'), 404, 'NOT_FOUND');
  });

  it('answers 405 METHOD_NOT_ALLOWED with an Allow header for a known path and a wrong method', async () => {
    const cases: [method: 'DELETE' | 'PUT' | 'PATCH' | 'POST', url: string, allow: string][] = [
      ['DELETE', '/1.2/zone', 'GET'],
      ['POST', '/1.3/price', 'GET'],
      ['POST', '/1.3/account', 'GET'],
      ['PUT', '/1.3/account/tokens', 'GET, POST'],
      ['PATCH', '/1.3/account/tokens/0c000000-0000-4000-8000-000000000000', 'GET, DELETE'],
      ['POST', '/1.3/account/tokens/0c000000-0000-4000-8000-000000000000', 'GET, DELETE'],
    ];
    for (const [method, url, allow] of cases) {
      const response = await app.inject({ method, url, headers: { authorization: demoAuth } });
      expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.allow).toBe(allow);
    }
  });

  it('accepts a trailing slash on a collection', async () => {
    const token = await createToken(app, demoAuth, { name: 'slash' });
    const list = await get('/1.3/account/tokens/');
    expect(list.statusCode).toBe(200);
    expect(list.json<{ id: string }[]>().map((item) => item.id)).toContain(token.id);
    expect((await get('/1.2/zone/')).statusCode).toBe(200);
    expect((await get(`/1.3/account/tokens/${token.id}/`)).json()).toMatchObject({ id: token.id });
  });
});

describe('response format negotiation (api-rules §2.2)', () => {
  it.each([
    ['text/html'],
    ['image/png'],
    ['text/csv'],
    ['application/json;q=0'],
    ['application/json;q=0, application/xml;q=0, */*'],
  ])('answers 406 with the error object for Accept: %s', async (accept) => {
    expectProblem(await get('/1.3/zone', { accept }), 406, 'NOT_ACCEPTABLE');
  });

  it('answers XML for Accept: application/xml and text/xml', async () => {
    for (const accept of ['application/xml', 'text/xml']) {
      const response = await get('/1.2/zone', { accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.body).toMatch(
        /^<\?xml version="1.0" encoding="utf-8"\?>\n<zones><zone><id>de-fra1<\/id><description>Frankfurt #1<\/description><public>yes<\/public><\/zone><zone><id>fi-hel1<\/id>/,
      );
      expect(response.body.match(/<zone>/g)).toHaveLength(13);
      expect(response.body.endsWith('</zone></zones>')).toBe(true);
    }
  });

  it.each([
    ['absent', undefined],
    ['*/*', '*/*'],
    ['application/*', 'application/*'],
    ['application/json', 'application/json'],
    ['q-values (xml 0.9, json 1)', 'application/xml;q=0.9, application/json'],
    ['q-values (xml 0.2, json 0.8)', 'application/xml; q=0.2, application/json; q=0.8'],
    ['an unknown type before json', 'text/html, application/json'],
  ])('answers JSON for Accept %s', async (_label, accept) => {
    const response = await get('/1.3/zone', accept === undefined ? {} : { accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zoneListResponseSchema.parse(response.json()).zones.zone).toHaveLength(13);
  });

  it.each([
    ['application/json;q=0.5, application/xml', 'application/json;q=0.5, application/xml'],
    ['json refused, wildcard allowed', 'application/json;q=0, */*'],
    ['text/html first, xml later', 'text/html, application/xml;q=0.1'],
  ])('answers XML for Accept %s', async (_label, accept) => {
    const response = await get('/1.3/zone', { accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body.startsWith(`${xmlHead}<zones><zone>`)).toBe(true);
  });

  it('renders failures as XML too when XML is asked for', async () => {
    for (const [url, status, code] of [
      ['/1.3/account/tokens/not-a-uuid', 400, 'TOKEN_INVALID'],
      ['/1.3/account/tokens/0c000000-0000-4000-8000-000000000000', 404, 'TOKEN_NOT_FOUND'],
      ['/1.3/nothing-here', 404, 'NOT_FOUND'],
    ] as const) {
      const response = await get(url, { accept: 'application/xml' });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.body).toMatch(
        new RegExp(
          `^<\\?xml[^>]*\\?>\\n<error><error_code>${code}</error_code><error_message>[^<]+</error_message></error>$`,
        ),
      );
    }
    const unauthenticated = await app.inject({
      url: '/1.3/account',
      headers: { accept: 'application/xml' },
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(unauthenticated.body).toContain('<error_code>AUTHENTICATION_FAILED</error_code>');
  });
});

describe('request bodies', () => {
  it('answers 400 REQUEST_INVALID for unparsable JSON', async () => {
    const error = expectProblem(await postToken('{"name": "x",', json), 400, 'REQUEST_INVALID');
    expect(error.error_message).toMatch(/JSON/);
  });

  it.each([['<token><name>x</name>'], ['<a></b>'], ['not xml at all'], ['<<<<']])(
    'answers 400 REQUEST_INVALID for unparsable XML %s',
    async (payload) => {
      const error = expectProblem(await postToken(payload, xml), 400, 'REQUEST_INVALID');
      expect(error.error_message).toMatch(/XML/);
    },
  );

  // Decoded leniently, the bytes became U+FFFD and were stored: a token named "��".
  const notUtf8 = Buffer.from([0xff, 0xfe]);
  it.each([
    ['JSON', json, ['{"name":"', '","expires_in":"1h"}']],
    ['XML', xml, ['<token><name>', '</name><expires_in>1h</expires_in></token>']],
  ])(
    'refuses a %s body that is not UTF-8 and creates nothing',
    async (_format, headers, around) => {
      const before = (await get('/1.3/account/tokens')).json<unknown[]>().length;
      const payload = Buffer.concat([Buffer.from(around[0]!), notUtf8, Buffer.from(around[1]!)]);
      const error = expectProblem(await postToken(payload, headers), 400, 'REQUEST_INVALID');
      expect(error.error_message).toBe('The request body is not valid UTF-8.');
      expect((await get('/1.3/account/tokens')).json<unknown[]>()).toHaveLength(before);

      const name = 'café 🚀 東京';
      const valid = Buffer.concat([
        Buffer.from(around[0]!),
        Buffer.from(name),
        Buffer.from(around[1]!),
      ]);
      const created = await postToken(valid, headers);
      expect(created.statusCode).toBe(201);
      expect(created.body).toContain(name);
    },
  );

  it.each([
    ['text/plain', '{"name":"x","expires_in":"1h"}'],
    ['application/x-www-form-urlencoded', 'name=x&expires_in=1h'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['application/octet-stream', 'xx'],
  ])('answers 400 CONTENT_TYPE_INVALID for a %s body, never 415', async (contentType, payload) => {
    const before = (await get('/1.3/account/tokens')).json<unknown[]>().length;
    expectProblem(
      await postToken(payload, { 'content-type': contentType }),
      400,
      'CONTENT_TYPE_INVALID',
    );
    expect((await get('/1.3/account/tokens')).json<unknown[]>()).toHaveLength(before);
  });

  it('answers 400 REQUEST_INVALID when a create has no body', async () => {
    for (const headers of [json, xml, {}]) {
      const error = expectProblem(await postToken('', headers), 400, 'REQUEST_INVALID');
      expect(error.error_message).toBe('A request body is required.');
    }
    const nullBody = expectProblem(await postToken('null', json), 400, 'REQUEST_INVALID');
    expect(nullBody.error_message).toBe('A request body is required.');
  });

  it.each([['[]'], ['"a string"'], ['42']])(
    'answers 400 REQUEST_INVALID for the non-object JSON body %s',
    async (payload) => {
      expectProblem(await postToken(payload, json), 400, 'REQUEST_INVALID');
    },
  );

  it('accepts Content-Type: application/json on a bodiless request', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: '/1.3/account/tokens/0c000000-0000-4000-8000-000000000000',
      headers: { authorization: demoAuth, ...json },
    });
    expectProblem(response, 404, 'TOKEN_NOT_FOUND');
  });

  it('answers 413 with the error object for a body over 1 MiB', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(1024 * 1024), expires_in: '1h' });
    expectProblem(await postToken(payload, json), 413, 'REQUEST_TOO_LARGE');
    expectProblem(
      await postToken(`<token><name>${'x'.repeat(1024 * 1024)}</name></token>`, xml),
      413,
      'REQUEST_TOO_LARGE',
    );
  });

  it('reads a JSON request and answers in XML (Content-Type and Accept differ)', async () => {
    const response = await postToken(
      JSON.stringify({ name: 'json in', expires_in: '1h', can_create_tokens: true }),
      {
        ...json,
        accept: 'application/xml',
      },
    );
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml[^>]*\?>\n<token><id>0c[0-9a-f-]{34}<\/id><name>json in<\/name><type>workspace<\/type><created_at>[^<]+<\/created_at><expires_at>[^<]+<\/expires_at><can_create_tokens>true<\/can_create_tokens><allowed_ip_ranges><allowed_ip_range>0\.0\.0\.0\/0<\/allowed_ip_range><allowed_ip_range>::\/0<\/allowed_ip_range><\/allowed_ip_ranges><gui>false<\/gui><token>ucat_[0-9A-Z]{26}<\/token><\/token>$/,
    );
  });

  it('reads an XML request and answers in JSON, with one-item lists, booleans and empty lists', async () => {
    const oneRange = await postToken(
      '<?xml version="1.0"?><token><name>xml in</name><expires_in>2h</expires_in><can_create_tokens>true</can_create_tokens>' +
        '<allowed_ip_ranges><allowed_ip_range>10.0.0.0/8</allowed_ip_range></allowed_ip_ranges></token>',
      { ...xml, accept: 'application/json' },
    );
    expect(oneRange.statusCode).toBe(201);
    expect(oneRange.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(oneRange.json()).toMatchObject({
      name: 'xml in',
      can_create_tokens: true,
      allowed_ip_ranges: ['10.0.0.0/8'],
    });

    const twoRanges = await postToken(
      '<token><name>two</name><expires_in>2h</expires_in><allowed_ip_ranges>' +
        '<allowed_ip_range>10.0.0.0/8</allowed_ip_range><allowed_ip_range>::1</allowed_ip_range></allowed_ip_ranges></token>',
      { 'content-type': 'text/xml' },
    );
    expect(twoRanges.json()).toMatchObject({
      can_create_tokens: false,
      allowed_ip_ranges: ['10.0.0.0/8', '::1'],
    });

    const noRanges = await postToken(
      '<token><name>none</name><expires_in>2h</expires_in><allowed_ip_ranges/></token>',
      xml,
    );
    expect(noRanges.json()).toMatchObject({ allowed_ip_ranges: [] });
  });

  it('decodes entities and character references in an XML body, and escapes them again in XML', async () => {
    const response = await postToken(
      '<token><name>R&amp;D &#38; &#x3C;ops&#62;</name><expires_in>1h</expires_in></token>',
      {
        ...xml,
        accept: 'application/xml',
      },
    );
    expect(response.statusCode).toBe(201);
    expect(response.body).toContain('<name>R&#38;D &#38; &#60;ops&#62;</name>');
    const id = /<id>([^<]+)<\/id>/.exec(response.body)![1]!;
    expect((await get(`/1.3/account/tokens/${id}`)).json()).toMatchObject({ name: 'R&D & <ops>' });
  });

  it('reports attribute errors of an XML body with the attribute codes', async () => {
    const refused = {
      UNKNOWN_ATTRIBUTE:
        '<token><name>x</name><expires_in>1h</expires_in><colour>red</colour></token>',
      CAN_CREATE_TOKENS_INVALID:
        '<token><name>x</name><expires_in>1h</expires_in><can_create_tokens>yes</can_create_tokens></token>',
      NAME_MISSING: '<token><expires_in>1h</expires_in></token>',
    };
    for (const [code, body] of Object.entries(refused)) {
      expectProblem(await postToken(body, xml), 400, code);
    }
  });
});

describe('XML rendering of lists (api-rules §2.2.3)', () => {
  it('renders a list of scalars as repeated child elements', async () => {
    const token = await createToken(app, demoAuth, {
      allowed_ip_ranges: ['192.0.2.0/24', '2001:db8::/32', '127.0.0.1'],
    });
    const response = await get(`/1.3/account/tokens/${token.id}`, { accept: 'application/xml' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<allowed_ip_ranges><allowed_ip_range>192.0.2.0/24</allowed_ip_range><allowed_ip_range>2001:db8::/32</allowed_ip_range><allowed_ip_range>127.0.0.1</allowed_ip_range></allowed_ip_ranges>',
    );
    expect(response.body).not.toContain('<token>ucat_');
  });

  it('renders an empty list as an empty container', async () => {
    const token = await createToken(app, demoAuth, { name: 'nowhere', allowed_ip_ranges: [] });
    expect(token.allowed_ip_ranges).toEqual([]);
    const response = await get(`/1.3/account/tokens/${token.id}`, { accept: 'application/xml' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      `${xmlHead}<token><id>${token.id}</id><name>nowhere</name><type>workspace</type><created_at>${token.created_at}</created_at>` +
        `<expires_at>${token.expires_at}</expires_at><can_create_tokens>false</can_create_tokens><allowed_ip_ranges></allowed_ip_ranges><gui>false</gui></token>`,
    );
  });

  it('renders the bare token list under a tokens element', async () => {
    const response = await get('/1.3/account/tokens', { accept: 'application/xml' });
    expect(response.statusCode).toBe(200);
    const count = response.body.match(/<token><id>/g)?.length ?? 0;
    expect(count).toBe(
      z.array(tokenSchema).parse((await get('/1.3/account/tokens')).json()).length,
    );
    expect(response.body.startsWith(`${xmlHead}<tokens><token><id>`)).toBe(true);
    expect(response.body.endsWith('</token></tokens>')).toBe(true);
  });
});

describe('bad input never causes a 5xx', () => {
  const uuid = '0c000000-0000-4000-8000-000000000000';
  const badInputs: {
    label: string;
    method?: 'GET' | 'POST' | 'DELETE';
    url: string;
    payload?: string;
    headers?: Record<string, string>;
  }[] = [
    { label: 'undecodable path', url: '/1.3/account/tokens/%zz' },
    { label: 'undecodable path outside the API', url: '/panel%zz' },
    { label: 'over-long path parameter', url: `/1.3/account/tokens/${'a'.repeat(500)}` },
    { label: 'path parameter over 2,048', url: `/1.3/account/tokens/${'a'.repeat(3000)}` },
    { label: 'NUL in a path parameter', url: '/1.3/account/tokens/%00' },
    { label: 'bad limit', url: '/1.3/account/tokens?limit=abc' },
    { label: 'repeated limit', url: '/1.3/account/tokens?limit=1&limit=2' },
    { label: 'negative offset', url: '/1.3/account/tokens?offset=-1' },
    { label: 'undecodable query', url: '/1.3/account/tokens?limit=%zz' },
    { label: 'garbage Accept', url: '/1.3/zone', headers: { accept: ',,;q=;;' } },
    {
      label: 'huge Authorization',
      url: '/1.3/zone',
      headers: { authorization: `Basic ${'A'.repeat(20_000)}` },
    },
    {
      label: 'non-ASCII Bearer',
      url: '/1.3/zone',
      headers: { authorization: `Bearer ${'é'.repeat(64)}` },
    },
    {
      label: 'deeply nested JSON',
      method: 'POST',
      url: '/1.3/account/tokens',
      payload: '['.repeat(50_000) + ']'.repeat(50_000),
      headers: json,
    },
    {
      label: 'deeply nested XML',
      method: 'POST',
      url: '/1.3/account/tokens',
      payload: '<a>'.repeat(20_000) + '</a>'.repeat(20_000),
      headers: xml,
    },
    {
      label: 'XML element instead of text',
      method: 'POST',
      url: '/1.3/account/tokens',
      payload: '<token><name><a>1</a></name><expires_in>1h</expires_in></token>',
      headers: xml,
    },
    {
      label: 'prototype keys in JSON',
      method: 'POST',
      url: '/1.3/account/tokens',
      payload: '{"__proto__":{"admin":true},"constructor":{"x":1}}',
      headers: json,
    },
    {
      label: 'allowed_ip_ranges not a list',
      method: 'POST',
      url: '/1.3/account/tokens',
      payload: '{"name":"x","expires_in":"1h","allowed_ip_ranges":"1.2.3.4"}',
      headers: json,
    },
    {
      label: 'JSON body on a DELETE',
      method: 'DELETE',
      url: `/1.3/account/tokens/${uuid}`,
      payload: '{bad',
      headers: json,
    },
  ];

  it.each(badInputs)(
    '$label → 4xx with the error object',
    async ({ method = 'GET', url, payload, headers = {} }) => {
      const response = await app.inject({
        method,
        url,
        payload,
        headers: { authorization: demoAuth, ...headers },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^application\/json\b/);
      expect(errorObjectOf(response)).toEqual({
        error: { error_code: expect.any(String), error_message: expect.any(String) },
      });
    },
  );

  it.each([
    ['one list of 130,000 bad tags', { server: { tags: { tag: Array(130_000).fill('-') } } }],
    [
      '400 lists of 400 numbers',
      { server: { labels: { label: Array(400).fill(Array(400).fill(0)) } } },
    ],
  ])('a body of %s, under 1 MiB, is refused as too large', async (_label, body) => {
    const response = await app.inject({
      method: 'POST',
      url: '/1.3/server',
      payload: body,
      headers: { authorization: demoAuth },
    });
    expectProblem(response, 413, 'REQUEST_TOO_LARGE');
  });

  it('reads a path parameter of 200 characters (40 tags) and names a longer one short', async () => {
    const server = '00000000-0000-0000-0000-000000000000';
    const tags = Array.from({ length: 40 }, (_, n) => `tag${n}`).join(',');
    const tagged = await app.inject({
      method: 'POST',
      url: `/1.3/server/${server}/tag/${tags}`,
      headers: { authorization: demoAuth },
    });
    expectProblem(tagged, 404, 'SERVER_NOT_FOUND');
    const long = await app.inject({
      url: `/1.3/kubernetes/${server}/node-groups/${'a'.repeat(5000)}`,
      headers: { authorization: demoAuth },
    });
    expectProblem(long, 414, 'URI_TOO_LONG');
    expect(long.body.length).toBeLessThan(1000);
  });

  it('checks a long list of bad items below that bound item by item', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/1.3/tag',
      payload: { tag: { name: 'many', servers: { server: Array(40_000).fill('-') } } },
      headers: { authorization: demoAuth },
    });
    expectProblem(response, 400, 'SERVER_INVALID');
  });

  it('does not expand nested DOCTYPE entities of an XML body', async () => {
    const entities =
      '<!DOCTYPE t [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>';
    const response = await postToken(
      `<?xml version="1.0"?>${entities}<token><name>&c;</name><expires_in>1h</expires_in></token>`,
      xml,
    );
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain('a'.repeat(100));
  });

  it('answers an undecodable path with 400 REQUEST_INVALID and the security headers', async () => {
    const response = await get('/1.3/account/tokens/%zz');
    expectProblem(response, 400, 'REQUEST_INVALID');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expectProblem(await get(`/1.3/account/tokens/${'a'.repeat(500)}`), 400, 'TOKEN_INVALID');
  });
});
