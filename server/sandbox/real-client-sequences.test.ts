import { describe, expect, it } from 'vitest';
import { goSdkSubAccountBody } from './routes/test-helpers';
import { demoAuth, startedTestServer } from './testing';

/**
 * Request sequences written as UpCloud's Go SDK (and so upctl and the Terraform provider, which
 * are built on it) sends them, against a started sandbox on a real socket (issue 18): a network
 * with DHCP routes configuration, a server with tags as Terraform's `upcloud_server` creates it,
 * a subaccount with an empty role list, and `upctl server relocate`.
 */

const { clock, request } = startedTestServer('2026-11-21T10:00:00.000Z');

/** One request with the Go SDK's headers; a body is marshalled JSON, as `json.Marshal` writes it. */
async function sdk(method: string, path: string, body?: unknown) {
  const answer = await request(
    method,
    `/1.3${path}`,
    {
      authorization: demoAuth,
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': 'upcloud-go-api/8.27.0',
    },
    body,
  );
  // The answer is read field by field, as the SDK's structs read it, not through our contract.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return answer as { status: number; json: any };
}

/** Moves the clock and lets the next request run what fell due, as a client's polling does. */
async function wait(ms: number) {
  clock.advance(ms);
  await sdk('GET', '/account');
}

const serverBody = (title: string, extra: Record<string, unknown> = {}) => ({
  server: {
    hostname: `${title}.example.com`,
    labels: { label: [{ key: 'managedBy', value: 'sequence-test' }] },
    metadata: 'no',
    networking: {
      interfaces: {
        interface: [
          { ip_addresses: { ip_address: [{ family: 'IPv4' }] }, type: 'utility' },
          { ip_addresses: { ip_address: [{ family: 'IPv4' }] }, type: 'public' },
        ],
      },
    },
    password_delivery: 'none',
    storage_devices: {
      storage_device: [
        {
          action: 'clone',
          storage: '01000000-0000-4000-8000-000020060100',
          title: 'disk1',
          size: 10,
          tier: 'maxiops',
        },
      ],
    },
    title,
    remote_access_enabled: 'no',
    zone: 'fi-hel2',
    ...extra,
  },
});

describe('real client sequences against a started sandbox', () => {
  it('creates and modifies a network with DHCP routes configuration (upctl network create/modify, upcloud_network)', async () => {
    // The IP network as the clients send it, with its DHCP routes configuration.
    const ipNetworks = (autoPopulation: Record<string, unknown>) => ({
      ip_network: [
        {
          address: '192.168.86.1/24',
          dhcp: 'yes',
          dhcp_default_route: 'no',
          family: 'IPv4',
          gateway: '192.168.86.254',
          dhcp_routes_configuration: { effective_routes_auto_population: autoPopulation },
        },
      ],
    });
    const created = await sdk('POST', '/network/', {
      network: {
        name: 'sequence network',
        zone: 'fi-hel2',
        ip_networks: ipNetworks({ enabled: 'no' }),
      },
    });
    expect(created.status).toBe(201);
    const { uuid } = created.json.network;
    const modified = await sdk('PUT', `/network/${uuid}`, {
      network: {
        ip_networks: ipNetworks({
          enabled: 'yes',
          exclude_by_source: ['static-route'],
          filter_by_destination: [],
          filter_by_route_type: ['service'],
        }),
      },
    });
    expect(modified.status).toBe(200);
    expect(modified.json.network.ip_networks.ip_network[0]).toMatchObject({
      address: '192.168.86.1/24',
      dhcp_routes_configuration: { effective_routes_auto_population: { enabled: 'yes' } },
      dhcp_effective_routes: [],
    });
    expect(modified.json.network.effective_routes).toEqual([]);
    expect((await sdk('DELETE', `/network/${uuid}`)).status).toBe(204);
  });

  it('creates a server with tags as the Terraform provider does: tags first, then the server, then tagging', async () => {
    const existing = await sdk('GET', '/tag');
    expect(existing.status).toBe(200);
    const names: string[] = existing.json.tags.tag.map((tag: { name: string }) => tag.name);
    for (const name of ['tf_web', 'tf_prod'].filter((tag) => !names.includes(tag))) {
      const made = await sdk('POST', '/tag', { tag: { name, servers: { server: [] } } });
      expect(made.status).toBe(201);
    }
    const created = await sdk('POST', '/server', serverBody('tf-tagged'));
    expect(created.status).toBe(202);
    const server = created.json.server;
    expect(server).toMatchObject({ username: 'root', password: expect.any(String) });
    await wait(31_000);
    const tagged = await sdk('POST', `/server/${server.uuid}/tag/tf_web,tf_prod`);
    expect(tagged.status).toBe(200);
    expect(tagged.json.server.tags.tag).toEqual(['tf_web', 'tf_prod']);
    const tags = (await sdk('GET', '/tag')).json.tags.tag;
    expect(tags).toContainEqual({
      name: 'tf_web',
      description: '',
      servers: { server: [server.uuid] },
    });
    // Terraform's upcloud_tag renames through PUT, with the servers it manages.
    const renamed = await sdk('PUT', '/tag/tf_prod', {
      tag: { name: 'tf_production', servers: { server: [server.uuid] } },
    });
    expect(renamed.status).toBe(200);
    expect((await sdk('GET', `/server/${server.uuid}`)).json.server.tags.tag).toEqual([
      'tf_web',
      'tf_production',
    ]);
  });

  it('creates a subaccount with an empty role list and modifies it (Go SDK CreateSubaccount, ModifySubaccount)', async () => {
    const created = await sdk(
      'POST',
      '/account/sub',
      goSdkSubAccountBody('sequence_sub', 'sequence@example.com'),
    );
    expect(created.status).toBe(204);
    const modified = await sdk('PUT', '/account/sub/sequence_sub', {
      account: { state: '', vat_number: '', roles: { role: ['technical'] } },
    });
    expect(modified.status).toBe(204);
    const list = await sdk('GET', '/account/list');
    expect(
      list.json.accounts.account.find(
        (account: { username: string }) => account.username === 'sequence_sub',
      ).roles.role,
    ).toEqual(['technical']);
    expect((await sdk('DELETE', '/account/sub/sequence_sub')).status).toBe(204);
  });

  it('stops and relocates a server as upctl server relocate does, polling until it is stopped', async () => {
    const created = await sdk('POST', '/server', serverBody('relocated'));
    const { uuid } = created.json.server;
    await wait(31_000);
    const stopped = await sdk('POST', `/server/${uuid}/stop`, {
      stop_server: { stop_type: 'hard', timeout: '900' },
    });
    expect(stopped.status).toBe(200);
    await wait(16_000);
    expect((await sdk('GET', `/server/${uuid}`)).json.server.state).toBe('stopped');

    const relocated = await sdk('POST', `/server/${uuid}/relocate`, { zone: 'pl-waw1' });
    expect(relocated.status).toBe(200);
    expect(relocated.json.server.state).toBe('maintenance');
    await wait(61_000);
    const after = (await sdk('GET', `/server/${uuid}`)).json.server;
    expect(after).toMatchObject({ zone: 'pl-waw1', state: 'stopped' });
    const disk = after.storage_devices.storage_device[0].storage;
    expect((await sdk('GET', `/storage/${disk}`)).json.storage).toMatchObject({
      zone: 'pl-waw1',
      state: 'online',
    });
  });
});
