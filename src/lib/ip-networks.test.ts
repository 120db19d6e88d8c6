import { describe, expect, it } from 'vitest';
import {
  checkBootfileUrl,
  checkDhcpRoutes,
  checkDnsServers,
  checkGateway,
  checkNetworkCidr,
  cidrContains,
  cidrsOverlap,
  firstHost,
  ipFamily,
  parseCidr,
  splitList,
} from './ip-networks';

const cidr = (text: string) => {
  const parsed = parseCidr(text);
  if (!parsed) throw new Error(`bad test CIDR ${text}`);
  return parsed;
};

describe('ipFamily', () => {
  it('recognises dotted IPv4 and IPv6 literals only', () => {
    expect(ipFamily('172.16.0.1')).toBe('IPv4');
    expect(ipFamily('2a04:3545:1000:720::1')).toBe('IPv6');
    expect(ipFamily('::ffff:10.0.0.1')).toBe('IPv6');
    expect(ipFamily('10.1')).toBeNull();
    expect(ipFamily('0x0a.0.0.1')).toBeNull();
    expect(ipFamily('256.0.0.1')).toBeNull();
    expect(ipFamily('fe80::1%eth0')).toBeNull();
    expect(ipFamily('')).toBeNull();
  });
});

describe('parseCidr', () => {
  it('parses address and prefix, refusing prefixes beyond the family', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ family: 'IPv4', bytes: [10, 0, 0, 0], prefix: 8 });
    expect(parseCidr(' fd00::/64 ')?.prefix).toBe(64);
    expect(parseCidr('10.0.0.0/33')).toBeNull();
    expect(parseCidr('fd00::/129')).toBeNull();
    expect(parseCidr('10.0.0.0')).toBeNull();
    expect(parseCidr('10.0.0.0/')).toBeNull();
    expect(parseCidr('10.0.0.0/8/8')).toBeNull();
  });
});

describe('checkNetworkCidr', () => {
  it('accepts networks of the stated family with room for hosts', () => {
    expect(checkNetworkCidr('172.16.0.0/22', 'IPv4')).toBeNull();
    expect(checkNetworkCidr('10.20.30.0/30', 'IPv4')).toBeNull();
    expect(checkNetworkCidr('fd00:1:2::/64', 'IPv6')).toBeNull();
  });

  it('explains each kind of mistake', () => {
    expect(checkNetworkCidr('', 'IPv4')).toBe(
      'Give the network in CIDR notation, such as 172.16.0.0/24.',
    );
    expect(checkNetworkCidr('172.16.0.0', 'IPv4')).toBe(
      'Not a network in CIDR notation, such as 172.16.0.0/24.',
    );
    expect(checkNetworkCidr('fd00::/64', 'IPv4')).toBe(
      'This is an IPv6 network; the family is IPv4.',
    );
    expect(checkNetworkCidr('172.16.0.5/24', 'IPv4')).toBe(
      'Host bits are set: the network is 172.16.0.0/24.',
    );
    expect(checkNetworkCidr('172.16.0.4/31', 'IPv4')).toMatch(/no room for hosts/);
    expect(checkNetworkCidr('fd00::1/64', 'IPv6')).toBe(
      'Host bits are set: the network is fd00::/64.',
    );
  });
});

describe('checkGateway', () => {
  it('accepts an empty gateway and a host inside the network', () => {
    expect(checkGateway('', '172.16.0.0/24')).toBeNull();
    expect(checkGateway('172.16.0.1', '172.16.0.0/24')).toBeNull();
    expect(checkGateway('172.16.3.254', '172.16.0.0/22')).toBeNull();
    expect(checkGateway('fd00::1', 'fd00::/64')).toBeNull();
  });

  it('refuses addresses outside the network, of the other family, or reserved', () => {
    expect(checkGateway('172.16.1.1', '172.16.0.0/24')).toBe(
      'The gateway must be inside 172.16.0.0/24.',
    );
    expect(checkGateway('fd00::1', '172.16.0.0/24')).toBe('The gateway must be an IPv4 address.');
    expect(checkGateway('172.16.0.0', '172.16.0.0/24')).toBe(
      'The gateway cannot be the network address of 172.16.0.0/24.',
    );
    expect(checkGateway('172.16.0.255', '172.16.0.0/24')).toBe(
      'The gateway cannot be the broadcast address of 172.16.0.0/24.',
    );
    expect(checkGateway('gateway', '172.16.0.0/24')).toBe('Not an IP address, such as 172.16.0.1.');
  });

  it('leaves an invalid network to the network field', () => {
    expect(checkGateway('172.16.0.1', 'nonsense')).toBeNull();
  });
});

