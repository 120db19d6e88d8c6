import { describe, expect, it } from 'vitest';
import type { IpAddress } from '../../../contract/ip-address';
import { ipAddressListResponseSchema, ipAddressResponseSchema } from '../../../contract/ip-address';
import { networkResponseSchema } from '../../../contract/network';
import { serverInterfaceResponseSchema } from '../../../contract/server';
import { demoAuth, expectProblem, manualClock, otherAuth } from '../testing';
import { ipv4Block, sandboxSuite } from './test-helpers';

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { call, ok, server, serverNamed, auditCount, createNetwork, stoppedServer } = sandboxSuite({
  clock,
  authFailureLimit: 1_000_000,
});

const addresses = async (auth = demoAuth) =>
  ipAddressListResponseSchema.parse(
    (await ok('GET', '/1.3/ip_address', undefined, 200, auth)).json(),
  ).ip_addresses.ip_address;
const address = async (text: string, auth = demoAuth): Promise<IpAddress> =>
  ipAddressResponseSchema.parse(
    (await ok('GET', `/1.3/ip_address/${text}`, undefined, 200, auth)).json(),
  ).ip_address;
const add = async (body: Record<string, unknown>, auth = demoAuth) =>
  ipAddressResponseSchema.parse(
    (await ok('POST', '/1.3/ip_address', { ip_address: body }, 201, auth)).json(),
  ).ip_address;
const publicOf = async (title: string) => {
  const machine = await serverNamed(title);
  const nic = machine.networking.interfaces.interface.find((item) => item.type === 'public')!;
  return { machine, nic, address: nic.ip_addresses.ip_address[0]!.address };
};

describe('IP address list and details', () => {
  it("lists the account's addresses with access, PTR, server and MAC", async () => {
    const { machine, nic, address: text } = await publicOf('web-1');
    const listed = await addresses();
    expect(listed.find((item) => item.address === text)).toEqual({
      address: text,
      access: 'public',
      family: 'IPv4',
      part_of_plan: 'yes',
      ptr_record: `${text.replaceAll('.', '-')}.de-fra1.upcloud.host`,
      server: machine.uuid,
      mac: nic.mac,
      floating: 'no',
      zone: 'de-fra1',
      release_policy: 'release',
      network: nic.network,
    });
    const utility = machine.ip_addresses.ip_address.find((item) => item.access === 'utility')!;
    expect(await address(utility.address)).toMatchObject({
      access: 'utility',
      ptr_record: '',
      part_of_plan: 'no',
    });
    const theirs = await addresses(otherAuth);
    expect(theirs.length).toBeGreaterThan(0);
    expect(listed.some((item) => theirs.some((other) => other.address === item.address))).toBe(
      false,
    );
  });

  it('answers 403 for another account’s address, 404 for none, 400 for no address', async () => {
    const [theirs] = await addresses(otherAuth);
    expectProblem(
      await call('GET', `/1.3/ip_address/${theirs!.address}`),
      403,
      'IP_ADDRESS_FORBIDDEN',
    );
    expectProblem(
      await call('PATCH', `/1.3/ip_address/${theirs!.address}`, {
        ip_address: { ptr_record: 'x.example.com' },
      }),
      403,
      'IP_ADDRESS_FORBIDDEN',
    );
    expectProblem(
      await call('DELETE', `/1.3/ip_address/${theirs!.address}`),
      403,
      'IP_ADDRESS_FORBIDDEN',
    );
    expectProblem(await call('GET', '/1.3/ip_address/192.0.2.1'), 404, 'IP_ADDRESS_NOT_FOUND');
    expectProblem(await call('GET', '/1.3/ip_address/not-an-ip'), 400, 'IP_ADDRESS_INVALID');
  });
});

