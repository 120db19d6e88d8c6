import { z } from 'zod/mini';

export const ipFamilySchema = z.enum(['IPv4', 'IPv6']);
export type IpFamily = z.infer<typeof ipFamilySchema>;

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();
const cidrv4 = z.cidrv4();
const cidrv6 = z.cidrv6();

/** The family of an address, or null when the text is no IPv4 or IPv6 address. */
export function ipFamilyOf(text: string): IpFamily | null {
  if (ipv4.safeParse(text).success) return 'IPv4';
  if (ipv6.safeParse(text).success) return 'IPv6';
  return null;
}

/** The family of a CIDR block (`172.16.0.0/22`, `fd00::/64`), or null. */
export function cidrFamilyOf(text: string): IpFamily | null {
  if (cidrv4.safeParse(text).success) return 'IPv4';
  if (cidrv6.safeParse(text).success) return 'IPv6';
  return null;
}

const bits = (family: IpFamily) => (family === 'IPv4' ? 32 : 128);

/** A valid address as an integer (IPv6 `::` and a dotted IPv4 tail expanded). */
export function ipToBigInt(text: string): bigint {
  if (!text.includes(':')) {
    return text.split('.').reduce((sum, part) => (sum << 8n) | BigInt(Number(part)), 0n);
  }
  let address = text;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const value = ipToBigInt(dotted[1]!);
    address = `${address.slice(0, dotted.index)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const groups = (part: string) =>
    part ? part.split(':').map((g) => BigInt(parseInt(g, 16))) : [];
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  const words = [...start, ...Array<bigint>(8 - start.length - end.length).fill(0n), ...end];
  return words.reduce((sum, word) => (sum << 16n) | word, 0n);
}

/** An integer back to text: dotted IPv4, or IPv6 with the longest zero run compressed. */
export function bigIntToIp(value: bigint, family: IpFamily): string {
  if (family === 'IPv4') {
    return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  }
  const words = Array.from({ length: 8 }, (_, i) => (value >> BigInt(112 - 16 * i)) & 0xffffn);
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    if (words[i] !== 0n) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0n) j += 1;
    if (j - i > best.length && j - i > 1) best = { start: i, length: j - i };
    i = j;
  }
  const hexWords = words.map((word) => word.toString(16));
  if (best.start === -1) return hexWords.join(':');
  const head = hexWords.slice(0, best.start).join(':');
  const tail = hexWords.slice(best.start + best.length).join(':');
  return `${head}::${tail}`;
}

export interface Cidr {
  family: IpFamily;
  /** The first address of the block. */
  base: bigint;
  prefix: number;
  /** The given address had bits set beyond the prefix (`172.16.0.1/24`). */
  hostBitsSet: boolean;
}

/** A CIDR block, or null when the text is none. */
export function parseCidr(text: string): Cidr | null {
  const family = cidrFamilyOf(text);
  if (!family) return null;
  const [address = '', prefixText = ''] = text.split('/');
  const prefix = Number(prefixText);
  const value = ipToBigInt(address);
  const hostBits = BigInt(bits(family) - prefix);
  const base = (value >> hostBits) << hostBits;
  return { family, base, prefix, hostBitsSet: base !== value };
}

/** Number of addresses in a block. */
export const cidrSize = (cidr: Cidr) => 1n << BigInt(bits(cidr.family) - cidr.prefix);

/** Whether an address lies inside a block of the same family. */
export function cidrContains(cidr: Cidr, address: string): boolean {
  if (ipFamilyOf(address) !== cidr.family) return false;
  const value = ipToBigInt(address);
  return value >= cidr.base && value < cidr.base + cidrSize(cidr);
}

/** Whether two blocks share any address. */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  if (a.family !== b.family) return false;
  return a.base < b.base + cidrSize(b) && b.base < a.base + cidrSize(a);
}

export const ipAddressTextSchema = z
  .string()
  .check(
    z.refine((text) => ipFamilyOf(text) !== null, { message: 'Not an IPv4 or IPv6 address.' }),
  );

export const cidrTextSchema = z.string().check(
  z.refine((text) => cidrFamilyOf(text) !== null, {
    message: 'Not a CIDR block, such as 172.16.0.0/24.',
  }),
);

/** MAC addresses as the platform writes them: six lowercase or uppercase hex pairs. */
export const macAddressSchema = z
  .string()
  .check(
    z.regex(/^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/, 'A MAC address, such as da:45:c4:5c:a5:b7.'),
  );
