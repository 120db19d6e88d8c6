import { bigIntToIp, cidrContains, cidrSize, ipFamilyOf, parseCidr } from '../../contract/ip';
import type { Cidr, IpFamily } from '../../contract/ip';
import { prefixLimits } from '../../contract/network';

const examples: Record<IpFamily, string> = { IPv4: '172.16.0.0/24', IPv6: 'fd00:1::/64' };
const addressExamples: Record<IpFamily, string> = { IPv4: '172.16.0.1', IPv6: 'fd00:1::1' };

/** The network a block belongs to, written with its host bits cleared. */
export function formatCidr(cidr: Cidr): string {
  return `${bigIntToIp(cidr.base, cidr.family)}/${cidr.prefix}`;
}

/**
 * What is wrong with `text` as a private network's block of `family`, or null when it is fine:
 * CIDR notation, the stated family, a prefix the API accepts, and no host bits set.
 */
export function checkNetworkCidr(text: string, family: IpFamily): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return `Give the network in CIDR notation, such as ${examples[family]}.`;
  const cidr = parseCidr(trimmed);
  if (!cidr) return `Not a network in CIDR notation, such as ${examples[family]}.`;
  if (cidr.family !== family) return `This is an ${cidr.family} network; the family is ${family}.`;
  const { min, max } = prefixLimits[family];
  if (cidr.prefix < min || cidr.prefix > max) {
    return `An ${family} network needs a prefix from /${min} to /${max}.`;
  }
  if (cidr.hostBitsSet) return `Host bits are set: the network is ${formatCidr(cidr)}.`;
  return null;
}

/**
 * What is wrong with `gateway` for the network `cidrText`, or null: an address of the network's
 * family inside it that is neither the network address nor (IPv4) the broadcast address.
 * An empty gateway is fine (none is set); an invalid network is the network field's error.
 */
export function checkGateway(gateway: string, cidrText: string): string | null {
  const trimmed = gateway.trim();
  if (trimmed === '') return null;
  const cidr = parseCidr(cidrText.trim());
  const family = ipFamilyOf(trimmed);
  if (!family) return `Not an IP address, such as ${addressExamples[cidr?.family ?? 'IPv4']}.`;
  if (!cidr) return null;
  if (family !== cidr.family) return `The gateway must be an ${cidr.family} address.`;
  const network = formatCidr(cidr);
  if (!cidrContains(cidr, trimmed)) return `The gateway must be inside ${network}.`;
  const inside = parseCidr(`${trimmed}/${cidr.prefix}`);
  if (inside && !inside.hostBitsSet) {
    return `The gateway cannot be the network address of ${network}.`;
  }
  if (family === 'IPv4' && trimmed === bigIntToIp(cidr.base + cidrSize(cidr) - 1n, family)) {
    return `The gateway cannot be the broadcast address of ${network}.`;
  }
  return null;
}

/** The first host address of a usable network: the usual gateway, offered as a hint. */
export function firstHost(cidrText: string): string | null {
  const cidr = parseCidr(cidrText.trim());
  if (!cidr || cidr.prefix > prefixLimits[cidr.family].max) return null;
  return bigIntToIp(cidr.base + 1n, cidr.family);
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
  const items = splitList(text);
  if (items.length > 4) return 'At most 4 DNS servers.';
  for (const item of items) {
    const itemFamily = ipFamilyOf(item);
    if (!itemFamily) return `“${item}” is not an IP address.`;
    if (itemFamily !== family) return `“${item}” is not an ${family} address.`;
  }
  return null;
}

/** What is wrong with a DHCP route list, or null: every item a network of `family` in CIDR form. */
export function checkDhcpRoutes(text: string, family: IpFamily): string | null {
  const items = splitList(text);
  if (items.length > 32) return 'At most 32 routes.';
  for (const item of items) {
    const cidr = parseCidr(item);
    if (!cidr) return `“${item}” is not a network in CIDR notation, such as ${examples[family]}.`;
    if (cidr.family !== family) return `“${item}” is not an ${family} network.`;
    if (cidr.hostBitsSet) return `“${item}” has host bits set: use ${formatCidr(cidr)}.`;
  }
  return null;
}

/** What is wrong with a boot file URL, or null: empty, or an http(s) address. */
export function checkBootfileUrl(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || /^https?:\/\/\S+$/.test(trimmed)) return null;
  return 'Give an http:// or https:// address.';
}
