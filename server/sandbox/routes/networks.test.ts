import { describe, expect, it } from 'vitest';
import {
  networkInterfaceListResponseSchema,
  networkInterfaceResponseSchema,
  networkListResponseSchema,
  networkResponseSchema,
} from '../../../contract/network';
import { routerResponseSchema } from '../../../contract/router';
import { serverInterfaceResponseSchema } from '../../../contract/server';
import { publicImageUuid } from '../seed';
import { demoAuth, expectProblem, manualClock, otherAuth } from '../testing';
import { ipv4Block, networkBody, sandboxSuite } from './test-helpers';

const clock = manualClock('2026-11-21T10:00:00.000Z');
const {
  call,
  postXml,
  ok,
  server,
  serverNamed,
  auditCount,
  createNetwork,
  createRouter,
  stoppedServer,
} = sandboxSuite({
  clock,
  authFailureLimit: 1_000_000,
});

const networks = async (query = '', auth = demoAuth) =>
  networkListResponseSchema.parse(
    (await ok('GET', `/1.3/network${query}`, undefined, 200, auth)).json(),
  ).networks.network;
const network = async (uuid: string, auth = demoAuth) =>
  networkResponseSchema.parse(
    (await ok('GET', `/1.3/network/${uuid}`, undefined, 200, auth)).json(),
  ).network;
const privateNamed = async (name: string, auth = demoAuth) => {
  const found = (await networks('', auth)).find((item) => item.name === name);
  if (!found) throw new Error(`no network ${name}`);
  return found;
};

/** A new stopped server in de-fra1, with the given interfaces (or the default two). */
const serverWith = (title: string, interfaces?: unknown[]) =>
  stoppedServer(title, {
    plan: '1xCPU-1GB',
    storage_devices: {
      storage_device: [{ action: 'clone', storage: publicImageUuid('de-fra1', 0), size: 25 }],
    },
    ...(interfaces ? { networking: { interfaces: { interface: interfaces } } } : {}),
  });

describe('network list', () => {
  it("lists every zone's shared networks and the account's own private ones", async () => {
    const all = await networks();
    const fra = all.filter((item) => item.zone === 'de-fra1' && item.type !== 'private');
    expect(fra.map((item) => [item.type, item.ip_networks.ip_network[0]!.family])).toEqual(
      expect.arrayContaining([
        ['utility', 'IPv4'],
        ['public', 'IPv4'],
        ['public', 'IPv6'],
      ]),
    );
    const utility = fra.find((item) => item.type === 'utility')!;
    expect(utility.ip_networks.ip_network[0]).toMatchObject({
      dhcp: 'yes',
      dhcp_default_route: 'no',
      dhcp_routes: ['10.0.0.0/8'],
    });
    const own = all.filter((item) => item.type === 'private');
    expect(own.map((item) => item.name)).toEqual(['demo private network']);
    expect(own[0]).toMatchObject({ zone: 'de-fra1', router: expect.stringMatching(/^04/) });
    expect(own[0]!.uuid).toMatch(/^03/);
    expect((await networks('', otherAuth)).map((item) => item.name)).toContain(
      'other private network',
    );
    expect(all.map((item) => item.name)).not.toContain('other private network');
  });

  it('shows on a shared network only the viewer’s own servers', async () => {
    const web = await serverNamed('web-1');
    const publicFra = await network(web.networking.interfaces.interface[1]!.network);
    expect(publicFra.type).toBe('public');
    const titles = publicFra.servers!.server.map((item) => item.title);
    expect(titles).toContain('web-1');
    expect(titles).not.toContain('other-app');
  });

  it('filters by label and zone, with or without a trailing slash', async () => {
    expect((await networks('?label=env%3Dprod')).map((item) => item.name)).toEqual([
      'demo private network',
    ]);
    expect(await networks('?label=env%3Ddev')).toEqual([]);
    const hel = await networks('/?zone=fi-hel1');
    expect(hel.length).toBe(3);
    expect(hel.every((item) => item.zone === 'fi-hel1')).toBe(true);
    expectProblem(await call('GET', '/1.3/network?zone=xx-nowhere1'), 400, 'ZONE_INVALID');
    expectProblem(await call('GET', '/1.3/network?label=_x'), 400, 'INVALID_LABEL_KEY');
  });
});