describe('containment and overlap', () => {
  it('tests containment bit by bit, including prefixes inside a byte', () => {
    expect(cidrContains(cidr('192.168.4.0/22'), '192.168.7.200')).toBe(true);
    expect(cidrContains(cidr('192.168.4.0/22'), '192.168.8.1')).toBe(false);
    expect(cidrContains(cidr('fd00:aa::/32'), 'fd00:aa:ff::1')).toBe(true);
    expect(cidrContains(cidr('fd00:aa::/32'), '10.0.0.1')).toBe(false);
  });

  it('finds overlapping networks of one family', () => {
    expect(cidrsOverlap(cidr('10.0.0.0/8'), cidr('10.20.0.0/16'))).toBe(true);
    expect(cidrsOverlap(cidr('10.0.0.0/24'), cidr('10.0.1.0/24'))).toBe(false);
    expect(cidrsOverlap(cidr('10.0.0.0/8'), cidr('fd00::/8'))).toBe(false);
  });

  it('suggests the first host as gateway', () => {
    expect(firstHost('172.16.8.0/22')).toBe('172.16.8.1');
    expect(firstHost('fd00:1::/64')).toBe('fd00:1::1');
    expect(firstHost('10.0.0.0/32')).toBeNull();
    expect(firstHost('x')).toBeNull();
  });
});

describe('DHCP options', () => {
  it('splits lists on commas, spaces and new lines', () => {
    expect(splitList(' 1.1.1.1, 8.8.8.8\n9.9.9.9 ,, ')).toEqual(['1.1.1.1', '8.8.8.8', '9.9.9.9']);
    expect(splitList('')).toEqual([]);
  });

  it('wants DNS servers of the network’s family', () => {
    expect(checkDnsServers('', 'IPv4')).toBeNull();
    expect(checkDnsServers('94.237.127.9, 94.237.40.9', 'IPv4')).toBeNull();
    expect(checkDnsServers('94.237.127.9, dns.example', 'IPv4')).toBe(
      '“dns.example” is not an IP address.',
    );
    expect(checkDnsServers('2a04:3540:53::1', 'IPv4')).toBe(
      '“2a04:3540:53::1” is not an IPv4 address.',
    );
  });

  it('wants routes as networks of the family without host bits', () => {
    expect(checkDhcpRoutes('10.0.0.0/8 192.168.0.0/24', 'IPv4')).toBeNull();
    expect(checkDhcpRoutes('10.0.0.1', 'IPv4')).toMatch(/not a network in CIDR notation/);
    expect(checkDhcpRoutes('fd00::/8', 'IPv4')).toBe('“fd00::/8” is not an IPv4 network.');
    expect(checkDhcpRoutes('10.0.0.1/8', 'IPv4')).toBe(
      '“10.0.0.1/8” has host bits set: use 10.0.0.0/8.',
    );
  });

  it('wants an http(s) boot file URL when one is given', () => {
    expect(checkBootfileUrl('')).toBeNull();
    expect(checkBootfileUrl('https://boot.example/pxe.efi')).toBeNull();
    expect(checkBootfileUrl('ftp://boot.example/pxe')).toBe('Give an http:// or https:// address.');
    expect(checkBootfileUrl('not a url')).toBe('Give an http:// or https:// address.');
  });
});
