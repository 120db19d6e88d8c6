import { describe, expect, it } from 'vitest';
import { serverResponseSchema } from '../../../contract/server';
import { publicImageUuid } from '../seed';
import { expectProblem, manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * The options of a new server besides its hardware (issue 21, items 3 and 4): the login user and
 * its keys, initialisation, simple backups, console access and the advanced settings, as UpCloud's
 * Go SDK (CreateServerRequest, LoginUser) and `upctl server create` send them.
 */

const clock = manualClock('2026-11-25T02:00:00.000Z');
const { call, ok, okBody, server } = sandboxSuite({ clock, authFailureLimit: 1_000_000 });

/** A real key from `ssh-keygen -t ed25519`. */
const ed25519Key =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGrYxMMFrO3zRTxysJNslo2EbyVrnE6Gsk9SHYHLC1OY ada@laptop';

const field = (data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, data]);
};

/** An OpenSSH key line whose blob names `embedded` as its type and holds `count` fields in all. */
function keyLine(type: string, count: number, embedded = type) {
  const others = Array.from({ length: count - 1 }, () => field(Buffer.alloc(32, 7)));
  const blob = Buffer.concat([field(Buffer.from(embedded)), ...others]);
  return `${type} ${blob.toString('base64')} ops@example`;
}

const body = (fields: Record<string, unknown>) => ({
  server: {
    zone: 'fi-hel1',
    title: 'options',
    hostname: 'options.example.com',
    plan: '1xCPU-1GB',
    storage_devices: {
      storage_device: [{ action: 'clone', storage: publicImageUuid('fi-hel1', 0), size: 25 }],
    },
    ...fields,
  },
});

const create = async (fields: Record<string, unknown>) =>
  (await okBody(serverResponseSchema, 'POST', '/1.3/server', body(fields), 202)).server;

const refused = async (fields: Record<string, unknown>, code: string) =>
  expectProblem(await call('POST', '/1.3/server', body(fields)), 400, code);

describe('the login user of a new server', () => {
  it('answers the named user and a one-time password once; reads never repeat it', async () => {
    const created = await create({
      login_user: {
        username: 'deploy',
        create_password: 'yes',
        ssh_keys: {
          ssh_key: [ed25519Key, keyLine('ssh-rsa', 3), keyLine('ecdsa-sha2-nistp256', 3)],
        },
      },
    });
    expect(created.username).toBe('deploy');
    expect(created.password).toMatch(/^\S{12,}$/);
    const read = await server(created.uuid);
    expect(read).not.toHaveProperty('password');
    expect(read).not.toHaveProperty('username');
    const list = (await ok('GET', '/1.3/server', undefined, 200)).body;
    expect(list).not.toContain(created.password);
  });

  it('creates the password by default for root, and none when create_password is no', async () => {
    const byDefault = await create({});
    expect(byDefault).toMatchObject({ username: 'root', password: expect.any(String) });
    const keysOnly = await create({
      login_user: { create_password: 'no', ssh_keys: { ssh_key: [ed25519Key] } },
    });
    expect(keysOnly).not.toHaveProperty('password');
    expect(keysOnly).not.toHaveProperty('username');
  });

  it('refuses a user name that is no Linux user name', async () => {
    await refused({ login_user: { username: 'Root User' } }, 'USERNAME_INVALID');
    await refused({ login_user: { create_password: 'maybe' } }, 'CREATE_PASSWORD_INVALID');
  });

  it.each([
    ['an unknown key type', keyLine('ssh-foo', 2)],
    ['a blob of another type', keyLine('ssh-rsa', 3, 'ssh-ed25519')],
    ['an RSA key without its modulus', keyLine('ssh-rsa', 2)],
    ['a key cut short', ed25519Key.slice(0, 40)],
    ['text that is not base64', 'ssh-ed25519 AAAA!!!! user@host'],
    ['a private key line', '-----BEGIN OPENSSH PRIVATE KEY-----'],
    ['two keys on one line', `${ed25519Key}\n${ed25519Key}`],
  ])('refuses %s as an SSH key', async (_case, key) => {
    await refused({ login_user: { ssh_keys: { ssh_key: [key] } } }, 'SSH_KEY_INVALID');
  });

  it('refuses more than 32 keys', async () => {
    const keys = Array.from({ length: 33 }, () => ed25519Key);
    await refused({ login_user: { ssh_keys: { ssh_key: keys } } }, 'SSH_KEY_INVALID');
  });
});

