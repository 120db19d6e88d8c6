import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountResponseSchema } from '../../../contract/account';
import { planListResponseSchema } from '../../../contract/plan';
import { priceListResponseSchema } from '../../../contract/price';
import { tokenCreateRequestSchema } from '../../../contract/tokens';
import { zoneListResponseSchema } from '../../../contract/zone';
import { plans, prices, zones } from '../catalog';
import { smallestPlan } from '../testing';
import { coerceXml, negotiate, parseXml, singular, toXml, unwrapXmlRoot } from './formats';

const head = '<?xml version="1.0" encoding="utf-8"?>\n';

describe('negotiate', () => {
  const offered = ['json', 'xml'] as const;

  it.each([
    [undefined, 'json'],
    ['', 'json'],
    ['   ', 'json'],
    ['*/*', 'json'],
    ['application/*', 'json'],
    ['application/json', 'json'],
    ['APPLICATION/JSON; charset=utf-8', 'json'],
    ['application/xml', 'xml'],
    ['text/xml', 'xml'],
    ['application/xml;q=0.9, application/json', 'json'],
    ['application/json;q=0.5, application/xml', 'xml'],
    ['application/json;q=0.5, application/xml;q=0.5', 'json'],
    ['application/xml, application/json', 'xml'],
    ['text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8', 'xml'],
    ['application/json;q=0, */*', 'xml'],
    ['application/json;q=0, application/*', 'xml'],
    ['application/*;q=0.1, application/xml', 'xml'],
    ['application/json;q=abc, application/xml', 'xml'],
    ['text/html', null],
    ['image/png', null],
    ['text/csv', null],
    ['*/*;q=0', null],
    ['application/json;q=0', null],
    ['application/json;q=0, application/xml;q=0, */*', null],
  ] as const)('Accept %j → %s', (accept, expected) => {
    expect(negotiate(accept, offered)).toBe(expected);
  });

  it('offers CSV only where the route produces it', () => {
    expect(negotiate('text/csv', ['json', 'xml', 'csv'])).toBe('csv');
    expect(negotiate('text/*', ['json', 'xml', 'csv'])).toBe('csv');
    expect(negotiate('text/csv;q=0.5, application/json', ['json', 'xml', 'csv'])).toBe('json');
  });
});

describe('parseXml', () => {
  it('reads elements into plain objects, repeated elements into arrays, text as strings', () => {
    expect(parseXml('<?xml version="1.0"?><a><b>1</b><b>2</b><c>true</c><d/></a>')).toEqual({
      a: { b: ['1', '2'], c: 'true', d: '' },
    });
  });

  it('decodes entities and character references and trims text', () => {
    expect(parseXml('<a><b>  x &amp; y &lt;z&gt; &#38; &#x3C;&#62;  </b></a>')).toEqual({
      a: { b: 'x & y <z> & <>' },
    });
  });

  it.each([['not xml'], ['<a><b></a>'], ['<a>'], ['']])('rejects %j', (text) => {
    expect(() => parseXml(text)).toThrow();
  });
});

