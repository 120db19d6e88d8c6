import crypto from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Clock } from '../clock';
import { secretsEqual, tokenSecretDigest, verifyPassword } from '../credentials';
import type { AccountRepository, AccountRow } from '../store/accounts';
import type { TokenRepository, TokenRow } from '../store/tokens';
import { ApiProblem } from './errors';

export interface Principal {
  account: AccountRow;
  /** The account whose resources, credits and limits this request acts on. */
  owner: AccountRow;
  method: 'token' | 'basic';
  token?: TokenRow;
}

export interface AuthOptions {
  accounts: AccountRepository;
  tokens: TokenRepository;
  clock: Clock;
  /** Hashes at the sandbox's cost (the decoy a wrong username is checked against). */
  hashPassword: (password: string) => string;
  /** Failed attempts one address may make per window before it is refused for the window. */
  failureLimit: number;
  failureWindowMs: number;
  /**
   * Failed password attempts against one username per window, from all addresses together
   * (default five times the address budget): guesses spread over many addresses still run out.
   */
  usernameFailureLimit?: number;
  /**
   * Moves with every write to the database (SQLite's `total_changes()`): a token's principal is
   * remembered only while it has not moved.
   */
  version: () => number;
  /** Tokens whose principal is remembered at most (default 1,000; the oldest is forgotten). */
  knownTokenLimit?: number;
}

/** A token's principal as the database gave it, while the database's version has not moved. */
interface KnownToken {
  version: number;
  token: TokenRow;
  account: AccountRow;
  owner: AccountRow;
  expiresAt: number;
  ranges: string[];
  /** The last address judged against the ranges, and the verdict: most clients keep one. */
  ip: string;
  ipAllowed: boolean;
}

/** Only Bearer is offered: a Basic challenge would make browsers pop up their own sign-in dialog. */
export const authenticateHeader = 'Bearer realm="Skydeck sandbox"';

const authFailed = () =>
  new ApiProblem(
    401,
    'AUTHENTICATION_FAILED',
    'Authentication failed using the given credentials.',
    {
      'WWW-Authenticate': authenticateHeader,
    },
  );

/**
 * Clients' IPv4-mapped addresses are judged as IPv4 (ipAllowed), so an IPv4-mapped block is too:
 * `::ffff:127.0.0.0/104` is `127.0.0.0/8`.
 */
function ipv4Block(cidr: [ipaddr.IPv4 | ipaddr.IPv6, number]): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const [address, bits] = cidr;
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
  }
  return cidr;
}

function parseRange(range: string): (address: ipaddr.IPv4 | ipaddr.IPv6) => boolean {
  const dash = range.indexOf('-');
  if (dash > 0) {
    const first = ipaddr.process(range.slice(0, dash));
    const last = ipaddr.process(range.slice(dash + 1));
    const key = (a: ipaddr.IPv4 | ipaddr.IPv6) => Buffer.from(a.toByteArray()).toString('hex');
    return (address) =>
      address.kind() === first.kind() && key(address) >= key(first) && key(address) <= key(last);
  }
  const cidr = range.includes('/') ? ipv4Block(ipaddr.parseCIDR(range)) : undefined;
  const single = cidr ? undefined : ipaddr.process(range);
  return (address) => {
    if (cidr) return address.kind() === cidr[0].kind() && address.match(cidr);
    return address.kind() === single!.kind() && address.toString() === single!.toString();
  };
}

type RangeMatcher = (address: ipaddr.IPv4 | ipaddr.IPv6) => boolean;
const never: RangeMatcher = () => false;
// Every request checks its token's ranges; a range is parsed once, not per request.
const parsedRanges = new Map<string, RangeMatcher>();

function matcherFor(range: string): RangeMatcher {
  let matcher = parsedRanges.get(range);
  if (!matcher) {
    try {
      matcher = parseRange(range);
    } catch {
      matcher = never;
    }
    if (parsedRanges.size > 10_000) parsedRanges.clear();
    parsedRanges.set(range, matcher);
  }
  return matcher;
}