describe('adding addresses', () => {
  it('adds floating addresses detached or bound to an interface, and moves them', async () => {
    const { machine, nic } = await publicOf('web-1');
    const detached = await add({ family: 'IPv4', floating: 'yes', zone: 'de-fra1' });
    expect(detached).toMatchObject({
      access: 'public',
      floating: 'yes',
      zone: 'de-fra1',
      release_policy: 'keep',
    });
    expect(detached).not.toHaveProperty('server');
    expect(detached).not.toHaveProperty('mac');

    const bound = await add({ floating: 'yes', mac: nic.mac });
    expect(bound).toMatchObject({
      floating: 'yes',
      server: machine.uuid,
      mac: nic.mac,
      zone: 'de-fra1',
    });
    const nicNow = (await server(machine.uuid)).networking.interfaces.interface.find(
      (item) => item.mac === nic.mac,
    )!;
    expect(nicNow.ip_addresses.ip_address).toContainEqual({
      address: bound.address,
      family: 'IPv4',
      floating: 'yes',
      dhcp_provided: 'no',
      release_policy: 'keep',
    });

    const moved = ipAddressResponseSchema.parse(
      (
        await ok(
          'PATCH',
          `/1.3/ip_address/${detached.address}`,
          { ip_address: { mac: nic.mac } },
          202,
        )
      ).json(),
    ).ip_address;
    expect(moved).toMatchObject({ server: machine.uuid, mac: nic.mac });
    const loose = ipAddressResponseSchema.parse(
      (
        await ok('PATCH', `/1.3/ip_address/${moved.address}`, { ip_address: { mac: null } }, 202)
      ).json(),
    ).ip_address;
    expect(loose).not.toHaveProperty('server');
    expect(loose).not.toHaveProperty('mac');

    const utilityMac = (await server(machine.uuid)).networking.interfaces.interface.find(
      (item) => item.type === 'utility',
    )!.mac;
    const dbMac = (await publicOf('db-1')).nic.mac;
    const looseUrl = `/1.3/ip_address/${loose.address}`;
    const floatingIpv6 = { family: 'IPv6', floating: 'yes', zone: 'de-fra1' };
    for (const [method, url, ipAddress, status, code] of [
      ['PATCH', looseUrl, { mac: utilityMac }, 400, 'MAC_INVALID'],
      ['PATCH', looseUrl, { mac: 'da:00:00:00:00:01' }, 400, 'MAC_INVALID'],
      ['PATCH', looseUrl, { mac: dbMac }, 409, 'ZONE_MISMATCH'],
      ['POST', '/1.3/ip_address', floatingIpv6, 400, 'FLOATING_IP_NOT_AVAILABLE'],
      ['POST', '/1.3/ip_address', { floating: 'yes' }, 400, 'ZONE_MISSING'],
    ] as const) {
      expectProblem(await call(method, url, { ip_address: ipAddress }), status, code);
    }
  });

  it('adds public, utility and private addresses to a stopped server only', async () => {
    const web = await serverNamed('web-1');
    expectProblem(
      await call('POST', '/1.3/ip_address', { ip_address: { server: web.uuid, family: 'IPv4' } }),
      409,
      'SERVER_STATE_ILLEGAL',
    );
    const machine = await stoppedServer('ip-add');
    const v6 = await add({
      server: machine.uuid,
      family: 'IPv6',
      access: 'public',
      ptr_record: 'v6.example.com',
    });
    expect(v6).toMatchObject({
      family: 'IPv6',
      access: 'public',
      server: machine.uuid,
      ptr_record: 'v6.example.com',
      part_of_plan: 'no',
    });
    expect(v6.address).toMatch(/^2a04:3545:/);
    expect(await address(v6.address)).toEqual(v6);
    const details = await server(machine.uuid);
    expect(details.networking.interfaces.interface.map((nic) => [nic.index, nic.type])).toEqual([
      [1, 'utility'],
      [2, 'public'],
      [3, 'public'],
    ]);
    expect(details.ip_addresses.ip_address).toContainEqual({
      access: 'public',
      address: v6.address,
      family: 'IPv6',
    });

    expectProblem(
      await call('POST', '/1.3/ip_address', {
        ip_address: { server: machine.uuid, family: 'IPv6', access: 'utility' },
      }),
      400,
      'FAMILY_INVALID',
    );
    expectProblem(
      await call('POST', '/1.3/ip_address', {
        ip_address: { server: machine.uuid, access: 'utility', ptr_record: 'u.example.com' },
      }),
      400,
      'PTR_RECORD_NOT_SUPPORTED',
    );
    expectProblem(
      await call('POST', '/1.3/ip_address', { ip_address: { family: 'IPv4' } }),
      400,
      'SERVER_MISSING',
    );
    expectProblem(
      await call('POST', '/1.3/ip_address', {
        ip_address: { server: machine.uuid, family: 'IPv5' },
      }),
      400,
      'FAMILY_INVALID',
    );

    const net = await createNetwork({
      name: 'ip net',
      ip_networks: { ip_network: [ipv4Block('172.26.0.0/24', { gateway: '172.26.0.1' })] },
    });
    const privateNic = serverInterfaceResponseSchema.parse(
      (
        await ok(
          'POST',
          `/1.3/server/${machine.uuid}/networking/interface`,
          { interface: { type: 'private', network: net.uuid } },
          201,
        )
      ).json(),
    ).interface;
    const second = await add({ server: machine.uuid, access: 'private', mac: privateNic.mac });
    expect(second).toMatchObject({
      access: 'private',
      address: '172.26.0.3',
      network: net.uuid,
      mac: privateNic.mac,
    });
    expectProblem(
      await call('POST', '/1.3/ip_address', {
        ip_address: {
          server: machine.uuid,
          access: 'private',
          family: 'IPv6',
          mac: privateNic.mac,
        },
      }),
      409,
      'DUAL_STACK_INTERFACE',
    );
    expectProblem(
      await call('DELETE', `/1.3/ip_address/${second.address}`),
      409,
      'CANNOT_DELETE_PRIVATE_ADDRESS',
    );
  });
});

