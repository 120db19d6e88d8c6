import { describe, expect, it } from 'vitest';
import { networkResponseSchema } from '../../../contract/network';
import { manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * Network requests as real clients send them (issue 18, items 1 and 2): UpCloud's Go SDK from
 * 8.26, and so Terraform's `upcloud_network` and `upctl network create/modify`, send
 * `dhcp_routes_configuration` with every IP network.
 */

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { okBody, getBody, createRouter } = sandboxSuite({ clock, authFailureLimit: 1_000_000 });

const sdkBlock = (address: string, gateway: string, configuration: unknown) => ({
  address,
  dhcp: 'yes',
  dhcp_default_route: 'yes',
  dhcp_dns: [gateway.replace(/\.1$/, '.10')],
  family: 'IPv4',
  gateway,
  dhcp_routes_configuration: configuration,
});

/** The DHCP routes configuration the Go SDK sends unless told otherwise. */
const populationOff = { effective_routes_auto_population: { enabled: 'no' } };

const createNetwork = (name: string, block: unknown, router?: string) =>
  okBody(
    networkResponseSchema,
    'POST',
    '/1.3/network/',
    {
      network: {
        name,
        zone: 'fi-hel1',
        ...(router ? { router } : {}),
        ip_networks: { ip_network: [block] },
      },
    },
    201,
  );

describe('dhcp_routes_configuration (item 1)', () => {
  it('accepts the configuration the Go SDK always sends and answers it with empty route lists', async () => {
    const { network } = await createNetwork(
      'sdk net',
      sdkBlock('172.30.0.0/22', '172.30.0.1', populationOff),
    );
    expect(network.effective_routes).toEqual([]);
    expect(network.ip_networks.ip_network[0]).toMatchObject({
      address: '172.30.0.0/22',
      dhcp_routes_configuration: populationOff,
      dhcp_effective_routes: [],
    });
    const read = await getBody(networkResponseSchema, `/1.3/network/${network.uuid}`);
    expect(read.network).toEqual(network);
  });

  it('stores a modified configuration and populates DHCP routes from the router when it is on', async () => {
    const router = await createRouter({ name: 'routes router' });
    const neighbour = await createNetwork(
      'neighbour',
      sdkBlock('172.31.4.0/24', '172.31.4.1', populationOff),
      router.uuid,
    );
    const { network } = await createNetwork(
      'populated',
      sdkBlock('172.31.0.0/22', '172.31.0.1', populationOff),
      router.uuid,
    );
    expect(network.effective_routes).toEqual([
      {
        route: '172.31.4.0/24',
        source: 'router-connected-networks',
        type: 'service',
        source_resource_id: neighbour.network.uuid,
      },
    ]);
    expect(network.ip_networks.ip_network[0]!.dhcp_effective_routes).toEqual([]);

    const on = {
      effective_routes_auto_population: {
        enabled: 'yes',
        exclude_by_source: ['static-route'],
        filter_by_destination: ['172.31.0.0/16'],
        filter_by_route_type: ['service'],
      },
    };
    const modified = await okBody(
      networkResponseSchema,
      'PUT',
      `/1.3/network/${network.uuid}`,
      { network: { ip_networks: { ip_network: [sdkBlock('172.31.0.0/22', '172.31.0.1', on)] } } },
      200,
    );
    expect(modified.network.ip_networks.ip_network[0]).toMatchObject({
      dhcp_routes_configuration: on,
      dhcp_effective_routes: [
        { route: '172.31.4.0/24', nexthop: '172.31.0.1', auto_populated: 'yes' },
      ],
    });

    const excluded = await okBody(
      networkResponseSchema,
      'PUT',
      `/1.3/network/${network.uuid}`,
      {
        network: {
          ip_networks: {
            ip_network: [
              sdkBlock('172.31.0.0/22', '172.31.0.1', {
                effective_routes_auto_population: {
                  enabled: 'yes',
                  exclude_by_source: ['router-connected-networks'],
                },
              }),
            ],
          },
        },
      },
      200,
    );
    expect(excluded.network.ip_networks.ip_network[0]!.dhcp_effective_routes).toEqual([]);

    const renamed = await okBody(
      networkResponseSchema,
      'PUT',
      `/1.3/network/${network.uuid}`,
      { network: { name: 'populated, renamed' } },
      200,
    );
    expect(renamed.network.ip_networks.ip_network[0]!.dhcp_routes_configuration).toMatchObject({
      effective_routes_auto_population: { enabled: 'yes' },
    });
  });
});

describe('addresses with host bits set (item 2)', () => {
  it('accepts 192.168.86.1/24 and echoes it as given', async () => {
    const { network } = await createNetwork(
      'host bits',
      sdkBlock('192.168.86.1/24', '192.168.86.254', populationOff),
    );
    expect(network.ip_networks.ip_network[0]).toMatchObject({
      address: '192.168.86.1/24',
      gateway: '192.168.86.254',
    });
  });
});