export function ipAllowed(ip: string, ranges: string[]): boolean {
  if (!ipaddr.isValid(ip)) return false;
  // An IPv4-mapped IPv6 address (a dual-stack socket's view of IPv4) is judged as IPv4, in the
  // client's address and in the ranges alike.
  const address = ipaddr.process(ip);
  return ranges.some((range) => matcherFor(range)(address));
}

type Failures = Map<string, { count: number; since: number }>;

/**
 * Authenticates every API request (api-rules §5): Bearer API tokens, or Basic for accounts with API
 * access. Repeated failures from one address, or against one username, are refused for a while, so
 * passwords and token secrets cannot be guessed at speed. A valid token still works from an address
 * refused for its failures: a token is not guessable, and its owner should not be locked out by
 * someone guessing passwords from the same network.
 */
export function createAuthenticator(options: AuthOptions) {
  const decoyHash = options.hashPassword(crypto.randomUUID());
  const { accounts, tokens, clock } = options;
  const usernameFailureLimit = options.usernameFailureLimit ?? options.failureLimit * 5;
  const byAddress: Failures = new Map();
  const byUsername: Failures = new Map();
  // The addresses each username last signed in from (a few per username, for a day): a username
  // refused for guesses from elsewhere is still open to them, so whoever guesses cannot lock the
  // account's owner out of password sign-in.
  const signedInFrom = new Map<string, Map<string, number>>();
  const knownAddressesPerUsername = 8;
  const knownAddressMs = 24 * 3_600_000;
  const knownAddress = (username: string, ip: string) =>
    (signedInFrom.get(username)?.get(ip) ?? 0) > clock.now().getTime();
  function rememberAddress(username: string, ip: string) {
    let addresses = signedInFrom.get(username);
    if (!addresses) {
      if (signedInFrom.size >= 10_000) signedInFrom.delete(signedInFrom.keys().next().value!);
      addresses = new Map();
      signedInFrom.set(username, addresses);
    }
    addresses.delete(ip);
    if (addresses.size >= knownAddressesPerUsername)
      addresses.delete(addresses.keys().next().value!);
    addresses.set(ip, clock.now().getTime() + knownAddressMs);
  }
  // scrypt is deliberately slow; a verified Basic credential is remembered briefly so a client
  // making many calls pays the cost once. The key is a digest, never the password itself.
  const basicCache = new Map<string, { accountId: number; passwordHash: string; until: number }>();
  const touched = new Map<string, number>();
  // Every request of a token client authenticates: reading the token and its accounts anew each
  // time is a fifth of a cached read. What was read is kept under the secret's digest until any
  // write (a revoke, an account deleted, a permission or range changed) moves the version.
  const knownTokens = new Map<string, KnownToken>();
  const knownTokenLimit = options.knownTokenLimit ?? 1000;

  /** The token whose secret's digest (credentials.ts `tokenSecretDigest`) is `key`. */
  function knownToken(key: string): KnownToken | undefined {
    const version = options.version();
    const known = knownTokens.get(key);
    if (known?.version === version) return known;
    knownTokens.delete(key);
    const hash = Buffer.from(key, 'base64');
    const token = tokens.findBySecretHash(hash);
    if (!token || !secretsEqual(token.secret_hash, hash)) return undefined;
    const account = accounts.findById(token.account_id);
    if (!account) return undefined;
    if (knownTokens.size >= knownTokenLimit) knownTokens.delete(knownTokens.keys().next().value!);
    const fresh: KnownToken = {
      version,
      token,
      account,
      owner: accounts.owner(account),
      expiresAt: new Date(token.expires_at).getTime(),
      ranges: JSON.parse(token.allowed_ip_ranges) as string[],
      ip: '',
      ipAllowed: false,
    };
    knownTokens.set(key, fresh);
    return fresh;
  }

  /** Seconds until `key` may try again, or undefined when it is within its budget. */
  function refusedFor(failures: Failures, key: string, limit: number) {
    const entry = failures.get(key);
    if (!entry) return undefined;
    const now = clock.now().getTime();
    if (now - entry.since > options.failureWindowMs) {
      failures.delete(key);
      return undefined;
    }
    if (entry.count < limit) return undefined;
    return Math.ceil((entry.since + options.failureWindowMs - now) / 1000);
  }

  const tooMany = (retry: number, what: string) =>
    new ApiProblem(
      429,
      'TOO_MANY_AUTHENTICATION_FAILURES',
      `Too many failed sign-in attempts ${what}. Try again in ${retry} seconds.`,
      { 'Retry-After': String(retry), 'WWW-Authenticate': authenticateHeader },
    );

  function recordFailure(failures: Failures, key: string) {
    const now = clock.now().getTime();
    const entry = failures.get(key);
    if (!entry || now - entry.since > options.failureWindowMs) {
      // Expired entries of addresses that never came back are dropped, so the map stays bounded.
      if (failures.size > 100_000) failures.clear();
      failures.set(key, { count: 1, since: now });
    } else entry.count += 1;
  }

  function viaToken(secret: string, ip: string): Principal | undefined {
    const known = knownToken(tokenSecretDigest(secret));
    if (!known) return undefined;
    const now = clock.now();
    if (known.expiresAt <= now.getTime()) return undefined;
    if (known.ip !== ip) {
      known.ipAllowed = ipAllowed(ip, known.ranges);
      known.ip = ip;
    }
    if (!known.ipAllowed) return undefined;
    const { token, account, owner } = known;
    // last_used_at is kept to the minute: writing it on every call would make reads cost a write.
    const last = touched.get(token.id) ?? 0;
    if (now.getTime() - last > 60_000) {
      touched.set(token.id, now.getTime());
      tokens.markUsed(token.id, now.toISOString());
    }
    return { account, owner, method: 'token', token };
  }

  async function viaBasic(encoded: string, ip: string): Promise<Principal | undefined> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return undefined;
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    const retry = refusedFor(byUsername, username, usernameFailureLimit);
    if (retry !== undefined && !knownAddress(username, ip)) {
      throw tooMany(retry, 'for this username');
    }
    const account = accounts.findByUsername(username);
    if (!account || !account.allow_api) {
      // Same work as a real check, so response time does not reveal which usernames exist.
      await verifyPassword(password, decoyHash);
      return undefined;
    }
    const key = crypto.createHash('sha256').update(decoded).digest('base64');
    const now = clock.now().getTime();
    const cached = basicCache.get(key);
    const known =
      cached &&
      cached.until > now &&
      cached.accountId === account.id &&
      cached.passwordHash === account.password_hash;
    if (!known) {
      if (!(await verifyPassword(password, account.password_hash))) {
        recordFailure(byUsername, username);
        return undefined;
      }
      // Another request may have been refused for this address while the hash was computed.
      const late = refusedFor(byAddress, ip, options.failureLimit);
      if (late !== undefined) throw tooMany(late, 'from this address');
      rememberAddress(username, ip);
      if (basicCache.size > 10_000) basicCache.clear();
      basicCache.set(key, {
        accountId: account.id,
        passwordHash: account.password_hash,
        until: now + 300_000,
      });
    }
    return { account, owner: accounts.owner(account), method: 'basic' };
  }

  /** The refusal of a request that gave no valid credentials. */
  function refuse(throttled: number | undefined, ip: string): never {
    if (throttled !== undefined) throw tooMany(throttled, 'from this address');
    recordFailure(byAddress, ip);
    throw authFailed();
  }

  /**
   * The principal of a request, or a refusal thrown. A token is checked at once (no promise for
   * the request to wait on); a password asynchronously (scrypt), its refusal as a rejection.
   */
  return function authenticate(
    header: string | undefined,
    ip: string,
  ): Principal | Promise<Principal> {
    const [scheme = '', credential = ''] = (header ?? '').trim().split(/\s+/, 2);
    const kind = scheme.toLowerCase();
    const throttled = refusedFor(byAddress, ip, options.failureLimit);
    if (kind === 'bearer' && credential) return viaToken(credential, ip) ?? refuse(throttled, ip);
    if (throttled === undefined && kind === 'basic' && credential) {
      return viaBasic(credential, ip).then((principal) => principal ?? refuse(throttled, ip));
    }
    return refuse(throttled, ip);
  };
}