describe('unwrapXmlRoot and coerceXml against contract schemas', () => {
  const readTokenRequest = (text: string) => {
    const unwrapped = unwrapXmlRoot(parseXml(text), tokenCreateRequestSchema);
    return coerceXml(unwrapped, tokenCreateRequestSchema);
  };

  it('drops the root element of a request body and reads a one-item list as a list', () => {
    const body = readTokenRequest(
      '<token><name>t</name><expires_in>1h</expires_in><allowed_ip_ranges><allowed_ip_range>10.0.0.0/8</allowed_ip_range></allowed_ip_ranges></token>',
    );
    expect(body).toEqual({ name: 't', expires_in: '1h', allowed_ip_ranges: ['10.0.0.0/8'] });
    expect(tokenCreateRequestSchema.parse(body)).toEqual(body);
  });

  it('reads repeated items as a list in order', () => {
    const body = readTokenRequest(
      '<token><name>t</name><expires_in>1h</expires_in><allowed_ip_ranges><r>10.0.0.0/8</r><r>::1</r><r>1.2.3.4-1.2.3.9</r></allowed_ip_ranges></token>',
    );
    expect(body).toMatchObject({ allowed_ip_ranges: ['10.0.0.0/8', '::1', '1.2.3.4-1.2.3.9'] });
  });

  it.each([
    ['<allowed_ip_ranges/>'],
    ['<allowed_ip_ranges></allowed_ip_ranges>'],
    ['<allowed_ip_ranges>  </allowed_ip_ranges>'],
  ])('reads the empty container %s as an empty list', (ranges) => {
    expect(
      readTokenRequest(`<token><name>t</name><expires_in>1h</expires_in>${ranges}</token>`),
    ).toEqual({
      name: 't',
      expires_in: '1h',
      allowed_ip_ranges: [],
    });
  });

  it('reads booleans from text and leaves other text for the schema to reject', () => {
    expect(
      readTokenRequest(
        '<token><can_create_tokens>true</can_create_tokens><gui>false</gui></token>',
      ),
    ).toEqual({
      can_create_tokens: true,
      gui: false,
    });
    expect(readTokenRequest('<token><can_create_tokens>yes</can_create_tokens></token>')).toEqual({
      can_create_tokens: 'yes',
    });
  });

  it('reads an empty root element as an empty object', () => {
    expect(readTokenRequest('<token/>')).toEqual({});
  });

  it('keeps a body whose only element is a known attribute', () => {
    expect(readTokenRequest('<name>t</name>')).toEqual({ name: 't' });
  });

  it('reads numbers from text, one-item and many-item lists of records', () => {
    const one = coerceXml(
      parseXml(
        '<plans><plan><name>1xCPU-1GB</name><core_number>1</core_number><memory_amount>1024</memory_amount>' +
          '<public_traffic_out>1024</public_traffic_out><storage_size>25</storage_size><storage_tier>maxiops</storage_tier></plan></plans>',
      ),
      planListResponseSchema,
    );
    expect(planListResponseSchema.parse(one)).toEqual({
      plans: {
        plan: [smallestPlan],
      },
    });
    expect(coerceXml(parseXml('<plans></plans>'), planListResponseSchema)).toEqual({ plans: {} });
    expect(coerceXml(parseXml('<plans><plan/></plans>'), planListResponseSchema)).toEqual({
      plans: { plan: [] },
    });
  });

  it('leaves text that is not a number as text, for the schema to reject', () => {
    const schema = z.object({ a: z.number(), b: z.number().int(), c: z.number().optional() });
    expect(coerceXml({ a: 'ten', b: '7', c: '' }, schema)).toEqual({ a: 'ten', b: 7, c: '' });
  });

  it('reads a union as its first option that accepts the reading', () => {
    const schema = z.object({
      size: z.union([z.int(), z.string().regex(/^\d+$/)]),
      rule: z.union([
        z.strictObject({}),
        z.object({ interval: z.enum(['daily', 'mon']), retention: z.int() }),
      ]),
      flag: z.union([z.enum(['0', '1']), z.literal(0), z.literal(1)]),
    });
    const read = (text: string) => coerceXml(unwrapXmlRoot(parseXml(text), schema), schema);
    expect(
      read(
        '<s><size>10</size><rule><interval>daily</interval><retention>7</retention></rule><flag>1</flag></s>',
      ),
    ).toEqual({ size: 10, rule: { interval: 'daily', retention: 7 }, flag: '1' });
    expect(read('<s><size>ten</size><rule/></s>')).toEqual({ size: 'ten', rule: {} });
  });

  it('reads nullable lists, record values and numbers inside them', () => {
    const schema = z.object({
      ids: z.array(z.string()).nullable(),
      limits: z.record(z.string(), z.number()),
      groups: z.array(z.object({ count: z.number(), on: z.boolean().optional() })),
    });
    expect(
      coerceXml(
        parseXml(
          '<r><ids/><limits><cores>4</cores><memory>1024</memory></limits><groups><group><count>2</count><on>true</on></group></groups></r>',
        ),
        z.object({ r: schema }),
      ),
    ).toEqual({
      r: { ids: [], limits: { cores: 4, memory: 1024 }, groups: [{ count: 2, on: true }] },
    });
  });

  it('leaves literals and enumerations as text, and a value for no field as it is', () => {
    const schema = z.object({ one: z.literal(1), mode: z.enum(['1', '2']) });
    expect(coerceXml({ one: '1', mode: '2', other: '3' }, schema)).toEqual({
      one: '1',
      mode: '2',
      other: '3',
    });
  });

  it('reads a field named like an Object property as an unknown field', () => {
    expect(coerceXml({ constructor: 'x', name: 't' }, tokenCreateRequestSchema)).toEqual({
      constructor: 'x',
      name: 't',
    });
  });

  it.each([
    ['zones', { zones: { zone: zones } }, zoneListResponseSchema],
    ['plans', { plans: { plan: plans } }, planListResponseSchema],
    ['prices', { prices: { zone: prices } }, priceListResponseSchema],
    [
      'account',
      {
        account: {
          username: 'demo',
          credits: 1234.5,
          currency: 'EUR',
          resource_limits: { cores: 200, memory: 1024 },
        },
      },
      accountResponseSchema,
    ],
  ] as const)(
    'round-trips the %s response through XML to the same JSON',
    (_name, payload, schema) => {
      const back = coerceXml(parseXml(toXml(payload)), schema);
      expect(schema.parse(back)).toEqual(payload);
    },
  );
});

