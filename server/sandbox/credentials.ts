import crypto from 'node:crypto';
import os from 'node:os';

const SCRYPT_KEYLEN = 32;
/** scrypt's N for new hashes unless a sandbox is started with another (SANDBOX_PASSWORD_COST). */
export const defaultPasswordCost = 16384;

/** The lowest scrypt N a sandbox takes; the test sandboxes use it. */
export const lowestPasswordCost = 1024;

/** Whether `cost` is an scrypt N this sandbox accepts: a power of two from 1,024 to 1,048,576. */
export const isPasswordCost = (cost: number) =>
  Number.isInteger(cost) &&
  cost >= lowestPasswordCost &&
  cost <= 1_048_576 &&
  (cost & (cost - 1)) === 0;

/**
 * `scrypt$N$salt$hash`, base64 parts; the cost travels with the hash, so hashes of any cost verify
 * and the cost can be changed later. Test sandboxes choose a lower cost: every sign-in and seeded
 * tenant pays it, and the rules being tested do not depend on it.
 */
export function hashPassword(password: string, cost = defaultPasswordCost): string {
  if (!isPasswordCost(cost)) throw new Error(`Not an scrypt cost: ${cost}`);
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, SCRYPT_KEYLEN, { N: cost });
  return `scrypt$${cost}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

const scrypt = (password: string, salt: Buffer, length: number, cost: number) =>
  new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(password, salt, length, { N: cost }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/**
 * At most this many hashes run at once, on libuv's thread pool: a burst of password guesses queues
 * here instead of taking every pool thread, and at least one core stays for the event loop.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
let hashing = 0;
const waiting: (() => void)[] = [];

async function gated<T>(work: () => Promise<T>): Promise<T> {
  // A finished hash hands its slot straight to the next in line, so the count never overshoots.
  if (hashing >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

/**
 * Checks a password off the event loop: each scrypt costs tens of milliseconds, and a synchronous
 * one stalled every other request while passwords were being guessed.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await gated(() =>
    scrypt(password, Buffer.from(salt, 'base64'), expected.length, Number(cost)),
  );
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

/**
 * Token secrets are random and long, so one SHA-256 round is enough to store them safely. The
 * digest in base64 is also what auth.ts knows a token by; every request of a token client hashes
 * its secret, and the one-shot `crypto.hash` costs a fifth of a `createHash` object's round.
 */
export function tokenSecretDigest(secret: string): string {
  return crypto.hash('sha256', secret, 'base64');
}

export function hashTokenSecret(secret: string): Buffer {
  return Buffer.from(tokenSecretDigest(secret), 'base64');
}

export function secretsEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Random version-4 UUID whose first two hex digits carry the resource type (api-rules §2.1). */
export function newUuid(prefix: string): string {
  return prefix + crypto.randomUUID().slice(2);
}
