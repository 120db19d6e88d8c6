import ipaddr from 'ipaddr.js';
import { z } from 'zod/mini';

export const ipFamilySchema = z.enum(['IPv4', 'IPv6']);
export type IpFamily = z.infer<typeof ipFamilySchema>;

// Which texts are addresses is the wire's rule (zod's): ipaddr.js also reads forms the API refuses
// (`1`, octal and hex parts, IPv6 zone ids). ipaddr.js reads and compares the texts that pass.
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

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const bytesToBigInt = (bytes: number[]) =>
  bytes.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);

/** A valid address as an integer (IPv6 `::` and a dotted IPv4 tail expanded). */
export const ipToBigInt = (text: string): bigint => bytesToBigInt(ipaddr.parse(text).toByteArray());

/** An integer back to text: dotted IPv4, or IPv6 with the longest zero run compressed. */
export function bigIntToIp(value: bigint, family: IpFamily): string {
  const length = family === 'IPv4' ? 4 : 16;
  const bytes = Array.from({ length }, (_, i) =>
    Number((value >> BigInt(8 * (length - 1 - i))) & 0xffn),
  );
  return ipaddr.fromByteArray(bytes).toString();
}

export interface Cidr {
  family: IpFamily;
  /** The first address of the block. */
  base: bigint;
  prefix: number;
  /** The given address had bits set beyond the prefix (`172.16.0.1/24`). */
  hostBitsSet: boolean;
  /** The block's network address, for ipaddr.js's matching. */
  network: Address;
}

/** A CIDR block, or null when the text is none. */
export function parseCidr(text: string): Cidr | null {
  const family = cidrFamilyOf(text);
  if (!family) return null;
  const [address, prefix] = ipaddr.parseCIDR(text);
  const network =
    family === 'IPv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(text)
      : ipaddr.IPv6.networkAddressFromCIDR(text);
  const base = bytesToBigInt(network.toByteArray());
  return {
    family,
    base,
    prefix,
    hostBitsSet: base !== bytesToBigInt(address.toByteArray()),
    network,
  };
}

/** Number of addresses in a block. */
export const cidrSize = (cidr: Cidr) =>
  1n << BigInt((cidr.family === 'IPv4' ? 32 : 128) - cidr.prefix);

/** Whether an address lies inside a block of the same family. */
export const cidrContains = (cidr: Cidr, address: string): boolean =>
  ipFamilyOf(address) === cidr.family && ipaddr.parse(address).match(cidr.network, cidr.prefix);

/** Whether two blocks share any address: aligned blocks do when one holds the other's start. */
export const cidrsOverlap = (a: Cidr, b: Cidr): boolean =>
  a.family === b.family &&
  (a.network.match(b.network, b.prefix) || b.network.match(a.network, a.prefix));

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