describe('initialisation, backups and advanced settings', () => {
  it('accepts a script or an http(s) URL as user data, with metadata on', async () => {
    const scripted = await create({ metadata: 'yes', user_data: '#!/bin/sh\necho ready\n' });
    expect(scripted.metadata).toBe('yes');
    const fetched = await create({ user_data: 'https://example.com/setup.sh' });
    expect(fetched.metadata).toBe('no');
    expect((await server(fetched.uuid)).metadata).toBe('no');
  });

  it('refuses user data over 64 KiB, a URL of another scheme, and metadata other than yes/no', async () => {
    await refused({ user_data: 'x'.repeat(65_537) }, 'USER_DATA_INVALID');
    await refused({ user_data: 'ftp://example.com/setup.sh' }, 'USER_DATA_INVALID');
    await refused({ user_data: 'https://' }, 'USER_DATA_INVALID');
    await refused({ metadata: 'true' }, 'METADATA_INVALID');
  });

  it('keeps a simple backup time and plan, and refuses other text', async () => {
    const backed = await create({ simple_backup: '0430,weeklies' });
    expect((await server(backed.uuid)).simple_backup).toBe('0430,weeklies');
    await refused({ simple_backup: '2460,dailies' }, 'SIMPLE_BACKUP_INVALID');
    await refused({ simple_backup: '0430,hourlies' }, 'SIMPLE_BACKUP_INVALID');
    await refused({ simple_backup: 'yes' }, 'SIMPLE_BACKUP_INVALID');
  });

  it('keeps the time zone, models, boot order and host', async () => {
    const created = await create({
      timezone: 'Europe/Helsinki',
      video_model: 'vga',
      nic_model: 'e1000',
      boot_order: 'cdrom,disk',
      host: 7_654_321,
    });
    expect(await server(created.uuid)).toMatchObject({
      timezone: 'Europe/Helsinki',
      video_model: 'vga',
      nic_model: 'e1000',
      boot_order: 'cdrom,disk',
      host: 7_654_321,
    });
  });

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, 'TIMEZONE_INVALID'],
    [{ video_model: 'svga' }, 'VIDEO_MODEL_INVALID'],
    [{ nic_model: 'ne2000' }, 'NIC_MODEL_INVALID'],
    [{ boot_order: 'disk,disk' }, 'BOOT_ORDER_INVALID'],
    [{ boot_order: 'floppy' }, 'BOOT_ORDER_INVALID'],
    [{ host: 'any' }, 'HOST_INVALID'],
    [{ host: 0 }, 'HOST_INVALID'],
  ])('refuses %j', async (fields, code) => {
    await refused(fields, code);
  });
});

describe('console access', () => {
  it('answers host and port with access on, and modify turns it off, retypes and renames the password', async () => {
    const created = await create({
      remote_access_enabled: 'yes',
      remote_access_type: 'spice',
      remote_access_password: 'console1',
    });
    const read = await server(created.uuid);
    expect(read).toMatchObject({
      remote_access_enabled: 'yes',
      remote_access_type: 'spice',
      remote_access_password: 'console1',
      remote_access_host: expect.stringMatching(/\S/),
      remote_access_port: expect.stringMatching(/^\d+$/),
    });

    const modify = async (fields: Record<string, unknown>) =>
      (
        await okBody(
          serverResponseSchema,
          'PUT',
          `/1.3/server/${created.uuid}`,
          { server: fields },
          202,
        )
      ).server;
    const off = await modify({ remote_access_enabled: 'no' });
    expect(off.remote_access_enabled).toBe('no');
    expect(off).not.toHaveProperty('remote_access_host');
    expect(off).not.toHaveProperty('remote_access_port');

    await modify({
      remote_access_enabled: 'yes',
      remote_access_type: 'vnc',
      remote_access_password: 'console2',
    });
    expect(await server(created.uuid)).toMatchObject({
      remote_access_enabled: 'yes',
      remote_access_type: 'vnc',
      remote_access_password: 'console2',
      remote_access_port: read.remote_access_port,
    });
  });

  it('refuses an unknown console type and an empty password', async () => {
    await refused({ remote_access_type: 'rdp' }, 'REMOTE_ACCESS_TYPE_INVALID');
    await refused({ remote_access_password: '' }, 'REMOTE_ACCESS_PASSWORD_INVALID');
    await refused({ remote_access_enabled: 'on' }, 'REMOTE_ACCESS_ENABLED_INVALID');
  });
});
