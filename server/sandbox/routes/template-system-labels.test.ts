import { describe, expect, it } from 'vitest';
import { serverResponseSchema } from '../../../contract/server';
import { storageResponseSchema } from '../../../contract/storage';
import { publicImageUuid } from '../seed';
import { manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * A disk cloned from a public template carries the labels the real API puts on it (issue 18,
 * item 9), as UpCloud's Go SDK recordings show a Debian disk's server record:
 * `{"key":"_os_brand_name","value":"Debian"}`, … `{"key":"_template_uuid","value":<template>}`.
 * Requests still may not name `_` keys (api-rules §2.8.4).
 */

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { okBody, call, server, storage } = sandboxSuite({ clock, authFailureLimit: 1_000_000 });

const debian = publicImageUuid('fi-hel2', 0);
const debianLabels = [
  { key: '_os_architecture', value: '64' },
  { key: '_os_brand_name', value: 'Debian' },
  { key: '_os_brand_version', value: '12' },
  { key: '_os_main_category', value: 'Linux' },
  { key: '_os_type', value: 'debian' },
  { key: '_template_uuid', value: debian },
];

async function createServer(labels?: { key: string; value: string }[]) {
  return okBody(
    serverResponseSchema,
    'POST',
    '/1.3/server',
    {
      server: {
        zone: 'fi-hel2',
        title: 'from a template',
        hostname: 'template.example.com',
        core_number: '1',
        memory_amount: '1024',
        password_delivery: 'none',
        storage_devices: {
          storage_device: [
            {
              action: 'clone',
              storage: debian,
              title: 'disk1',
              size: 10,
              ...(labels ? { labels } : {}),
            },
          ],
        },
      },
    },
    202,
  );
}

describe('system labels of template-made disks', () => {
  it('puts the template’s OS labels on the disk and on the server record’s device', async () => {
    const created = await createServer([{ key: 'role', value: 'web' }]);
    const device = created.server.storage_devices.storage_device[0]!;
    expect(device.labels).toEqual([...debianLabels, { key: 'role', value: 'web' }]);
    expect(created.server.labels.label).toEqual([]);
    const disk = await storage(device.storage);
    expect(disk.labels).toEqual([...debianLabels, { key: 'role', value: 'web' }]);
    expect((await server(created.server.uuid)).storage_devices.storage_device[0]!.labels).toEqual(
      disk.labels,
    );
  });

  it('keeps them when a request replaces the labels, and refuses `_` keys in requests', async () => {
    const created = await createServer();
    const disk = created.server.storage_devices.storage_device[0]!.storage;
    const refused = await call('PUT', `/1.3/storage/${disk}`, {
      storage: { labels: [{ key: '_os_type', value: 'windows' }] },
    });
    expect(refused.statusCode).toBe(400);
    const modified = await okBody(
      storageResponseSchema,
      'PUT',
      `/1.3/storage/${disk}`,
      { storage: { labels: [{ key: 'env', value: 'prod' }] } },
      202,
    );
    expect(modified.storage.labels).toEqual([...debianLabels, { key: 'env', value: 'prod' }]);
  });

  it('labels a storage cloned from the template, and not a new blank disk', async () => {
    const cloned = await okBody(
      storageResponseSchema,
      'POST',
      `/1.3/storage/${debian}/clone`,
      { storage: { zone: 'fi-hel2', title: 'debian copy' } },
      201,
    );
    expect(cloned.storage.labels).toEqual(debianLabels);
    const blank = await okBody(
      storageResponseSchema,
      'POST',
      '/1.3/storage',
      { storage: { zone: 'fi-hel2', title: 'blank', size: 10 } },
      201,
    );
    expect(blank.storage.labels).toEqual([]);
  });
});