describe('network create', () => {
  it('creates an SDN private network with DHCP options, router and labels, and audits it', async () => {
    const router = await createRouter({ name: 'create router' });
    const before = auditCount();
    const created = await createNetwork({
      name: 'app net',
      router: router.uuid,
      ip_networks: {
        ip_network: [
          ipv4Block('172.20.0.0/22', {
            gateway: '172.20.0.1',
            dhcp_default_route: 'no',
            dhcp_dns: ['172.20.0.10'],
            dhcp_routes: ['192.168.0.0/24'],
          }),
          { address: 'fd00:20::/64', family: 'IPv6', dhcp: 'yes', gateway: 'fd00:20::1' },
        ],
      },
      labels: [{ key: 'env', value: 'test' }],
    });
    expect(auditCount() - before).toBe(1);
    expect(created).toEqual({
      uuid: expect.stringMatching(/^03/),
      name: 'app net',
      type: 'private',
      zone: 'de-fra1',
      router: router.uuid,
      ip_networks: {
        ip_network: [
          {
            address: '172.20.0.0/22',
            family: 'IPv4',
            gateway: '172.20.0.1',
            dhcp: 'yes',
            dhcp_default_route: 'no',
            dhcp_dns: ['172.20.0.10'],
            dhcp_routes: ['192.168.0.0/24'],
            dhcp_routes_configuration: { effective_routes_auto_population: { enabled: 'no' } },
            dhcp_effective_routes: [
              { route: '192.168.0.0/24', nexthop: '172.20.0.1', auto_populated: 'no' },
            ],
          },
          {
            address: 'fd00:20::/64',
            family: 'IPv6',
            gateway: 'fd00:20::1',
            dhcp: 'yes',
            dhcp_default_route: 'no',
            dhcp_routes_configuration: { effective_routes_auto_population: { enabled: 'no' } },
            dhcp_effective_routes: [],
          },
        ],
      },
      labels: [{ key: 'env', value: 'test' }],
      peerings: { peering: [] },
      effective_routes: [],
    });
    expect(await network(created.uuid)).toEqual(created);
    const routerNow = routerResponseSchema.parse(
      (await ok('GET', `/1.3/router/${router.uuid}`, undefined, 200)).json(),
    ).router;
    expect(routerNow.attached_networks.network).toEqual([{ uuid: created.uuid }]);
  });

  it('refuses bad bodies with the attribute at fault and creates nothing', async () => {
    const before = auditCount();
    const post = (body: unknown) => call('POST', '/1.3/network', body);
    const othersRouter = (await privateNamed('other private network', otherAuth)).router!;
    const oneBlock = (block: Record<string, unknown>) => ({ ip_networks: { ip_network: [block] } });
    const refused: [fields: Record<string, unknown>, status: number, code: string][] = [
      [oneBlock(ipv4Block('172.20.0.0/24', { gateway: '10.0.0.1' })), 400, 'GATEWAY_INVALID'],
      [oneBlock(ipv4Block('172.20.0.0/30')), 400, 'ADDRESS_INVALID'],
      [oneBlock(ipv4Block('not-a-block')), 400, 'ADDRESS_INVALID'],
      [oneBlock(ipv4Block('172.20.0.0/24', { dhcp_dns: ['x'] })), 400, 'DHCP_DNS_INVALID'],
      [{ ip_networks: { ip_network: [] } }, 400, 'IP_NETWORK_INVALID'],
      [{ name: undefined }, 400, 'NAME_MISSING'],
      [{ zone: 'xx-nowhere1' }, 400, 'ZONE_INVALID'],
      [{ type: 'public' }, 400, 'TYPE_INVALID'],
      [{ colour: 'red' }, 400, 'UNKNOWN_ATTRIBUTE'],
      [{ router: '04000000-0000-4000-8000-00000000ffff' }, 404, 'ROUTER_NOT_FOUND'],
      [{ router: othersRouter }, 403, 'ROUTER_FORBIDDEN'],
      [
        {
          labels: [
            { key: 'a', value: '1' },
            { key: 'A', value: '2' },
          ],
        },
        400,
        'DUPLICATE_LABEL_KEYS',
      ],
    ];
    for (const [fields, status, code] of refused) {
      expectProblem(await post(networkBody(fields)), status, code);
    }
    expect(auditCount()).toBe(before);
  });

  it('reads an XML body and answers XML', async () => {
    const parsed = (await postXml(
      '/1.3/network',
      '<network><name>xml net</name><zone>fi-hel1</zone><ip_networks><ip_network><address>172.21.0.0/24</address><family>IPv4</family><dhcp>yes</dhcp><gateway>172.21.0.1</gateway><dhcp_dns>172.21.0.10</dhcp_dns></ip_network></ip_networks><labels><label><key>env</key><value>xml</value></label></labels></network>',
    )) as { network: { uuid: string } };
    expect(parsed.network).toMatchObject({
      name: 'xml net',
      type: 'private',
      zone: 'fi-hel1',
      ip_networks: { ip_network: { address: '172.21.0.0/24', gateway: '172.21.0.1' } },
    });
    expect(await network(parsed.network.uuid)).toMatchObject({
      name: 'xml net',
      ip_networks: {
        ip_network: [{ address: '172.21.0.0/24', dhcp_dns: ['172.21.0.10'], family: 'IPv4' }],
      },
      labels: [{ key: 'env', value: 'xml' }],
    });
  });
});