describe('modifying addresses', () => {
  it('changes the PTR record with PUT and PATCH, refusing bad ones', async () => {
    const { address: text } = await publicOf('web-1');
    const put = ipAddressResponseSchema.parse(
      (
        await ok(
          'PUT',
          `/1.3/ip_address/${text}`,
          { ip_address: { ptr_record: 'www.example.com' } },
          202,
        )
      ).json(),
    ).ip_address;
    expect(put.ptr_record).toBe('www.example.com');
    const patched = ipAddressResponseSchema.parse(
      (
        await ok(
          'PATCH',
          `/1.3/ip_address/${text}`,
          { ip_address: { ptr_record: 'web.example.com.', release_policy: 'keep' } },
          202,
        )
      ).json(),
    ).ip_address;
    expect(patched).toMatchObject({ ptr_record: 'web.example.com', release_policy: 'keep' });
    const before = auditCount();
    expectProblem(
      await call('PUT', `/1.3/ip_address/${text}`, { ip_address: {} }),
      400,
      'PTR_RECORD_MISSING',
    );
    expectProblem(
      await call('PATCH', `/1.3/ip_address/${text}`, { ip_address: { ptr_record: 'not valid!' } }),
      400,
      'PTR_RECORD_INVALID',
    );
    expectProblem(
      await call('PATCH', `/1.3/ip_address/${text}`, { ip_address: { mac: 'da:45:c4:00:00:01' } }),
      400,
      'MAC_INVALID',
    );
    expect(auditCount()).toBe(before);
    expect((await address(text)).ptr_record).toBe('web.example.com');
    await ok(
      'PATCH',
      `/1.3/ip_address/${text}`,
      { ip_address: { release_policy: 'release' } },
      202,
    );
  });

  it('applies a bulk change to every item, or to none', async () => {
    const web = await publicOf('web-1');
    const db = await publicOf('db-1');
    const utility = web.machine.ip_addresses.ip_address.find((item) => item.access === 'utility')!;
    const bulk = (items: unknown[]) =>
      call('PATCH', '/1.3/ip_address/bulk', { ip_addresses: items });

    const before = auditCount();
    const done = await bulk([
      { address: web.address, ptr_record: 'bulk-web.example.com' },
      { address: db.address, ptr_record: 'bulk-db.example.com' },
    ]);
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe('');
    expect(auditCount() - before).toBe(2);
    expect((await address(web.address)).ptr_record).toBe('bulk-web.example.com');
    expect((await address(db.address)).ptr_record).toBe('bulk-db.example.com');

    const [theirs] = await addresses(otherAuth);
    const failures: [unknown[], number, string][] = [
      [
        [
          { address: web.address, ptr_record: 'x1.example.com' },
          { address: utility.address, ptr_record: 'u.example.com' },
        ],
        400,
        'PTR_RECORD_NOT_SUPPORTED',
      ],
      [
        [
          { address: web.address, ptr_record: 'x2.example.com' },
          { address: '192.0.2.44', ptr_record: 'n.example.com' },
        ],
        404,
        'IP_ADDRESS_NOT_FOUND',
      ],
      [
        [
          { address: web.address, ptr_record: 'x3.example.com' },
          { address: theirs!.address, ptr_record: 'n.example.com' },
        ],
        403,
        'IP_ADDRESS_FORBIDDEN',
      ],
      [
        [
          { address: web.address, ptr_record: 'x4.example.com' },
          { address: web.address, ptr_record: 'x5.example.com' },
        ],
        400,
        'IP_ADDRESS_INVALID',
      ],
      [
        [
          { address: web.address, ptr_record: 'x6.example.com' },
          { address: db.address, ptr_record: 'bad ptr' },
        ],
        400,
        'PTR_RECORD_INVALID',
      ],
      [
        [{ address: web.address, ptr_record: 'x7.example.com', main_account_id: 999_999 }],
        400,
        'MAIN_ACCOUNT_ID_INVALID',
      ],
    ];
    for (const [items, status, code] of failures) {
      const error = expectProblem(await bulk(items), status, code);
      if (status !== 400 || code !== 'PTR_RECORD_INVALID')
        expect(error.error_message).toMatch(/ip_addresses\[\d\]/);
    }
    expectProblem(await bulk([]), 400, 'IP_ADDRESSES_INVALID');
    expect(auditCount() - before).toBe(2);
    expect((await address(web.address)).ptr_record).toBe('bulk-web.example.com');
    expect((await address(db.address)).ptr_record).toBe('bulk-db.example.com');
  });
});