describe('toXml', () => {
  it('renders {"zones":{"zone":[…]}} as repeated <zone> inside <zones>', () => {
    expect(
      toXml({
        zones: {
          zone: [
            { id: 'de-fra1', public: 'yes' },
            { id: 'fi-hel1', public: 'no' },
          ],
        },
      }),
    ).toBe(
      `${head}<zones><zone><id>de-fra1</id><public>yes</public></zone><zone><id>fi-hel1</id><public>no</public></zone></zones>`,
    );
  });

  it('renders a wrapper with a one-item list as one child and an empty list as an empty container', () => {
    expect(toXml({ zones: { zone: [{ id: 'de-fra1' }] } })).toBe(
      `${head}<zones><zone><id>de-fra1</id></zone></zones>`,
    );
    expect(toXml({ zones: { zone: [] } })).toBe(`${head}<zones></zones>`);
  });

  it('renders a plain array field as a container with singular children', () => {
    expect(toXml({ name: 't', allowed_ip_ranges: ['10.0.0.0/8', '::/0'] }, 'token')).toBe(
      `${head}<token><name>t</name><allowed_ip_ranges><allowed_ip_range>10.0.0.0/8</allowed_ip_range><allowed_ip_range>::/0</allowed_ip_range></allowed_ip_ranges></token>`,
    );
  });

  it('renders an empty array field as an empty element', () => {
    expect(toXml({ name: 't', allowed_ip_ranges: [] }, 'token')).toBe(
      `${head}<token><name>t</name><allowed_ip_ranges></allowed_ip_ranges></token>`,
    );
  });

  it('renders a bare list under the root hint with singular items', () => {
    expect(toXml([{ id: 'a' }, { id: 'b' }], 'tokens')).toBe(
      `${head}<tokens><token><id>a</id></token><token><id>b</id></token></tokens>`,
    );
    expect(toXml([], 'tokens')).toBe(`${head}<tokens></tokens>`);
  });

  it('uses a single key as the root, or the hint when there are several', () => {
    expect(toXml({ account: { username: 'demo', credits: 5 } })).toBe(
      `${head}<account><username>demo</username><credits>5</credits></account>`,
    );
    expect(toXml({ a: 1, b: 2 })).toBe(`${head}<response><a>1</a><b>2</b></response>`);
  });

  it('renders numbers, booleans, null and empty strings', () => {
    expect(toXml({ n: 1.5, yes: true, no: false, nothing: null, empty: '' }, 'r')).toBe(
      `${head}<r><n>1.5</n><yes>true</yes><no>false</no><nothing/><empty/></r>`,
    );
  });

  it('keeps the order of a list whose items are empty, writing them as empty elements', () => {
    expect(toXml({ name: 't', dhcp_dns: ['1.1.1.1', '', null, '8.8.8.8'] }, 'network')).toBe(
      `${head}<network><name>t</name><dhcp_dns><dhcp_dn>1.1.1.1</dhcp_dn><dhcp_dn></dhcp_dn><dhcp_dn></dhcp_dn><dhcp_dn>8.8.8.8</dhcp_dn></dhcp_dns></network>`,
    );
  });

  it('renders nested lists, empty objects and plural names as singular items', () => {
    expect(
      toXml({
        storages: {
          storage: [
            { uuid: 'a', labels: [] },
            { uuid: 'b', backups: [] },
          ],
        },
      }),
    ).toBe(
      `${head}<storages><storage><uuid>a</uuid><labels></labels></storage><storage><uuid>b</uuid><backups></backups></storage></storages>`,
    );
    expect(toXml({ matrix: [[1, 2], []], meta: {} }, 'r')).toBe(
      `${head}<r><matrix><matrix_item><matrix_item_item>1</matrix_item_item><matrix_item_item>2</matrix_item_item></matrix_item><matrix_item></matrix_item></matrix><meta></meta></r>`,
    );
  });

  it('escapes & < > and quotes in text and drops control characters', () => {
    expect(toXml({ name: `a & b <c> "d" 'e'\u0001` }, 'token')).toBe(
      `${head}<name>a &#38; b &#60;c&#62; &#34;d&#34; &#39;e&#39;</name>`,
    );
    expect(parseXml(toXml({ name: 'a & b <c>' }))).toEqual({ name: 'a & b <c>' });
  });
});

describe('singular', () => {
  it.each([
    ['zones', 'zone'],
    ['allowed_ip_ranges', 'allowed_ip_range'],
    ['ip_addresses', 'ip_address'],
    ['boxes', 'box'],
    ['policies', 'policy'],
    ['class', 'class_item'],
    ['data', 'data_item'],
  ])('%s → %s', (plural, one) => {
    expect(singular(plural)).toBe(one);
  });
});