describe('network details, modify and delete', () => {
  it('answers 400, 403 and 404 as for other resources', async () => {
    const theirs = await privateNamed('other private network', otherAuth);
    const theirPath = `/1.3/network/${theirs.uuid}`;
    const missingPath = '/1.3/network/03000000-0000-4000-8fff-00000000ffff';
    for (const [method, path, body, status, code] of [
      ['GET', theirPath, undefined, 403, 'NETWORK_FORBIDDEN'],
      ['GET', missingPath, undefined, 404, 'NETWORK_NOT_FOUND'],
      ['GET', '/1.3/network/nope', undefined, 400, 'NETWORK_INVALID'],
      ['PUT', theirPath, { network: { name: 'mine' } }, 403, 'NETWORK_FORBIDDEN'],
      ['DELETE', theirPath, undefined, 403, 'NETWORK_FORBIDDEN'],
    ] as const) {
      expectProblem(await call(method, path, body), status, code);
    }
    expect((await network(theirs.uuid, otherAuth)).name).toBe('other private network');
  });

  it('modifies name, labels, IP networks and the router of a private network only', async () => {
    const created = await createNetwork({ name: 'to modify' });
    const router = await createRouter({ name: 'attachable' });
    const put = async (fields: Record<string, unknown>) =>
      networkResponseSchema.parse(
        (await ok('PUT', `/1.3/network/${created.uuid}`, { network: fields }, 200)).json(),
      ).network;
    expect(await put({ name: 'renamed', labels: [{ key: 'tier', value: 'db' }] })).toMatchObject({
      name: 'renamed',
      labels: [{ key: 'tier', value: 'db' }],
    });
    expect((await put({ router: router.uuid })).router).toBe(router.uuid);
    const changed = await put({
      ip_networks: {
        ip_network: [ipv4Block('172.20.0.0/23', { gateway: '172.20.0.1', dhcp_dns: [] })],
      },
    });
    expect(changed.ip_networks.ip_network).toEqual([
      {
        address: '172.20.0.0/23',
        family: 'IPv4',
        gateway: '172.20.0.1',
        dhcp: 'yes',
        dhcp_default_route: 'no',
        dhcp_routes_configuration: { effective_routes_auto_population: { enabled: 'no' } },
        dhcp_effective_routes: [],
      },
    ]);
    const detached = await put({ router: null });
    expect(detached).not.toHaveProperty('router');
    expect(detached.name).toBe('renamed');
    const shared = (await networks('?zone=de-fra1')).find((item) => item.type === 'utility')!;
    const before = auditCount();
    expectProblem(
      await call('PUT', `/1.3/network/${shared.uuid}`, { network: { name: 'mine now' } }),
      403,
      'NETWORK_FORBIDDEN',
    );
    expectProblem(await call('DELETE', `/1.3/network/${shared.uuid}`), 403, 'NETWORK_FORBIDDEN');
    expectProblem(
      await call('PUT', `/1.3/network/${created.uuid}`, { network: { type: 'public' } }),
      400,
      'UNKNOWN_ATTRIBUTE',
    );
    expect(auditCount()).toBe(before);
    expect((await network(shared.uuid)).name).toBe(shared.name);
  });

  it('deletes only without attached servers, naming them in the 409', async () => {
    const created = await createNetwork({
      name: 'busy net',
      ip_networks: { ip_network: [ipv4Block('172.22.0.0/24', { gateway: '172.22.0.1' })] },
    });
    const machine = await serverWith('net-user', [
      { type: 'utility' },
      {
        type: 'private',
        network: created.uuid,
        ip_addresses: { ip_address: [{ family: 'IPv4' }] },
      },
    ]);
    expect(machine.networking.interfaces.interface.map((nic) => [nic.index, nic.type])).toEqual([
      [1, 'utility'],
      [2, 'private'],
    ]);
    expect(machine.networking.interfaces.interface[1]!.ip_addresses.ip_address).toEqual([
      {
        address: '172.22.0.2',
        family: 'IPv4',
        floating: 'no',
        dhcp_provided: 'yes',
        release_policy: 'release',
      },
    ]);
    expect(machine.ip_addresses.ip_address).toContainEqual({
      access: 'private',
      address: '172.22.0.2',
      family: 'IPv4',
    });
    expect((await network(created.uuid)).servers).toEqual({
      server: [{ uuid: machine.uuid, title: 'net-user' }],
    });
    const refused = expectProblem(
      await call('DELETE', `/1.3/network/${created.uuid}`),
      409,
      'NETWORK_NOT_EMPTY',
    );
    expect(refused.error_message).toContain('net-user');
    expect(refused.error_message).toContain(machine.uuid);
    expectProblem(
      await call('PUT', `/1.3/network/${created.uuid}`, {
        network: { ip_networks: { ip_network: [ipv4Block('172.23.0.0/24')] } },
      }),
      409,
      'NETWORK_NOT_EMPTY',
    );

    await ok('DELETE', `/1.3/server/${machine.uuid}/networking/interface/2`, undefined, 204);
    expect((await network(created.uuid)).servers).toBeUndefined();
    const before = auditCount();
    await ok('DELETE', `/1.3/network/${created.uuid}`, undefined, 204);
    expect(auditCount() - before).toBe(1);
    expectProblem(await call('GET', `/1.3/network/${created.uuid}`), 404, 'NETWORK_NOT_FOUND');
  });
});

