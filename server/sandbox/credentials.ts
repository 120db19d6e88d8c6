import crypto from 'node:crypto';

const SCRYPT_KEYLEN = 32;
const SCRYPT_COST = 16384;

/** `scrypt$N$salt$hash`, base64 parts; the cost travels with the hash so it can be raised later. */
export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, SCRYPT_KEYLEN, { N: SCRYPT_COST });
  return `scrypt$${SCRYPT_COST}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = crypto.scryptSync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(cost),
  });
  return crypto.timingSafeEqual(actual, expected);
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** API token secrets look like the real service's: `ucat_` and 26 base32 characters (130 bits). */
export function newTokenSecret(): string {
  const bytes = crypto.randomBytes(26);
  let text = '';
  for (const byte of bytes) text += CROCKFORD[byte & 31];
  return `ucat_${text}`;
}

/** Token secrets are random and long, so one SHA-256 round is enough to store them safely. */
export function hashTokenSecret(secret: string): Buffer {
  return crypto.createHash('sha256').update(secret).digest();
}

export function secretsEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Random version-4 UUID whose first two hex digits carry the resource type (api-rules §2.1). */
export function newUuid(prefix: string): string {
  return prefix + crypto.randomUUID().slice(2);
}