describe('releasing addresses', () => {
  it('releases a floating address at once and a server address of a stopped server only', async () => {
    const floating = await add({ floating: 'yes', zone: 'de-fra1' });
    await ok('DELETE', `/1.3/ip_address/${floating.address}`, undefined, 204);
    expectProblem(
      await call('GET', `/1.3/ip_address/${floating.address}`),
      404,
      'IP_ADDRESS_NOT_FOUND',
    );

    const web = await publicOf('web-1');
    expectProblem(
      await call('DELETE', `/1.3/ip_address/${web.address}`),
      409,
      'SERVER_STATE_ILLEGAL',
    );

    const machine = await stoppedServer('ip-release');
    const nic = machine.networking.interfaces.interface.find((item) => item.type === 'public')!;
    const rider = await add({ floating: 'yes', mac: nic.mac });
    const before = auditCount();
    await ok(
      'DELETE',
      `/1.3/ip_address/${nic.ip_addresses.ip_address[0]!.address}`,
      undefined,
      204,
    );
    expect(auditCount() - before).toBe(1);
    // api-rules §4.5: the server is detached from the public network with its address.
    const after = await server(machine.uuid);
    expect(after.networking.interfaces.interface.map((item) => item.type)).toEqual(['utility']);
    expect(after.ip_addresses.ip_address.every((item) => item.access === 'utility')).toBe(true);
    const publicNet = networkResponseSchema.parse(
      (await ok('GET', `/1.3/network/${nic.network}`, undefined, 200)).json(),
    ).network;
    expect(publicNet.servers?.server.map((item) => item.uuid) ?? []).not.toContain(machine.uuid);
    const left = await address(rider.address);
    expect(left).toMatchObject({ floating: 'yes' });
    expect(left).not.toHaveProperty('server');
  });

  it('keeps an address with release policy keep as a floating one when its server goes', async () => {
    const machine = await stoppedServer('ip-keep');
    const nic = machine.networking.interfaces.interface.find((item) => item.type === 'public')!;
    const text = nic.ip_addresses.ip_address[0]!.address;
    await ok('PATCH', `/1.3/ip_address/${text}`, { ip_address: { release_policy: 'keep' } }, 202);
    const utilityText = machine.ip_addresses.ip_address.find(
      (item) => item.access === 'utility',
    )!.address;
    await ok('DELETE', `/1.3/server/${machine.uuid}`, undefined, 204);
    const kept = await address(text);
    expect(kept).toMatchObject({ floating: 'yes', release_policy: 'keep' });
    expect(kept).not.toHaveProperty('server');
    expectProblem(await call('GET', `/1.3/ip_address/${utilityText}`), 404, 'IP_ADDRESS_NOT_FOUND');
  });

  it('counts public addresses in the resource usage', async () => {
    const usage = (await ok('GET', '/1.3/account/resource-usage', undefined, 200)).json() as {
      public_ipv4: number;
      public_ipv6: number;
    };
    const listed = await addresses();
    expect(usage.public_ipv4).toBe(
      listed.filter((item) => item.access === 'public' && item.family === 'IPv4').length,
    );
    expect(usage.public_ipv6).toBe(
      listed.filter((item) => item.access === 'public' && item.family === 'IPv6').length,
    );
    expect(usage.public_ipv4).toBeGreaterThan(0);
  });
});
