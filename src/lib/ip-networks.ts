import ipaddr from 'ipaddr.js';

export type IpFamily = 'IPv4' | 'IPv6';

/** A network in CIDR notation, as bytes so that containment and overlap are plain bit tests. */
export interface Cidr {
  family: IpFamily;
  bytes: number[];
  prefix: number;
}

const maxPrefix: Record<IpFamily, number> = { IPv4: 32, IPv6: 128 };
/** Room for at least a gateway and one host besides the network (and IPv4 broadcast) address. */
const largestUsablePrefix: Record<IpFamily, number> = { IPv4: 30, IPv6: 126 };
const examples: Record<IpFamily, string> = { IPv4: '172.16.0.0/24', IPv6: 'fd00:1::/64' };
const addressExamples: Record<IpFamily, string> = { IPv4: '172.16.0.1', IPv6: 'fd00:1::1' };

/**
 * The family of a literal address, or null. IPv4 must be four dotted decimals (ipaddr.js would
 * also take `10.1` or hexadecimal parts, which no one means in a network form), IPv6 without a zone.
 */
export function ipFamily(text: string): IpFamily | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return 'IPv4';
  if (!text.includes('%') && ipaddr.IPv6.isValid(text)) return 'IPv6';
  return null;
}

function bytesOf(address: string): number[] {
  return ipaddr.parse(address).toByteArray();
}

/** `address/prefix` with a literal address and a prefix in range, or null. */
export function parseCidr(text: string): Cidr | null {
  const match = /^([^/\s]+)\/(\d{1,3})$/.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  const family = ipFamily(match[1]);
  const prefix = Number(match[2]);
  if (!family || prefix > maxPrefix[family]) return null;
  return { family, bytes: bytesOf(match[1]), prefix };
}

function samePrefixBits(a: number[], b: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    const index = bit / 8;
    if (((a[index] ?? 0) & mask) !== ((b[index] ?? 0) & mask)) return false;
  }
  return true;
}

function hostBitsAre(cidr: Cidr, value: 0 | 1): boolean {
  return cidr.bytes.every((byte, index) => {
    const first = index * 8;
    const hostBits = Math.max(0, Math.min(8, first + 8 - cidr.prefix));
    const mask = (1 << hostBits) - 1;
    return (byte & mask) === (value === 0 ? 0 : mask);
  });
}

function networkOf(cidr: Cidr): Cidr {
  const bytes = cidr.bytes.map((byte, index) => {
    const keep = Math.max(0, Math.min(8, cidr.prefix - index * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return { ...cidr, bytes };
}

export function formatCidr(cidr: Cidr): string {
  return `${ipaddr.fromByteArray(cidr.bytes).toString()}/${cidr.prefix}`;
}

/** Whether `address` (a literal of either family) lies inside `cidr`. */
export function cidrContains(cidr: Cidr, address: string): boolean {
  if (ipFamily(address) !== cidr.family) return false;
  return samePrefixBits(cidr.bytes, bytesOf(address), cidr.prefix);
}

/** Two networks of one family overlap when the shorter prefix covers the other's network. */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  if (a.family !== b.family) return false;
  return samePrefixBits(a.bytes, b.bytes, Math.min(a.prefix, b.prefix));
}

/**
 * What is wrong with `text` as a private network's address range of `family`, or null when it is
 * fine: CIDR notation, the stated family, no host bits set, and room for a gateway and a host.
 */
export function checkNetworkCidr(text: string, family: IpFamily): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return `Give the network in CIDR notation, such as ${examples[family]}.`;
  const cidr = parseCidr(trimmed);
  if (!cidr) return `Not a network in CIDR notation, such as ${examples[family]}.`;
  if (cidr.family !== family) return `This is an ${cidr.family} network; the family is ${family}.`;
  if (cidr.prefix > largestUsablePrefix[family]) {
    return `A /${cidr.prefix} network has no room for hosts: use /${largestUsablePrefix[family]} or a shorter prefix.`;
  }
  if (!hostBitsAre(cidr, 0)) {
    return `Host bits are set: the network is ${formatCidr(networkOf(cidr))}.`;
  }
  return null;
}

/**
 * What is wrong with `gateway` for the network `cidrText`, or null: an address of the network's
 * family inside it that is neither the network address nor (IPv4) the broadcast address.
 * An empty gateway is fine (the API picks none); an invalid network is the CIDR field's error.
 */
export function checkGateway(gateway: string, cidrText: string): string | null {
  const trimmed = gateway.trim();
  if (trimmed === '') return null;
  const family = ipFamily(trimmed);
  const cidr = parseCidr(cidrText);
  if (!family) return `Not an IP address, such as ${addressExamples[cidr?.family ?? 'IPv4']}.`;
  if (!cidr) return null;
  if (family !== cidr.family) return `The gateway must be an ${cidr.family} address.`;
  const network = formatCidr(networkOf(cidr));
  if (!cidrContains(cidr, trimmed)) return `The gateway must be inside ${network}.`;
  const gatewayCidr: Cidr = { ...cidr, bytes: bytesOf(trimmed) };
  if (hostBitsAre(gatewayCidr, 0))
    return `The gateway cannot be the network address of ${network}.`;
  if (family === 'IPv4' && hostBitsAre(gatewayCidr, 1)) {
    return `The gateway cannot be the broadcast address of ${network}.`;
  }
  return null;
}

/** The first host address of a network: the usual gateway, offered as a default. */
export function firstHost(cidrText: string): string | null {
  const cidr = parseCidr(cidrText);
  if (!cidr || cidr.prefix > largestUsablePrefix[cidr.family]) return null;
  const bytes = networkOf(cidr).bytes;
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) | 1;
  return ipaddr.fromByteArray(bytes).toString();
}

/** Items of a list typed as text: separated by commas, spaces or new lines. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** What is wrong with a DHCP DNS server list, or null: every item an address of `family`. */
export function checkDnsServers(text: string, family: IpFamily): string | null {
  for (const item of splitList(text)) {
    const itemFamily = ipFamily(item);
    if (!itemFamily) return `“${item}” is not an IP address.`;
    if (itemFamily !== family) return `“${item}” is not an ${family} address.`;
  }
  return null;
}

/** What is wrong with a DHCP route list, or null: every item a network of `family` in CIDR form. */
export function checkDhcpRoutes(text: string, family: IpFamily): string | null {
  for (const item of splitList(text)) {
    const cidr = parseCidr(item);
    if (!cidr) return `“${item}” is not a network in CIDR notation, such as ${examples[family]}.`;
    if (cidr.family !== family) return `“${item}” is not an ${family} network.`;
    if (!hostBitsAre(cidr, 0))
      return `“${item}” has host bits set: use ${formatCidr(networkOf(cidr))}.`;
  }
  return null;
}

/** An http(s) URL, or null when `text` is empty; the error message otherwise. */
export function checkBootfileUrl(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // Falls through to the message below.
  }
  return 'Give an http:// or https:// address.';
}
