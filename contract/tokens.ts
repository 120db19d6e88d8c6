import { z } from 'zod/mini';
import { checkWith, plainText } from './common';
import { problemEndpoint } from './endpoint';
import { queryWholeNumberSchema } from './list-query';

/** Durations like "8760h", "1h30m", "15m", "90s" (api-reference-notes §11). */
export const durationPattern = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;
export const maxTokenLifetimeSeconds = 366 * 24 * 3600;

export function parseDurationSeconds(text: string): number | null {
  const match = durationPattern.exec(text);
  if (!match || text === '') return null;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

export const tokenNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give the token a name.'),
    z.maxLength(1024, 'At most 1024 characters.'),
    plainText(),
  );

export const tokenDurationSchema = z.string().check(
  z.maxLength(32, 'At most 32 characters.'),
  z.refine(
    (text) => {
      const seconds = parseDurationSeconds(text);
      return seconds !== null && seconds > 0 && seconds <= maxTokenLifetimeSeconds;
    },
    { message: 'A positive duration of at most one year, such as 24h, 1h30m or 15m.' },
  ),
);

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();
const isIp = (text: string) => ipv4.safeParse(text).success || ipv6.safeParse(text).success;

/** One allowed range: an address, a CIDR block or "first-last" of one family (api-rules §5.2). */
export function isIpRange(text: string): boolean {
  if (isIp(text)) return true;
  if (z.cidrv4().safeParse(text).success) return true;
  if (z.cidrv6().safeParse(text).success) {
    // An IPv4-mapped block (`::ffff:127.0.0.0/104`) is judged as the IPv4 block it maps; a prefix
    // shorter than the mapping's 96 bits would reach outside IPv4 and could never match.
    const [address = '', bits = ''] = text.split('/');
    return !isIpv4Mapped(ipv6Words(address)) || Number(bits) >= 96;
  }
  const parts = text.split('-');
  if (parts.length !== 2) return false;
  const [first = '', last = ''] = parts;
  if (ipv4.safeParse(first).success && ipv4.safeParse(last).success) {
    return compareWords(ipv4Words(first), ipv4Words(last)) <= 0;
  }
  if (ipv6.safeParse(first).success && ipv6.safeParse(last).success) {
    return compareWords(ipv6Words(first), ipv6Words(last)) <= 0;
  }
  return false;
}

const ipv4Words = (text: string) => text.split('.').map(Number);

/** The eight 16-bit groups of a valid IPv6 address, `::` and a dotted IPv4 tail expanded. */
function ipv6Words(text: string): number[] {
  let address = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Words(dotted[1]!);
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

const isIpv4Mapped = (words: number[]) =>
  words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff;

function compareWords(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  }
  return 0;
}

export const ipRangeSchema = z
  .string()
  .check(
    z.maxLength(100, 'At most 100 characters.'),
    z.refine(isIpRange, { message: 'Not an IPv4 or IPv6 address, CIDR block or range.' }),
  );

export const allowedIpRangesSchema = z.array(ipRangeSchema).check(
  z.maxLength(100, 'At most 100 ranges.'),
  z.refine((ranges) => new Set(ranges).size === ranges.length, {
    message: 'Each range may be given once.',
  }),
);

/**
 * The panel's own sign-in sends this header (value `panel`) with its password exchange. Only that
 * request makes a panel session (`gui: true`, audited as a sign-in): `gui` in the body of an API
 * client's request is not enough.
 */
export const panelSignInHeader = 'X-Skydeck-Sign-In';

/** `POST /1.3/account/tokens`: exactly one of `expires_in` and `expires_at`. */
export const tokenCreateRequestSchema = z
  .strictObject({
    name: tokenNameSchema,
    expires_in: z.optional(tokenDurationSchema),
    expires_at: z.optional(z.iso.datetime({ offset: true })),
    can_create_tokens: z.optional(z.boolean()),
    gui: z.optional(z.boolean()),
    allowed_ip_ranges: z.optional(allowedIpRangesSchema),
  })
  .check(
    checkWith((body, report) => {
      if ((body.expires_in === undefined) === (body.expires_at === undefined)) {
        report(
          'Give exactly one of expires_in and expires_at.',
          body.expires_in === undefined ? 'expires_in' : 'expires_at',
        );
      }
    }),
  );
export type TokenCreateRequest = z.infer<typeof tokenCreateRequestSchema>;

export const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['workspace', 'pat']),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.optional(z.string()),
  can_create_tokens: z.boolean(),
  allowed_ip_ranges: z.array(z.string()),
  gui: z.boolean(),
});
export type Token = z.infer<typeof tokenSchema>;

/** The create response is the only one that carries the secret. */
export const createdTokenSchema = z.extend(tokenSchema, { token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const tokenListResponseSchema = z.array(tokenSchema);

/** `limit` 1–1000 (all when unset) and `offset` of the list (api-reference-notes §11). */
export const tokenListQuerySchema = z.object({
  limit: z.optional(queryWholeNumberSchema.check(z.minimum(1), z.maximum(1000))),
  offset: z.optional(queryWholeNumberSchema),
});

/** API tokens (api-reference-notes §11; api-rules §5.2): RFC 7807 answers on failure. */
export const tokenEndpoints = {
  list: problemEndpoint('GET /account/tokens', tokenListResponseSchema, [400], {
    query: tokenListQuerySchema,
  }),
  create: problemEndpoint('POST /account/tokens', createdTokenSchema, [400, 403, 409], {
    body: tokenCreateRequestSchema,
    status: 201,
  }),
  get: problemEndpoint('GET /account/tokens/:id', tokenSchema, [400, 403, 404]),
  delete: problemEndpoint('DELETE /account/tokens/:id', null, [400, 403, 404]),
};
