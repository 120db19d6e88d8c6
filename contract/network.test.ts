import { describe, expect, it } from 'vitest';
import { bigIntToIp, cidrContains, cidrsOverlap, ipToBigInt, parseCidr } from './ip';
import { createNetworkRequestSchema } from './network';
import { staticRouteRequestSchema } from './router';

const create = (ipNetwork: Record<string, unknown>) =>
  createNetworkRequestSchema.safeParse({
    network: { name: 'n', zone: 'de-fra1', ip_networks: { ip_network: [ipNetwork] } },
  });
const issuePath = (ipNetwork: Record<string, unknown>) => {
  const result = create(ipNetwork);
  return result.success ? null : result.error.issues[0]!.path.at(-1);
};

describe('IP arithmetic', () => {
  it('parses and prints both families', () => {
    expect(bigIntToIp(ipToBigInt('172.16.0.1'), 'IPv4')).toBe('172.16.0.1');
    expect(bigIntToIp(ipToBigInt('fd00:0:0:1::5'), 'IPv6')).toBe('fd00:0:0:1::5');
    expect(bigIntToIp(ipToBigInt('::ffff:10.0.0.1'), 'IPv6')).toBe('::ffff:a00:1');
  });

  it('knows what a block contains and which blocks overlap', () => {
    const block = parseCidr('172.16.0.0/22')!;
    expect(cidrContains(block, '172.16.3.255')).toBe(true);
    expect(cidrContains(block, '172.16.4.0')).toBe(false);
    expect(cidrContains(block, 'fd00::1')).toBe(false);
    expect(cidrsOverlap(block, parseCidr('172.16.2.0/24')!)).toBe(true);
    expect(cidrsOverlap(block, parseCidr('172.16.4.0/24')!)).toBe(false);
    expect(parseCidr('172.16.0.1/24')!.hostBitsSet).toBe(true);
  });
});

describe('network create body', () => {
  it('accepts a private IPv4 network with DHCP options', () => {
    expect(
      create({
        address: '172.16.0.0/24',
        family: 'IPv4',
        dhcp: 'yes',
        gateway: '172.16.0.1',
        dhcp_dns: ['172.16.0.10'],
        dhcp_routes: ['192.168.0.0/24'],
      }).success,
    ).toBe(true);
  });

  it('names the field at fault', () => {
    const base = { address: '172.16.0.0/24', family: 'IPv4', dhcp: 'yes' };
    expect(issuePath({ ...base, address: '172.16.0.0' })).toBe('address');
    expect(issuePath({ ...base, address: '172.16.0.0/30' })).toBe('address');
    // The real service accepts a block with host bits set and echoes it (issue 18).
    expect(issuePath({ ...base, address: '172.16.0.1/24' })).toBe(null);
    expect(issuePath({ ...base, address: 'fd00::/64' })).toBe('address');
    expect(issuePath({ ...base, address: '10.0.0.0/30' })).toBe('address');
    expect(issuePath({ ...base, gateway: '172.16.1.1' })).toBe('gateway');
    expect(issuePath({ ...base, gateway: '172.16.0.255' })).toBe('gateway');
    expect(issuePath({ ...base, dhcp_dns: ['fd00::1'] })).toBe('dhcp_dns');
    expect(issuePath({ ...base, dhcp: 'no', dhcp_routes: ['10.0.0.0/8'] })).toBe('dhcp');
    expect(
      issuePath({ ...base, family: 'IPv6', address: 'fd00:1::/64', gateway: 'fd00:1::1' }),
    ).toBe(null);
  });
});

describe('static route', () => {
  it('takes an address of the same family or no-nexthop', () => {
    const route = (nexthop: string) =>
      staticRouteRequestSchema.safeParse({ route: '0.0.0.0/0', nexthop }).success;
    expect(route('10.0.0.1')).toBe(true);
    expect(route('no-nexthop')).toBe(true);
    expect(route('fd00::1')).toBe(false);
    expect(route('gateway')).toBe(false);
  });
});
