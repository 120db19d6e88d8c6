import { describe, expect, it } from 'vitest';
import { sharedNetworkUuid } from '../networking';
import { withOldDatabase } from '../testing';

const jsonInterfaces = [
  {
    index: 1,
    type: 'utility',
    network: sharedNetworkUuid('de-fra1', 'utility'),
    mac: 'da:45:c4:00:00:01',
    source_ip_filtering: 'yes',
    bootable: 'no',
    ip_addresses: { ip_address: [{ address: '10.1.4.5', family: 'IPv4', floating: 'no' }] },
  },
  {
    index: 2,
    type: 'public',
    network: sharedNetworkUuid('de-fra1', 'public'),
    mac: 'da:45:c4:00:00:02',
    source_ip_filtering: 'yes',
    bootable: 'no',
    ip_addresses: { ip_address: [{ address: '94.237.16.77', family: 'IPv4', floating: 'no' }] },
  },
];

describe('migration 5', () => {
  it("moves a server's JSON interfaces onto the networking tables", async () => {
    await withOldDatabase(
      4,
      (old) => {
        old
          .prepare(
            `INSERT INTO servers (uuid, account_id, title, hostname, zone, plan, core_number,
               memory_amount, state, created, host, interfaces)
             VALUES ('00000000-0000-4000-8000-000000000001', 7, 'old server', 'old', 'de-fra1',
               'custom', 1, 1024, 'stopped', 0, 1, ?)`,
          )
          .run(JSON.stringify(jsonInterfaces));
      },
      (app) => {
        const sandbox = app.sandbox!;
        const row = sandbox.servers.find('00000000-0000-4000-8000-000000000001')!;
        expect(row).not.toHaveProperty('interfaces');
        // The records carry the fields real clients read besides what the old JSON held.
        const withAddressFields = jsonInterfaces.map((nic) => ({
          ...nic,
          ip_addresses: {
            ip_address: nic.ip_addresses.ip_address.map((address) => ({
              ...address,
              dhcp_provided: 'yes',
              release_policy: 'release',
            })),
          },
        }));
        expect(sandbox.resources.serverDetails(row).networking.interfaces.interface).toEqual(
          withAddressFields,
        );
        const [publicAddress] = sandbox.interfaces.addressesNamed('94.237.16.77');
        expect(sandbox.networking.ipAddressRecord(publicAddress!)).toMatchObject({
          access: 'public',
          ptr_record: '94-237-16-77.de-fra1.upcloud.host',
          server: row.uuid,
          mac: 'da:45:c4:00:00:02',
        });
        const network = sandbox.networks.find(sharedNetworkUuid('de-fra1', 'public'))!;
        expect(sandbox.networking.networkRecord(network, 7)).toMatchObject({
          name: 'Public 94.237.16.0/20',
          type: 'public',
          servers: { server: [{ uuid: row.uuid, title: 'old server' }] },
        });
      },
    );
  });
});