describe('network interfaces', () => {
  it('gives a new server utility and public IPv4 interfaces, released when it is deleted', async () => {
    const machine = await serverWith('nic-default');
    const [utility, publicNic] = machine.networking.interfaces.interface;
    expect(utility).toMatchObject({ index: 1, type: 'utility', source_ip_filtering: 'yes' });
    expect(publicNic).toMatchObject({ index: 2, type: 'public' });
    const publicAddress = publicNic!.ip_addresses.ip_address[0]!.address;
    expect(
      (await ok('GET', `/1.3/ip_address/${publicAddress}`, undefined, 200)).json(),
    ).toMatchObject({
      ip_address: {
        server: machine.uuid,
        mac: publicNic!.mac,
        part_of_plan: 'yes',
        access: 'public',
      },
    });
    await ok('DELETE', `/1.3/server/${machine.uuid}`, undefined, 204);
    expectProblem(
      await call('GET', `/1.3/ip_address/${publicAddress}`),
      404,
      'IP_ADDRESS_NOT_FOUND',
    );
    const listed = networkInterfaceListResponseSchema.parse(
      (await ok('GET', '/1.3/network/interface', undefined, 200)).json(),
    ).interfaces.interface;
    expect(listed.some((nic) => nic.server === machine.uuid)).toBe(false);
  });

  it('refuses a server create whose networking is wrong, creating nothing', async () => {
    const net = await createNetwork({
      name: 'create net',
      ip_networks: { ip_network: [ipv4Block('172.27.0.0/24', { gateway: '172.27.0.1' })] },
    });
    const create = (nics: unknown[]) =>
      call('POST', '/1.3/server', {
        server: {
          zone: 'de-fra1',
          title: 'bad nics',
          hostname: 'bad-nics',
          storage_devices: { storage_device: [{ action: 'create', size: 10 }] },
          networking: { interfaces: { interface: nics } },
        },
      });
    const servers = async () => (await call('GET', '/1.3/server')).json().servers.server.length;
    const before = { servers: await servers(), audit: auditCount() };
    expectProblem(
      await create([{ type: 'public', ip_addresses: { ip_address: [{ address: 'nope' }] } }]),
      400,
      'ADDRESS_INVALID',
    );
    expectProblem(
      await create([
        {
          type: 'private',
          network: net.uuid,
          ip_addresses: { ip_address: [{ address: '10.9.9.9' }] },
        },
      ]),
      400,
      'ADDRESS_INVALID',
    );
    expectProblem(await create([{ type: 'private' }]), 400, 'NETWORK_MISSING');
    expectProblem(
      await create([{ type: 'utility' }, { type: 'public', index: 1 }]),
      409,
      'INTERFACE_EXISTS',
    );
    expectProblem(await create([{ type: 'public', network: net.uuid }]), 400, 'NETWORK_INVALID');
    expect(await servers()).toBe(before.servers);
    expect(auditCount()).toBe(before.audit);
    const fixed = (
      await ok(
        'POST',
        '/1.3/server',
        {
          server: {
            zone: 'de-fra1',
            title: 'fixed nic',
            hostname: 'fixed-nic',
            storage_devices: { storage_device: [{ action: 'create', size: 10 }] },
            networking: {
              interfaces: {
                interface: [
                  {
                    type: 'private',
                    network: net.uuid,
                    ip_addresses: { ip_address: [{ family: 'IPv4', address: '172.27.0.9' }] },
                  },
                ],
              },
            },
          },
        },
        202,
      )
    ).json().server as { networking: { interfaces: { interface: unknown[] } } };
    expect(fixed.networking.interfaces.interface).toEqual([
      expect.objectContaining({
        index: 1,
        type: 'private',
        network: net.uuid,
        ip_addresses: {
          ip_address: [
            {
              address: '172.27.0.9',
              family: 'IPv4',
              floating: 'no',
              dhcp_provided: 'yes',
              release_policy: 'release',
            },
          ],
        },
      }),
    ]);
  });

  it('creates, lists, shows and deletes standalone interfaces and a server’s own', async () => {
    const net = await createNetwork({
      name: 'nic net',
      ip_networks: { ip_network: [ipv4Block('172.24.0.0/24', { gateway: '172.24.0.1' })] },
    });
    const standalone = networkInterfaceResponseSchema.parse(
      (
        await ok(
          'POST',
          '/1.3/network/interface',
          {
            interface: {
              type: 'private',
              network: net.uuid,
              source_ip_filtering: 'no',
              bootable: 'no',
              labels: [{ key: 'role', value: 'spare' }],
            },
          },
          201,
        )
      ).json(),
    ).interface;
    expect(standalone).toMatchObject({
      type: 'private',
      network: net.uuid,
      source_ip_filtering: 'no',
      labels: [{ key: 'role', value: 'spare' }],
      ip_addresses: { ip_address: [{ address: '172.24.0.2', family: 'IPv4', floating: 'no' }] },
    });
    expect(standalone).not.toHaveProperty('server');
    expect(
      (await ok('GET', `/1.3/network/interface/${standalone.uuid}`, undefined, 200)).json(),
    ).toEqual({ interface: standalone });
    expectProblem(
      await call('GET', `/1.3/network/interface/${standalone.uuid}`, undefined, otherAuth),
      403,
      'INTERFACE_FORBIDDEN',
    );
    expectProblem(await call('DELETE', `/1.3/network/${net.uuid}`), 409, 'NETWORK_NOT_EMPTY');
    await ok('DELETE', `/1.3/network/interface/${standalone.uuid}`, undefined, 204);
    expectProblem(
      await call('GET', `/1.3/network/interface/${standalone.uuid}`),
      404,
      'INTERFACE_NOT_FOUND',
    );

    const web = await serverNamed('web-1');
    expectProblem(
      await call('POST', `/1.3/server/${web.uuid}/networking/interface`, {
        interface: { type: 'private', network: net.uuid },
      }),
      409,
      'SERVER_STATE_ILLEGAL',
    );
    const machine = await serverWith('nic-own');
    const added = serverInterfaceResponseSchema.parse(
      (
        await ok(
          'POST',
          `/1.3/server/${machine.uuid}/networking/interface`,
          {
            interface: {
              type: 'private',
              network: net.uuid,
              ip_addresses: { ip_address: [{ family: 'IPv4', address: '172.24.0.50' }] },
            },
          },
          201,
        )
      ).json(),
    ).interface;
    expect(added).toMatchObject({
      index: 3,
      type: 'private',
      ip_addresses: { ip_address: [{ address: '172.24.0.50', family: 'IPv4', floating: 'no' }] },
    });
    expectProblem(
      await call('POST', `/1.3/server/${machine.uuid}/networking/interface`, {
        interface: { type: 'private', network: net.uuid, index: 3 },
      }),
      409,
      'INTERFACE_EXISTS',
    );
    expectProblem(
      await call('POST', `/1.3/server/${machine.uuid}/networking/interface`, {
        interface: {
          type: 'private',
          network: net.uuid,
          ip_addresses: { ip_address: [{ address: '172.24.0.50' }] },
        },
      }),
      409,
      'IP_ADDRESS_RESOURCES_UNAVAILABLE',
    );
    expectProblem(
      await call('POST', `/1.3/server/${machine.uuid}/networking/interface`, {
        interface: { type: 'private' },
      }),
      400,
      'NETWORK_MISSING',
    );
    const theirs = await privateNamed('other private network', otherAuth);
    expectProblem(
      await call('POST', `/1.3/server/${machine.uuid}/networking/interface`, {
        interface: { type: 'private', network: theirs.uuid },
      }),
      403,
      'NETWORK_FORBIDDEN',
    );
    const helNet = await createNetwork({ name: 'far net', zone: 'fi-hel1' });
    expectProblem(
      await call('POST', `/1.3/server/${machine.uuid}/networking/interface`, {
        interface: { type: 'private', network: helNet.uuid },
      }),
      409,
      'ZONE_MISMATCH',
    );
    expect((await server(machine.uuid)).networking.interfaces.interface).toHaveLength(3);
    const renumbered = serverInterfaceResponseSchema.parse(
      (
        await ok(
          'PUT',
          `/1.3/server/${machine.uuid}/networking/interface/3`,
          { interface: { index: 7, source_ip_filtering: 'no' } },
          200,
        )
      ).json(),
    ).interface;
    expect(renumbered).toMatchObject({ index: 7, source_ip_filtering: 'no', mac: added.mac });
    expectProblem(
      await call('PUT', `/1.3/server/${machine.uuid}/networking/interface/7`, {
        interface: { index: 1 },
      }),
      409,
      'INTERFACE_EXISTS',
    );
    expectProblem(
      await call('PUT', `/1.3/server/${machine.uuid}/networking/interface/7`, {
        interface: { network: net.uuid },
      }),
      400,
      'UNKNOWN_ATTRIBUTE',
    );
    expectProblem(
      await call('PUT', `/1.3/server/${machine.uuid}/networking/interface/3`, {
        interface: { bootable: 'yes' },
      }),
      404,
      'INTERFACE_NOT_FOUND',
    );
    expect(
      (await server(machine.uuid)).networking.interfaces.interface.map((nic) => nic.index),
    ).toEqual([1, 2, 7]);
  });

  it('counts interfaces and storage devices together, at most 24 per server', async () => {
    const machine = await serverWith('nic-crowd');
    const net = await createNetwork({
      name: 'crowd net',
      ip_networks: { ip_network: [ipv4Block('172.25.0.0/24')] },
    });
    // One disk and two interfaces: 21 more interfaces fit.
    for (let n = 0; n < 21; n += 1) {
      await ok(
        'POST',
        `/1.3/server/${machine.uuid}/networking/interface`,
        { interface: { type: 'private', network: net.uuid } },
        201,
      );
    }
    expectProblem(
      await call('POST', `/1.3/server/${machine.uuid}/networking/interface`, {
        interface: { type: 'private', network: net.uuid },
      }),
      409,
      'INTERFACE_LIMIT_REACHED',
    );
    const disk = (
      await ok(
        'POST',
        '/1.3/storage',
        { storage: { zone: 'de-fra1', size: 10, title: 'one more' } },
        201,
      )
    ).json().storage as { uuid: string };
    expectProblem(
      await call('POST', `/1.3/storage/${disk.uuid}/attach`, {
        storage_device: { server: machine.uuid },
      }),
      409,
      'STORAGE_DEVICE_LIMIT_REACHED',
    );
  });
});
