import { describe, expect, it } from 'vitest';
import {
  checkBootfileUrl,
  checkDhcpRoutes,
  checkDnsServers,
  checkGateway,
  checkNetworkCidr,
  firstHost,
  splitList,
} from './ip-networks';

describe('checkNetworkCidr', () => {
  it.each([
    ['172.16.0.0/22', 'IPv4'],
    ['10.20.30.0/29', 'IPv4'],
    ['10.0.0.0/8', 'IPv4'],
    ['fd00:1:2::/64', 'IPv6'],
  ] as const)('accepts %s, an %s network with room for hosts', (cidr, family) => {
    expect(checkNetworkCidr(cidr, family)).toBeNull();
  });

  it.each([
    ['', 'IPv4', 'Give the network in CIDR notation, such as 172.16.0.0/24.'],
    ['172.16.0.0', 'IPv4', 'Not a network in CIDR notation, such as 172.16.0.0/24.'],
    ['fd00::/64', 'IPv4', 'This is an IPv6 network; the family is IPv4.'],
    ['172.16.0.5/24', 'IPv4', 'Host bits are set: the network is 172.16.0.0/24.'],
    ['172.16.0.0/30', 'IPv4', 'An IPv4 network needs a prefix from /8 to /29.'],
    ['fd00::/32', 'IPv6', 'An IPv6 network needs a prefix from /48 to /64.'],
    ['fd00::1/64', 'IPv6', 'Host bits are set: the network is fd00::/64.'],
  ] as const)('explains the mistake in %j (%s)', (cidr, family, message) => {
    expect(checkNetworkCidr(cidr, family)).toBe(message);
  });
});

describe('checkGateway', () => {
  it.each([
    ['', '172.16.0.0/24'],
    ['172.16.0.1', '172.16.0.0/24'],
    ['172.16.3.254', '172.16.0.0/22'],
    ['fd00::1', 'fd00::/64'],
  ])('accepts %j, empty or a host inside %s', (gateway, network) => {
    expect(checkGateway(gateway, network)).toBeNull();
  });

  it.each([
    ['172.16.1.1', 'The gateway must be inside 172.16.0.0/24.'],
    ['fd00::1', 'The gateway must be an IPv4 address.'],
    ['172.16.0.0', 'The gateway cannot be the network address of 172.16.0.0/24.'],
    ['172.16.0.255', 'The gateway cannot be the broadcast address of 172.16.0.0/24.'],
    ['gateway', 'Not an IP address, such as 172.16.0.1.'],
  ])(
    'refuses %s in 172.16.0.0/24: outside the network, of the other family, or reserved',
    (gateway, message) => {
      expect(checkGateway(gateway, '172.16.0.0/24')).toBe(message);
    },
  );

  it('leaves an invalid network to the network field', () => {
    expect(checkGateway('172.16.0.1', 'nonsense')).toBeNull();
  });
});

describe('firstHost', () => {
  it('suggests the first host of a usable network as gateway', () => {
    expect(firstHost('172.16.8.0/22')).toBe('172.16.8.1');
    expect(firstHost('fd00:1::/64')).toBe('fd00:1::1');
    expect(firstHost('10.0.0.0/30')).toBeNull();
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
    expect(checkDnsServers('1.1.1.1 1.0.0.1 8.8.8.8 8.8.4.4 9.9.9.9', 'IPv4')).toBe(
      'At most 4 DNS servers.',
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
