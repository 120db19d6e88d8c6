import { describe, expect, it } from 'vitest';
import { serverResponseSchema } from '../../../contract/server';
import { publicImageUuid } from '../seed';
import { manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * The server record fields real clients read (issue 18, item 9), as the Go SDK's recordings show
 * them: the create answer's `username` and one-time `password` (Terraform stores it),
 * `remote_access_password` always, host and port with remote access on, `"0"` traffic counters on
 * a custom server, `devices`, and `dhcp_provided` and `release_policy` on interface addresses.
 */

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { okBody, server, serverNamed, app } = sandboxSuite({ clock, authFailureLimit: 1_000_000 });

describe('server record fields', () => {
  it('answers the create with the root password once, and every read with the console fields', async () => {
    const created = await okBody(
      serverResponseSchema,
      'POST',
      '/1.3/server',
      {
        server: {
          zone: 'fi-hel1',
          title: 'record fields',
          hostname: 'record.example.com',
          core_number: '1',
          memory_amount: '1024',
          remote_access_enabled: 'yes',
          password_delivery: 'none',
          storage_devices: {
            storage_device: [
              { action: 'clone', storage: publicImageUuid('fi-hel1', 0), title: 'disk1', size: 10 },
            ],
          },
        },
      },
      202,
    );
    expect(created.server).toMatchObject({
      plan: 'custom',
      username: 'root',
      password: expect.stringMatching(/^\S{12,}$/),
      remote_access_enabled: 'yes',
      remote_access_password: expect.any(String),
      remote_access_host: expect.any(String),
      remote_access_port: expect.stringMatching(/^\d+$/),
      plan_ipv4_bytes: '0',
      plan_ipv6_bytes: '0',
      devices: { device: [] },
    });
    const read = await server(created.server.uuid);
    expect(read).not.toHaveProperty('password');
    expect(read).not.toHaveProperty('username');
    expect(read.remote_access_password).toBe(created.server.remote_access_password);
    expect(read.remote_access_port).toBe(created.server.remote_access_port);
    for (const nic of read.networking.interfaces.interface) {
      for (const address of nic.ip_addresses.ip_address) {
        expect(address).toMatchObject({ dhcp_provided: 'yes', release_policy: 'release' });
      }
    }
    const audit = app()
      .sandbox!.db.prepare("SELECT * FROM audit_logs WHERE resource_id = ? AND action = 'create'")
      .get(created.server.uuid);
    expect(JSON.stringify(audit)).not.toContain(created.server.remote_access_password);
    expect(JSON.stringify(audit)).not.toContain(created.server.password);
  });

  it('sends remote_access_password with remote access off, without host and port', async () => {
    const web = await serverNamed('web-1');
    expect(web.remote_access_enabled).toBe('no');
    expect(web.remote_access_password).toMatch(/\S/);
    expect(web).not.toHaveProperty('remote_access_host');
    expect(web).not.toHaveProperty('remote_access_port');
    expect(web.devices).toEqual({ device: [] });
  });
});
